/**
 * Which catalogue responses are cached, for how long, under which tags; and how they are purged.
 * The storage itself is Astro's route cache (see cache-provider.ts: guests only, ETag/304).
 *
 * Tags: `catalog` (everything here), `listings` (every listing page and call), `product:<id>`,
 * `brands`, `sitemap`. A product change purges its own tag plus `listings`; anything bigger
 * purges `catalog`. The one-hour lifetime (spec §9 "cached calls") is the safety net for changes
 * made behind the app's back on another node.
 */
import type { APIContext } from 'astro';
import { CACHED_CALL_MAX_AGE } from '../../config/constants';
import { forgetReference } from './reference';
import { forgetSectionTree } from './sections';

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

export type Purge = { productIds?: number[]; all?: boolean };

/** Drops cached responses after catalogue data changed on this node. */
export async function purgeCatalog(cache: CacheLike, what: Purge): Promise<string[]> {
  const tags = what.all || !what.productIds?.length ? [TAG.catalog] : [TAG.listings, TAG.sitemap, ...what.productIds.map(TAG.product)];
  if (what.all) {
    forgetSectionTree();
    forgetReference();
  }
  if (cache.enabled) await cache.invalidate({ tags });
  return tags;
}
