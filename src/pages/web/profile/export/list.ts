import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { listExports } from '../../../../server/exports/lists';
import { tokenInfo } from '../../../../server/exports/tokens';

/** GET web/profile/export/list/ → the owner's export lists (drafts too) and their API tokens, masked. */
export const GET = authed({ permission: 'manage_exports' }, async (_ctx, viewer) => {
  const db = await getDb();
  const [items, tokens] = await Promise.all([listExports(db, viewer), tokenInfo(db, viewer)]);
  return ok({ items, tokens });
});
