import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { notFoundError } from '../../../server/catalog/api';
import { findProduct, similarCards } from '../../../server/catalog/product';
import { viewerPricing } from '../../../server/catalog/pricing';
import { cacheForGuests, TAG } from '../../../server/page-cache/mark';
import { t } from '../../../i18n';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId, limit: z.coerce.number().int().min(1).max(24).default(8) });

/** GET /api/catalog/similar/?product_id: same section, nearest price, other lines. */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await findProduct(db, { id: q.product_id });
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  const items = await similarCards(db, await viewerPricing(db, ctx.locals), { ...p, price: Number(p.price) }, q.limit);
  return ok({ items }, { headers: cacheForGuests(ctx, [TAG.listings, TAG.product(p.id)]) });
});
