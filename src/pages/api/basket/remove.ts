import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { removeFromBasket } from '../../../server/basket/basket';
import { buyerFor } from '../../../server/basket/input';
import { zFlag, zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId, motivation: zFlag.optional() });

/** POST api/basket/remove/ {product_id, motivation?}. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await removeFromBasket(await getDb(), owner, body.product_id));
});
