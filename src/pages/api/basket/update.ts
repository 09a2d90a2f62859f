import { z } from 'astro/zod';
import { endpoint, ok } from '../../../server/http/api';
import { once, parseKeyedInput } from '../../../server/http/idempotency';
import { getDb } from '../../../server/db/client';
import { updateBasketItem } from '../../../server/basket/basket';
import { buyerFor, zQuantity } from '../../../server/basket/input';
import { t } from '../../../i18n';
import { zFlag, zId } from '../../../server/http/zod';

// The spec's update/ carries {product, motivation}; the basket page also sends the quantity.
const input = z
  .object({ product: zId, quantity: zQuantity.optional(), motivation: zFlag.optional() })
  .refine((v) => v.quantity !== undefined || v.motivation !== undefined, { message: t('FIELD_REQUIRED'), path: ['quantity'] });

/** POST api/basket/update/ {product, quantity?, motivation?, idempotencyKey?}: sets the quantity and/or the motivation flag of a row in the basket. */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const { owner } = buyerFor(ctx);
  return ok(await once(await getDb(), { owner, key, call: 'basket/update', input: body }, (db) => updateBasketItem(db, owner, body.product, body.quantity, body.motivation)));
});
