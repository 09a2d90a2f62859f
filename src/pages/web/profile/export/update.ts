import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { getExport } from '../../../../server/exports/lists';
import { exportForm } from '../../../../server/exports/reference';
import { zIdQuery } from '../../../../server/exports/input';

/** GET web/profile/export/update/?id → one list with its step data, and the form to edit it (404 when not the owner's). */
export const GET = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const { id } = await parseInput(ctx, zIdQuery);
  const db = await getDb();
  const [item, form] = await Promise.all([getExport(db, viewer, id), exportForm(db, viewer)]);
  return ok({ item, form });
});
