import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { updateBasketItem } from '../../../server/basket/basket';
import { buyerFor, zFlag, zId, zQuantity } from '../../../server/basket/input';

const input = z.object({ product: zId, quantity: zQuantity, motivation: zFlag.optional() });

/** POST api/basket/update/ {product, quantity, motivation?}: sets the quantity of a row in the basket. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await updateBasketItem(await getDb(), owner, body.product, body.quantity, body.motivation));
});
