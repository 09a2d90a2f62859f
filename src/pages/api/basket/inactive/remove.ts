import { endpoint, ok } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { removeInactive } from '../../../../server/basket/basket';
import { ownerKey } from '../../../../server/lists/owner';

/** POST api/basket/inactive/remove/: removes every row that can no longer be bought (can_buy false). */
export const POST = endpoint(async (ctx) => {
  const owner = ownerKey(ctx);
  return ok(owner ? await removeInactive(await getDb(), owner) : { removed: 0, product_ids: [] });
});
