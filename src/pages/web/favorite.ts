import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { viewerPricing } from '../../server/catalog/pricing';
import { ownerKey } from '../../server/lists/owner';
import { DEFAULT_FAVORITES_SORT, favoritesPage, SORT_KEYS } from '../../server/favorites/favorites';
import { zPage, zSortOf } from '../../server/http/zod';

const input = z.object({
  sort: zSortOf(SORT_KEYS, DEFAULT_FAVORITES_SORT),
  page: zPage,
  // The spec's cache-buster: accepted, never used.
  timestamp: z.string().max(40).optional(),
});

/** GET web/favorite/ ?sort,page,timestamp: items, sort options (each with its `by`) and page_navigation. */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  return ok(await favoritesPage(db, await viewerPricing(db, ctx.locals), ownerKey(ctx), q.sort, q.page), { headers: { vary: 'cookie' } });
});
