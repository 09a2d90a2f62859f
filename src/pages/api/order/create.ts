import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb, getWriteDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { ensureOwnerKey } from '../../../server/lists/owner';
import { orderInput } from '../../../server/checkout/input';
import { placeOrder } from '../../../server/checkout/submit';

/**
 * POST /api/order/create/: places the order from the buyer's basket (the spec leaves this call out;
 * docs/decisions/0120-checkout-and-orders.md describes it). The same idempotencyKey answers with
 * the same order (`repeated: true`).
 */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, orderInput);
  const placed = await placeOrder(await getDb(), viewerFrom(ctx.locals), ensureOwnerKey(ctx), body, new Date(), await getWriteDb(), ctx.url.origin);
  return ok(placed);
});
