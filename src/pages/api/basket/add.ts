import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { addToBasket } from '../../../server/basket/basket';
import { buyerFor, zQuantity } from '../../../server/basket/input';
import { zFlag, zId } from '../../../server/http/zod';

const input = z.object({ product: zId, quantity: zQuantity.default(1), motivation: zFlag.optional() });

/** POST api/basket/add/ {product, quantity?, motivation?}: adds units to what is already there. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await addToBasket(await getDb(), owner, body.product, body.quantity, body.motivation ?? false));
});
