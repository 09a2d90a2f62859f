import { ok, readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { addExport, finishExport } from '../../../../server/exports/lists';
import { parseWith, zFinish } from '../../../../server/exports/input';

/**
 * POST api/profile/export/add/: with the `id` of a draft (and optionally its name and schedule) the
 * draft becomes a ready list; without an id, every step's data at once makes a ready list.
 */
export const POST = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const db = await getDb();
  if (raw.id !== undefined && raw.id !== null && raw.id !== '') return ok(await finishExport(db, viewer, parseWith(zFinish, raw)));
  return ok(await addExport(db, viewer, raw));
});
