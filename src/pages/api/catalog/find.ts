import { z } from 'astro/zod';
import { desc, sql } from 'drizzle-orm';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { productCards } from '../../../server/catalog/cards';
import { queryWhere } from '../../../server/catalog/scope';
import { viewerPricing } from '../../../server/catalog/pricing';
import { products } from '../../../server/db/schema';
import { normalizeArticle } from '../../../server/lib/text';

const input = z.object({ search: z.string().trim().min(2).max(200), limit: z.coerce.number().int().min(1).max(20).default(10) });

/**
 * POST /api/catalog/find/ {search}: products by article or name, exact article first — for
 * adding a product by its article (basket, comparison).
 */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const article = normalizeArticle(q.search);
  const cards = await productCards(db, await viewerPricing(db, ctx.locals), {
    where: queryWhere(q.search),
    order: [sql`${products.articleNorm} = ${article} DESC`, desc(products.popularity), products.id],
    limit: q.limit,
  });
  return ok({ items: cards });
});
