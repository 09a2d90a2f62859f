import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { formAction } from '../../../../server/requests/form-post';
import { addStandardTasks } from '../../../../server/desk/search-tasks';
import { t } from '../../../../i18n';

/**
 * POST /api/desk/searchTasks/addStandard/ (editors; no fields) → {added, present, skipped}: the standard vocabulary's
 * tasks this store lacks, with its own catalogue's sections (server/desk/search-tasks.ts `addStandardTasks`).
 */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const okText = (r: { added: number; present: number; skipped: number }) => t('STASK_STANDARD_DONE').replace('{added}', String(r.added)).replace('{present}', String(r.present)).replace('{skipped}', String(r.skipped));
  return formAction(ctx, raw, { back: '/desk/search-tasks/', okText }, () => addStandardTasks(db, staff));
});
