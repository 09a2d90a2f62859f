import { z } from 'astro/zod';
import { endpoint, ok } from '../../../../server/http/api';
import { once, parseKeyedInput } from '../../../../server/http/idempotency';
import { getDb } from '../../../../server/db/client';
import { applyList } from '../../../../server/basket/basket';
import { buyerFor, zProductList } from '../../../../server/basket/input';

const input = z.object({ product_list: zProductList });

/** POST api/basket/list/add/ {product_list: [{product, quantity}], idempotencyKey?}: adds every line (quick order) in one statement. */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await once(await getDb(), { owner, key, call: 'basket/list/add', input: body }, (db) => applyList(db, owner, body.product_list, 'add')));
});
