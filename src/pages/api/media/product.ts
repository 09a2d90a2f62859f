import { z } from 'astro/zod';
import { endpoint, ok, parseInput, zId } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { productFromInput } from '../../../server/catalog/api';
import { productMedia } from '../../../server/catalog/product';

const input = z.object({ productId: zId });

/** POST /api/media/product/ {productId}: catalogues, leaflets and videos about a product. */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await productFromInput(db, { productId: q.productId });
  return ok({ items: await productMedia(db, p.id) });
});
