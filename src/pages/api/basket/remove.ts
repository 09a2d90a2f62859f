import { z } from 'astro/zod';
import { endpoint, ok } from '../../../server/http/api';
import { once, parseKeyedInput } from '../../../server/http/idempotency';
import { getDb } from '../../../server/db/client';
import { removeFromBasket } from '../../../server/basket/basket';
import { buyerFor } from '../../../server/basket/input';
import { zFlag, zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId, motivation: zFlag.optional() });

/** POST api/basket/remove/ {product_id, motivation?, idempotencyKey?}: a retry with the same key answers the same instead of 404. */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await once(await getDb(), { owner, key, call: 'basket/remove', input: body }, (db) => removeFromBasket(db, owner, body.product_id)));
});
