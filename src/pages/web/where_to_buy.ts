import { endpoint, ok } from '../../server/http/api';
import { parseLabelled } from '../../server/forms/forms';
import { whereToBuy, whereToBuyQuery } from '../../server/shops/shops';
import { getDb } from '../../server/db/client';
import { CACHED_CALL_MAX_AGE } from '../../config/constants';

/** GET web/where_to_buy/ ?page,by,city: items, allStores, shopsCount, pageNavigation. Cached for an hour. */
export const GET = endpoint(async (ctx) => {
  const q = await parseLabelled(ctx, whereToBuyQuery, { page: 'Страница', by: 'Тип магазина', city: 'Город' });
  if (ctx.cache?.enabled) ctx.cache.set({ maxAge: CACHED_CALL_MAX_AGE, tags: ['shops'] });
  return ok(await whereToBuy(await getDb(), q), { headers: { 'cache-control': `public, max-age=${CACHED_CALL_MAX_AGE}` } });
});
