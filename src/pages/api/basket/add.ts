import { z } from 'astro/zod';
import { endpoint, ok } from '../../../server/http/api';
import { once, parseKeyedInput } from '../../../server/http/idempotency';
import { getDb } from '../../../server/db/client';
import { addToBasket } from '../../../server/basket/basket';
import { buyerFor, zQuantity } from '../../../server/basket/input';
import { zFlag, zId } from '../../../server/http/zod';

const input = z.object({ product: zId, quantity: zQuantity.default(1), motivation: zFlag.optional() });

/**
 * POST api/basket/add/ {product, quantity?, motivation?, idempotencyKey?}: adds units to what is already
 * there. With a key (or header Idempotency-Key) a retry answers the same and adds nothing (http/idempotency.ts).
 */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await once(await getDb(), { owner, key, call: 'basket/add', input: body }, (db) => addToBasket(db, owner, body.product, body.quantity, body.motivation ?? false)));
});
