import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { applyList } from '../../../../server/basket/basket';
import { buyerFor, zProductList } from '../../../../server/basket/input';

const input = z.object({ product_list: zProductList });

/** POST api/basket/list/add/ {product_list: [{product, quantity}]}: adds every line (quick order) in one statement. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await applyList(await getDb(), owner, body.product_list, 'add'));
});
