import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { uploadedFile } from '../../../../server/basket/file';
import { previewPriceList } from '../../../../server/exchange/pricelist';

/**
 * POST /api/desk/pricelist/preview/ (staff; multipart, field `file`: XLSX or CSV, ≤ 2 MB) → what the
 * price list would change: counts, every changing or faulty row, and the `token` apply needs. Writes nothing.
 */
export const POST = authed({ staff: 'prices' }, async (ctx) => {
  const file = await uploadedFile(ctx.request);
  return ok(await previewPriceList(await getDb(), file));
});
