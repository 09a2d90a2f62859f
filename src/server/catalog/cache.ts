/**
 * Which catalogue responses are cached, for how long, under which tags. The storage is Astro's
 * route cache (cache-provider.ts: guests only, ETag/304); purging follows the database's change
 * log (changes.ts).
 *
 * Tags: `catalog` (everything here), `listings` (every listing page and call), `product:<id>`,
 * `brands`, `sitemap`. A product change purges its own tag plus `listings` and `sitemap`;
 * anything bigger purges `catalog`.
 */
import type { APIContext } from 'astro';
import { CACHED_CALL_MAX_AGE } from '../../config/constants';

export const TAG = {
  catalog: 'catalog',
  listings: 'listings',
  brands: 'brands',
  sitemap: 'sitemap',
  product: (id: number) => `product:${id}`,
} as const;

/** Pages: stored for an hour on the node, revalidated by browsers every time (ETag → 304). */
export const PAGE_CACHE_CONTROL = 'public, no-cache';
/** The spec's cached calls: one hour, anywhere. */
export const CALL_CACHE_CONTROL = `public, max-age=${CACHED_CALL_MAX_AGE}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

type CacheLike = APIContext['cache'];
type Ctx = { locals: App.Locals; cache: CacheLike };

/**
 * Marks the current guest response cacheable under `tags` and returns its Cache-Control value.
 * With a signed-in user nothing is cached (their prices are their own).
 */
export function cacheForGuests(ctx: Ctx, tags: string[], kind: 'page' | 'call' = 'page'): string {
  if (ctx.locals.user) return PRIVATE_CACHE_CONTROL;
  if (ctx.cache.enabled) ctx.cache.set({ maxAge: CACHED_CALL_MAX_AGE, swr: 60, tags: [TAG.catalog, ...tags] });
  return kind === 'page' ? PAGE_CACHE_CONTROL : CALL_CACHE_CONTROL;
}

/** Sets the headers of an .astro page's response. */
export function cachePage(astro: Ctx & { response: { headers: Headers } }, tags: string[]): void {
  astro.response.headers.set('Cache-Control', cacheForGuests(astro, tags, 'page'));
}
