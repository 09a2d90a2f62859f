import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { clearBasket } from '../../../server/basket/basket';
import { ownerKey } from '../../../server/lists/owner';

/** POST /api/basket/clear/. */
export const POST = endpoint(async (ctx) => {
  const owner = ownerKey(ctx);
  return ok(owner ? await clearBasket(await getDb(), owner) : { removed: 0 });
});
