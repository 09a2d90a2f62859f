import { ERR, HttpError, ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDbHandle } from '../../../../server/db/client';
import { uploadedFile } from '../../../../server/basket/file';
import { applyPriceList } from '../../../../server/exchange/pricelist';
import { t } from '../../../../i18n';

/**
 * POST /api/desk/pricelist/apply/ (staff; multipart: `file` — the same file as previewed, `token` —
 * the preview's, `skip_errors` = 1 to apply without the faulty rows) → {prices, stocks, rows, skipped}.
 * On PostgreSQL all or nothing, in one transaction; on PGlite in short ones; one at a time (exchange/pricelist.ts); 409 when the
 * file or the catalogue no longer gives that preview.
 */
export const POST = authed({ staff: 'prices' }, async (ctx, staff) => {
  const file = await uploadedFile(ctx.request);
  const token = (file.fields.token ?? '').trim();
  if (!/^[0-9a-f]{32}$/.test(token)) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'token', message: t('PLIST_ERR_TOKEN') }]);
  const skip = ['1', 'Y', 'true', 'on'].includes(file.fields.skip_errors ?? '');
  const { db, kind } = await getDbHandle();
  return ok(await applyPriceList(db, staff.id, file, token, skip, kind === 'pglite' ? 'batches' : 'whole'));
});
