import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { viewerFrom } from '../../server/http/guard';
import { ownerKey } from '../../server/lists/owner';
import { checkoutState } from '../../server/checkout/state';

/** GET /web/orderCheckout/: the checkout state of this buyer (guest or signed in), spec §3. */
export const GET = endpoint(async (ctx) => {
  const state = await checkoutState(await getDb(), viewerFrom(ctx.locals), ownerKey(ctx));
  return ok(state, { headers: { vary: 'cookie', 'cache-control': 'private, no-store' } });
});
