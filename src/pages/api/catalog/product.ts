import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { notFoundError } from '../../../server/catalog/api';
import { cardsByIds } from '../../../server/catalog/cards';
import { viewerPricing } from '../../../server/catalog/pricing';
import { t } from '../../../i18n';
import { zId } from '../../../server/http/zod';

const input = z.object({ productId: z.union([zId, z.array(zId).min(1).max(100)]) });

/** POST /api/catalog/product/ {productId}: the card of a product (or of up to 100, given a list). */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const ids = Array.isArray(q.productId) ? q.productId : [q.productId];
  const cards = await cardsByIds(db, await viewerPricing(db, ctx.locals), ids);
  if (!Array.isArray(q.productId)) {
    if (!cards[0]) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
    return ok(cards[0]);
  }
  return ok(cards);
});
