/**
 * Which responses the page cache (front.ts) may keep, for how long and under which tags. A route
 * marks its guest response with `x-page-cache: max-age=N; tags=…`; the front keeps it, strips the
 * mark and answers later guests without entering Astro. Anything requested with a session
 * credential is `private, no-store`; a signed-in catalogue page is marked `…; profile=<key>` and kept
 * once per pricing profile (page-cache/profile.ts, decision 0310), never for a call or a bearer token.
 *
 * Tags: `catalog` (every catalogue-derived page: a bulk change purges them all), `listings`,
 * `product:<id>`, `brands`, `sitemap`, `home`, `content` (editors' pages: they change with a deploy).
 */
import { CACHED_CALL_MAX_AGE } from '../../config/constants';
import { hasAuthCredentials } from '../auth/session';
import { CACHE_HEADER } from './store';

export const TAG = {
  catalog: 'catalog',
  listings: 'listings',
  brands: 'brands',
  sitemap: 'sitemap',
  home: 'home',
  content: 'content',
  shops: 'shops',
  branches: 'branches',
  /** Every signed-in page kept per pricing profile: dropped when any company's terms or price list change. */
  profiles: 'profiles',
  product: (id: number) => `product:${id}`,
} as const;

/** Pages: kept for an hour on the node, revalidated by browsers every time (ETag → 304). */
export const PAGE_CACHE_CONTROL = 'public, no-cache';
/** The spec's cached calls: one hour, anywhere. */
export const CALL_CACHE_CONTROL = `public, max-age=${CACHED_CALL_MAX_AGE}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

type Ctx = { request: Request; url: URL; locals?: { pageProfile?: string | null } };
export type CacheOptions = { kind?: 'page' | 'call'; /** Seconds; default one hour. */ maxAge?: number; /** Not catalogue-derived: a bulk catalogue change does not purge it. */ catalog?: boolean };

/** The headers of a response that guests may share: Cache-Control, and the mark for the page cache. */
export function cacheForGuests(ctx: Ctx, tags: string[], opts: CacheOptions = {}): Record<string, string> {
  const maxAge = Math.max(1, Math.floor(opts.maxAge ?? CACHED_CALL_MAX_AGE));
  const all = opts.catalog === false ? tags : [TAG.catalog, ...tags];
  if (hasAuthCredentials(ctx.request, ctx.url)) {
    // A signed-in page is still `private, no-store` for browsers and proxies; the node's own cache keeps one
    // copy per pricing profile (decision 0310), dropped with the guests' copies and on any change of terms.
    const profile = opts.kind === 'page' ? ctx.locals?.pageProfile : null;
    if (!profile) return { 'cache-control': PRIVATE_CACHE_CONTROL };
    return { 'cache-control': PRIVATE_CACHE_CONTROL, [CACHE_HEADER]: `max-age=${maxAge}; tags=${[...all, TAG.profiles].join(',')}; profile=${profile}` };
  }
  return { 'cache-control': opts.kind === 'call' ? CALL_CACHE_CONTROL : PAGE_CACHE_CONTROL, [CACHE_HEADER]: `max-age=${maxAge}; tags=${all.join(',')}` };
}

/** Marks an .astro page's response. */
export function cachePage(astro: Ctx & { response: { headers: Headers } }, tags: string[], opts: CacheOptions = {}): void {
  for (const [k, v] of Object.entries(cacheForGuests(astro, tags, { ...opts, kind: 'page' }))) astro.response.headers.set(k, v);
}
