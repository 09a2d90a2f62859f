import { z } from 'astro/zod';
import { endpoint, notFound, ok, parseInput } from '../../../server/http/api';
import { mediaForProduct } from '../../../server/content/media';
import { getDb } from '../../../server/db/client';
import { zId } from '../../../server/http/zod';

const input = z.object({ productId: zId });

/** POST /api/media/product/ {productId}: materials and videos about a product. */
export const POST = endpoint(async (ctx) => {
  const { productId } = await parseInput(ctx, input);
  const items = await mediaForProduct(await getDb(), productId);
  if (!items) return notFound();
  return ok({ items });
});
