import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { removeExport } from '../../../../server/exports/lists';
import { zRemove } from '../../../../server/exports/input';

/** POST api/profile/export/remove/ {id}: removes one of the owner's lists (404 for anyone else's). */
export const POST = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const { id } = await parseInput(ctx, zRemove);
  return ok(await removeExport(await getDb(), viewer, id));
});
