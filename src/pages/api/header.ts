import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { headerData } from '../../server/header/header';
import { ownerKey } from '../../server/lists/owner';

/** GET api/header/: basket, compare and favourites product ids of this visitor (spec §3). */
export const GET = endpoint(async (ctx) => {
  const user = ctx.locals.user ? { name: ctx.locals.user.name, isContragentAdmin: ctx.locals.user.isContragentAdmin } : null;
  const data = await headerData(await getDb(), ownerKey(ctx), user);
  return ok(data, { headers: { vary: 'cookie' } });
});
