import { describe, expect, it } from 'vitest';
import provider, { notModified } from '../../src/server/catalog/cache-provider';
import { indexXml, urlsetXml } from '../../src/server/catalog/sitemap';

const logger = { info() {}, warn() {}, error() {} } as never;

function cacheable(body: string) {
  return new Response(body, { headers: { 'content-type': 'text/html', 'CDN-Cache-Control': 'max-age=60', 'Cache-Tag': 'catalog', 'Cache-Control': 'public, no-cache' } });
}

describe('guest-only route cache provider', () => {
  it('stores a guest response, serves it again with an ETag, and answers 304 to a revalidation', async () => {
    const p = provider({ followChanges: false });
    let renders = 0;
    const next = async () => cacheable(`page ${++renders}`);
    const req = (headers: Record<string, string> = {}) => new Request('http://x/catalog/a/', { headers });
    const first = await p.onRequest!({ request: req(), url: new URL('http://x/catalog/a/'), logger }, next);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('Vary')).toContain('Cookie');
    const second = await p.onRequest!({ request: req(), url: new URL('http://x/catalog/a/'), logger }, next);
    expect(second.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(await second.text()).toBe('page 1');
    const revalidate = await p.onRequest!({ request: req({ 'if-none-match': etag! }), url: new URL('http://x/catalog/a/'), logger }, next);
    expect(revalidate.status).toBe(304);
    expect(renders).toBe(1);
  });

  it('never reads or writes the shared cache for a request with a session', async () => {
    const p = provider({ followChanges: false });
    let renders = 0;
    const next = async () => cacheable(`page ${++renders}`);
    const url = new URL('http://x/p/');
    await p.onRequest!({ request: new Request(url), url, logger }, next); // a guest fills the cache
    const sessions: Record<string, string>[] = [{ cookie: 'instr.session_token=abc' }, { token: 'abc' }, { authorization: 'Bearer abc' }];
    for (const headers of sessions) {
      const res = await p.onRequest!({ request: new Request(url, { headers }), url, logger }, next);
      expect(res.headers.get('X-Astro-Cache')).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(await res.text()).not.toBe('page 1');
    }
    const withQueryToken = new URL('http://x/p/?token=abc');
    const res = await p.onRequest!({ request: new Request(withQueryToken), url: withQueryToken, logger }, next);
    expect(res.headers.get('X-Astro-Cache')).toBeNull();
  });

  it('invalidates by tag', async () => {
    const p = provider({ followChanges: false });
    let renders = 0;
    const url = new URL('http://x/q/');
    const next = async () => cacheable(`page ${++renders}`);
    await p.onRequest!({ request: new Request(url), url, logger }, next);
    await p.invalidate({ tags: ['catalog'] });
    const again = await p.onRequest!({ request: new Request(url), url, logger }, next);
    expect(again.headers.get('X-Astro-Cache')).toBe('MISS');
    expect(renders).toBe(2);
  });

  it('304 only on a matching validator', () => {
    const res = () => new Response('x', { headers: { ETag: 'W/"abc"' } });
    expect(notModified(new Request('http://x/', { headers: { 'if-none-match': '"abc"' } }), res()).status).toBe(304);
    expect(notModified(new Request('http://x/', { headers: { 'if-none-match': 'W/"zzz", W/"abc"' } }), res()).status).toBe(304);
    expect(notModified(new Request('http://x/', { headers: { 'if-none-match': 'W/"zzz"' } }), res()).status).toBe(200);
    expect(notModified(new Request('http://x/'), res()).status).toBe(200);
  });
});

describe('sitemap XML', () => {
  const site = new URL('https://instrument.by');
  it('escapes and absolutises locations', () => {
    const xml = urlsetXml([{ loc: '/a/?x=1&y=2', lastmod: new Date('2026-01-02T03:04:05Z') }], site);
    expect(xml).toContain('<loc>https://instrument.by/a/?x=1&amp;y=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
  it('indexes the named files', () => {
    expect(indexXml(['sections', 'products-1'], site)).toContain('<sitemap><loc>https://instrument.by/sitemap-products-1.xml</loc></sitemap>');
  });
});
