/**
 * Astro route-cache provider (astro.config.mjs `cache.provider`): Astro's in-memory provider for
 * guests only, plus ETag / 304.
 *
 * Astro's memory cache keys a response by URL alone. A signed-in contractor's page carries their
 * own prices, so a request that carries any session credential (cookie, `token` header or query,
 * Authorization) never reads from nor writes to the shared cache: it is rendered for that person.
 * Cacheable guest responses get a body-hash ETag (stored with the entry, so hits carry it too),
 * a 304 when the browser already has it, and `Vary: Cookie` so that no browser or proxy hands a
 * guest copy to a session. Before answering from the cache, the catalogue's change log is read
 * (at most once a second, see changes.ts) so that a changed product is never served stale.
 */
import { createHash } from 'node:crypto';
import memoryProvider from 'astro/cache/memory';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { hasAuthCredentials } from '../auth/session';
import { getDb } from '../db/client';
import { createChangeWatcher } from './changes';

type Next = () => Promise<Response>;

async function withEtag(res: Response): Promise<Response> {
  if (res.status !== 200 || !res.headers.has('CDN-Cache-Control') || res.headers.has('ETag')) return res;
  const body = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set('ETag', `W/"${createHash('sha1').update(new Uint8Array(body)).digest('base64url').slice(0, 22)}"`);
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

export function notModified(request: Request, res: Response): Response {
  const etag = res.headers.get('ETag');
  const match = request.headers.get('If-None-Match');
  if (!etag || !match || res.status !== 200) return res;
  const tags = match.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (!tags.includes(etag.replace(/^W\//, '')) && match.trim() !== '*') return res;
  const headers = new Headers();
  for (const name of ['ETag', 'Cache-Control', 'Vary', 'Last-Modified', 'X-Astro-Cache']) {
    const v = res.headers.get(name);
    if (v) headers.set(name, v);
  }
  void res.body?.cancel();
  return new Response(null, { status: 304, headers });
}

function addVary(res: Response, value: string): Response {
  const vary = res.headers.get('Vary');
  if (!vary) res.headers.set('Vary', value);
  else if (!vary.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) res.headers.set('Vary', `${vary}, ${value}`);
  return res;
}

const guestCacheProvider: CacheProviderFactory = (config) => {
  const inner: CacheProvider = memoryProvider(config as never);
  const watcher = createChangeWatcher();
  const followChanges = async () => {
    try {
      await watcher.sync(await getDb(), (o) => inner.invalidate(o));
    } catch (e) {
      console.error('[cache] reading catalog_changes failed', e);
    }
  };
  return {
    name: 'guest-memory',
    async onRequest(context, next: Next) {
      const { request, url } = context;
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      if (hasAuthCredentials(request, url)) {
        const res = await next();
        // Whatever the route asked for, a session's response is nobody else's.
        if (res.headers.has('CDN-Cache-Control')) {
          res.headers.delete('CDN-Cache-Control');
          res.headers.set('Cache-Control', 'private, no-store');
        }
        return res;
      }
      if (config?.followChanges !== false) await followChanges();
      const res = await inner.onRequest!(context, () => next().then(withEtag));
      const cacheable = res.headers.has('ETag') && (res.headers.has('X-Astro-Cache') || res.headers.has('CDN-Cache-Control'));
      if (cacheable) addVary(res, 'Cookie');
      return notModified(request, res);
    },
    invalidate: (options) => inner.invalidate(options),
  };
};

export default guestCacheProvider;
