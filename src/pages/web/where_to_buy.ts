import { endpoint, ok, parseInput } from '../../server/http/api';
import { whereToBuy, whereToBuyQuery } from '../../server/shops/shops';
import { getDb } from '../../server/db/client';
import { cacheForGuests, TAG } from '../../server/page-cache/mark';

/** GET web/where_to_buy/ ?page,by,city: items, allStores, shopsCount, pageNavigation. Cached for an hour. */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, whereToBuyQuery, { page: 'Страница', by: 'Тип магазина', city: 'Город' });
  return ok(await whereToBuy(await getDb(), q), { headers: cacheForGuests(ctx, [TAG.shops], { kind: 'call', catalog: false }) });
});
