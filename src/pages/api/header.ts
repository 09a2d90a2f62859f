import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { headerData } from '../../server/header/header';
import { ownerKey } from '../../server/lists/owner';

/**
 * GET api/header/: basket, compare and favourites product ids of this visitor (spec §3), and who is signed in —
 * with the e-mail the product page's forms are filled with, since the cached page itself names no one (decision 0310).
 */
export const GET = endpoint(async (ctx) => {
  const user = ctx.locals.user ? { name: ctx.locals.user.name, email: ctx.locals.user.email, isContragentAdmin: ctx.locals.user.isContragentAdmin } : null;
  const data = await headerData(await getDb(), ownerKey(ctx), user);
  return ok(data, { headers: { vary: 'cookie' } });
});
