import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { ownerKey } from '../../../server/lists/owner';
import { clearFavorites } from '../../../server/favorites/favorites';

/** POST api/favorite/clear/. */
export const POST = endpoint(async (ctx) => {
  const owner = ownerKey(ctx);
  return ok(owner ? await clearFavorites(await getDb(), owner) : { removed: 0 });
});
