/**
 * The page cache in front of Astro (src/server/page-cache/front.ts) over real HTTP: a stand-in for
 * the Astro handler marks some answers cacheable, and a node:http server runs the front exactly as
 * scripts/server.mjs does.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression from 'compression';
import { buildEntry, cacheKeyOf, createFront, etagMatches, parseMark, pickEncoding, SessionProfiles, variantOf, type Front } from '../../src/server/page-cache/front';
import { PageStore } from '../../src/server/page-cache/store';
import { indexXml, urlsetXml } from '../../src/server/catalog/sitemap';
import { collectShownProducts, markWithShown, noteShownProduct } from '../../src/server/page-cache/shown';

let renders = 0;
let front: Front;
let server: http.Server;
let base = '';
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-static-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, '_astro'));
  const js = 'console.log("hello");'.repeat(100);
  fs.writeFileSync(path.join(clientDir, '_astro/app.abc.js'), js);
  fs.writeFileSync(path.join(clientDir, '_astro/app.abc.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(clientDir, '_astro/app.abc.js.gz'), zlib.gzipSync(js));
  front = createFront({
    clientDir,
    compress: compression({ threshold: 0 }) as unknown as Parameters<typeof createFront>[0]['compress'],
    maxBytes: 10 * 1024 * 1024,
    handler: (req, res) => {
      renders++;
      const body = `<p>${req.url} render ${renders}</p>`.repeat(50);
      const marked = !req.url!.startsWith('/private/') && !req.url!.startsWith('/cookie/');
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': marked ? 'public, no-cache' : 'private, no-store', 'x-content-type-options': 'nosniff' };
      if (marked) headers['x-page-cache'] = req.url!.startsWith('/short/') ? 'max-age=1; tags=catalog' : 'max-age=3600; tags=catalog,product:7';
      if (req.url!.startsWith('/cookie/')) headers['set-cookie'] = 'a=b';
      res.writeHead(req.url!.startsWith('/missing/') ? 404 : 200, headers);
      res.write(body.slice(0, 100));
      res.end(body.slice(100));
    },
  });
  server = http.createServer((req, res) => front.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

describe('page cache in front of Astro', () => {
  it('keeps a marked guest page once, answers later guests without rendering, br and gzip compressed once', async () => {
    const before = renders;
    const first = await get('/catalog/a/');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('x-page-cache')).toBeNull();
    const text = await first.text();
    const second = await get('/catalog/a/');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(text);
    const gz = await get('/catalog/a/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(text);
    const plain = await get('/catalog/a/', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(text);
    expect(renders - before).toBe(1);
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('compresses a page only into the encodings asked for, each once, and counts each in the byte budget', async () => {
    const bytes = () => front.stats().bytes;
    const before = bytes();
    const first = await get('/catalog/lazy/');
    const text = await first.text();
    const raw = Buffer.byteLength(text);
    const br = zlib.brotliCompressSync(text).length;
    // The page and its brotli copy (within a few bytes of another quality's), no gzip yet.
    const afterBr = bytes() - before;
    expect(afterBr).toBeGreaterThan(raw + 1024 + br * 0.8);
    expect(afterBr).toBeLessThan(raw + 1024 + br * 1.5);
    // Five gzip readers at once: one compression, one growth.
    const gz = await Promise.all(Array.from({ length: 5 }, () => get('/catalog/lazy/', { 'accept-encoding': 'gzip' })));
    const bodies = await Promise.all(gz.map(async (r) => [r.headers.get('content-encoding'), r.headers.get('x-cache'), await r.text()]));
    expect(bodies).toEqual(Array.from({ length: 5 }, () => ['gzip', 'HIT', text]));
    const gzBytes = zlib.gzipSync(text, { level: 9 }).length;
    expect(bytes() - before - afterBr).toBe(gzBytes);
    await (await get('/catalog/lazy/', { 'accept-encoding': 'gzip' })).text();
    await (await get('/catalog/lazy/')).text();
    expect(bytes() - before - afterBr).toBe(gzBytes);
    // A HEAD names the length of the body a GET would get.
    const head = await fetch(base + '/catalog/lazy/', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(Number(head.headers.get('content-length'))).toBe(gzBytes);
  });

  it('keys a page without the tracking parameters of search and ad clicks, keeping every other parameter', async () => {
    const before = renders;
    const fromYandex = await get('/landing/?ysclid=lq3x9k2v7m512345678');
    expect(fromYandex.headers.get('x-cache')).toBe('MISS');
    const body = await fromYandex.text();
    for (const p of ['/landing/', '/landing/?utm_source=yandex&utm_medium=cpc&yclid=123', '/landing/?gclid=abc&fbclid=def&_openstat=x']) {
      const again = await get(p);
      expect(again.headers.get('x-cache'), p).toBe('HIT');
      expect(await again.text()).toBe(body);
    }
    expect(renders - before).toBe(1);
    const paged = await get('/landing/?utm_source=x&page=2');
    expect(paged.headers.get('x-cache')).toBe('MISS');
    await paged.text();
    expect((await get('/landing/?page=2&ysclid=1')).headers.get('x-cache')).toBe('HIT');
    expect(renders - before).toBe(2);
  });

  it('answers 304 to a matching validator, 200 otherwise', async () => {
    const etag = (await get('/catalog/b/')).headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/catalog/b/', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/catalog/b/', { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  it('never reads or writes the cache for a request with any session credential', async () => {
    await get('/catalog/c/');
    const sessions: Record<string, string>[] = [{ cookie: 'instr.session_token=abc' }, { token: 'abc' }, { authorization: 'Bearer abc' }];
    for (const headers of sessions) {
      const res = await get('/catalog/c/', headers);
      expect(res.headers.get('x-cache'), JSON.stringify(headers)).toBeNull();
      expect(await res.text()).not.toContain('render 1<');
    }
    const viaQuery = await get('/catalog/c/?token=abc');
    expect(viaQuery.headers.get('x-cache')).toBeNull();
    const store = front.stats();
    expect(store.entries).toBeGreaterThan(0);
  });

  it('keeps nothing unmarked, not 200, or setting a cookie; strips the mark', async () => {
    for (const p of ['/private/x/', '/missing/x/', '/cookie/x/']) {
      await get(p);
      const again = await get(p);
      expect(again.headers.get('x-cache'), p).toBeNull();
      expect(again.headers.get('x-page-cache'), p).toBeNull();
    }
  });

  it("sends Internet Explorer's first entry through (the is-IE guard), not from the cache", async () => {
    await get('/catalog/ie/');
    const ie = await get('/catalog/ie/', { 'user-agent': 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko' });
    expect(ie.headers.get('x-cache')).toBeNull();
    const ieAgain = await get('/catalog/ie/', { 'user-agent': 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', cookie: 'ie-notice=1' });
    expect(ieAgain.headers.get('x-cache')).toBe('HIT');
  });

  it('drops entries by tag and after their max-age', async () => {
    await get('/catalog/d/');
    expect((await get('/catalog/d/')).headers.get('x-cache')).toBe('HIT');
    expect(front.invalidate(['product:7'])).toBeGreaterThan(0);
    expect((await get('/catalog/d/')).headers.get('x-cache')).toBe('MISS');
    await get('/short/e/');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get('/short/e/')).headers.get('x-cache')).toBe('MISS');
  });

  it('serves dist/client files from memory, precompressed, immutable under /_astro/', async () => {
    const br = await get('/_astro/app.abc.js');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await br.text()).toContain('console.log("hello")');
    const gz = await get('/_astro/app.abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await get('/_astro/app.abc.js', { 'if-none-match': br.headers.get('etag')! })).status).toBe(304);
  });
});

describe('page cache pieces', () => {
  it('picks the encoding a browser accepts', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
  });
  it('matches validators and parses marks', () => {
    expect(etagMatches('W/"a", "b"', 'W/"b"')).toBe(true);
    expect(etagMatches('"c"', 'W/"b"')).toBe(false);
    expect(parseMark('max-age=60; tags=a,b')).toEqual({ maxAge: 60, tags: ['a', 'b'] });
    expect(parseMark('tags=a')).toBeNull();
  });
  it('keeps a compressed page in bytes of its own, not as a view of the larger output chunk zlib wrote it into', async () => {
    // Text that compresses to a few KB, under zlib's 16 KB output chunk, as a product page does (33 KB → 7.7 KB).
    const text = Array.from({ length: 6000 }, (_, i) => `слово${(i * 7919) % 10007}`).join(' ');
    const entry = buildEntry('/page/', { 'content-type': 'text/html' }, Buffer.from(text), { maxAge: 60, tags: [] });
    for (const encoding of ['br', 'gzip'] as const) {
      const { body } = await variantOf(entry, encoding);
      expect(body.length).toBeGreaterThan(4096);
      expect(body.length).toBeLessThan(16 * 1024);
      // What the budget counts (the body's length) is what the entry holds.
      expect(body.buffer.byteLength).toBe(body.length);
      expect(encoding === 'br' ? zlib.brotliDecompressSync(body).toString() : zlib.gunzipSync(body).toString()).toBe(text);
    }
  });
  it('drops only tracking parameters from the key, in any position, and leaves a URL without them as it is', () => {
    const url = '/catalog/a/?sort=price_asc';
    expect(cacheKeyOf(url)).toBe(url);
    expect(cacheKeyOf('/catalog/a/')).toBe('/catalog/a/');
    expect(cacheKeyOf('/catalog/a/?utm_source=ya&sort=price_asc&ysclid=1&page=2&gclid')).toBe('/catalog/a/?sort=price_asc&page=2');
    expect(cacheKeyOf('/p/?utm_campaign=x&yclid=2&gbraid=3&wbraid=4&dclid=5&fbclid=6&msclkid=7&_openstat=8')).toBe('/p/');
    // Look-alikes are other parameters: a search for «utm» or a parameter that merely contains a click id's name.
    expect(cacheKeyOf('/search/?q=utm_source&ysclid_x=1&my_gclid=2')).toBe('/search/?q=utm_source&ysclid_x=1&my_gclid=2');
  });
  it('keeps within its byte budget, least recently used out first', () => {
    const store = new PageStore(4000);
    const entry = (key: string) => ({ key, etag: '', tags: ['t'], expiresAt: Date.now() + 60_000, bytes: 900, identity: { body: Buffer.alloc(0), headers: {} }, br: { body: Buffer.alloc(0), headers: {} }, gzip: { body: Buffer.alloc(0), headers: {} }, notModified: {} });
    for (const k of ['a', 'b', 'c', 'd']) store.set(entry(k));
    store.get('a');
    store.set(entry('e'));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.snapshot().bytes).toBeLessThanOrEqual(4000);
    expect(store.invalidate(['t'])).toBe(4);
    expect(store.snapshot().entries).toBe(0);
  });
  it('never evicts a page that is hit all the time, though it does not reorder on every hit', () => {
    const store = new PageStore(10 * 900);
    const entry = (key: string) => ({ key, etag: '', tags: [], expiresAt: Date.now() + 60_000, bytes: 900, identity: { body: Buffer.alloc(0), headers: {} }, br: { body: Buffer.alloc(0), headers: {} }, gzip: { body: Buffer.alloc(0), headers: {} }, notModified: {} });
    store.set(entry('hot'));
    for (let i = 0; i < 200; i++) {
      store.set(entry(`cold-${i}`));
      expect(store.get('hot'), `after ${i} other pages`).toBeDefined();
    }
    expect(store.snapshot().entries).toBe(10);
    expect(store.get('cold-0')).toBeUndefined();
  });
});

describe('a render that began before an invalidation is never kept', () => {
  const entry = (key: string, tags: string[]) => ({ key, etag: '', tags, expiresAt: Date.now() + 60_000, bytes: 900, identity: { body: Buffer.alloc(0), headers: {} }, br: { body: Buffer.alloc(0), headers: {} }, gzip: { body: Buffer.alloc(0), headers: {} }, notModified: {} });

  it('refuses an entry one of whose tags was dropped during its render, keeps one whose tags were not', () => {
    const store = new PageStore(1e6);
    const stale = store.begin();
    const fresh = store.begin();
    store.invalidate(['product:1']);
    const later = store.begin();
    store.set(entry('/a/', ['catalog', 'product:1']), stale);
    store.set(entry('/b/', ['catalog', 'product:2']), fresh);
    store.set(entry('/c/', ['catalog', 'product:1']), later);
    for (const t of [stale, fresh, later]) store.end(t);
    expect(store.get('/a/')).toBeUndefined();
    expect(store.get('/b/')).toBeDefined();
    expect(store.get('/c/')).toBeDefined();
    expect(store.snapshot().staleRenders).toBe(1);
  });

  it('refuses every render in progress during a clear, and any invalidation once the ticket has ended', () => {
    const store = new PageStore(1e6);
    const during = store.begin();
    store.clear();
    store.set(entry('/a/', ['x']), during);
    expect(store.get('/a/')).toBeUndefined();
    store.end(during);
    // A client that went away ends the ticket before the entry is compressed and stored.
    const gone = store.begin();
    const other = store.begin();
    store.end(gone);
    store.end(other);
    store.invalidate(['unrelated']);
    store.set(entry('/b/', ['x']), gone);
    expect(store.get('/b/')).toBeUndefined();
  });

  it('over HTTP: a page whose product changed while it rendered is answered but rendered again next time', async () => {
    let release = () => {};
    let count = 0;
    const f = createFront({
      compress: compression({ threshold: 0 }) as unknown as Parameters<typeof createFront>[0]['compress'],
      handler: (req, res) => {
        count++;
        const finish = () => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-page-cache': 'max-age=3600; tags=catalog,product:9' });
          res.end(`<p>render ${count}</p>`);
        };
        if (count === 1) release = finish;
        else finish();
      },
    });
    const srv = http.createServer((req, res) => f.handle(req, res));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(srv.address() as { port: number }).port}/p/`;
    try {
      const first = fetch(url);
      await new Promise((r) => setTimeout(r, 50));
      // The change is seen while the first render is still reading.
      f.invalidate(['product:9']);
      release();
      expect(await (await first).text()).toBe('<p>render 1</p>');
      const second = await fetch(url);
      expect(second.headers.get('x-cache')).toBe('MISS');
      expect(await second.text()).toBe('<p>render 2</p>');
      const third = await fetch(url);
      expect(third.headers.get('x-cache')).toBe('HIT');
      expect(f.stats().staleRenders).toBe(1);
    } finally {
      srv.close();
    }
  });
});

describe('pages carry the tags of the products they show', () => {
  it('adds each shown product to the mark, keeps the route\'s own tags, and leaves a page with very many to its own tags', () => {
    expect(markWithShown('max-age=3600; tags=catalog,product:1', new Set([1, 2, 3]))).toBe('max-age=3600; tags=catalog,product:1,product:2,product:3');
    expect(markWithShown('max-age=60', new Set([5]))).toBe('max-age=60; tags=product:5');
    expect(markWithShown('max-age=60; tags=listings', new Set())).toBe('max-age=60; tags=listings');
    const many = new Set(Array.from({ length: 400 }, (_, i) => i));
    expect(markWithShown('max-age=60; tags=listings', many)).toBe('max-age=60; tags=listings');
  });

  it('collects what a render notes, and only that render', async () => {
    const [a, b] = await Promise.all([
      collectShownProducts(async () => {
        noteShownProduct(1);
        await new Promise((r) => setTimeout(r, 5));
        noteShownProduct(2);
        return 'a';
      }),
      collectShownProducts(async () => {
        await new Promise((r) => setTimeout(r, 1));
        noteShownProduct(3);
        return 'b';
      }),
    ]);
    expect([a.result, [...a.ids]]).toEqual(['a', [1, 2]]);
    expect([b.result, [...b.ids]]).toEqual(['b', [3]]);
    noteShownProduct(4); // outside a render: nothing to collect, no error
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

describe('session → pricing profile pairings (decision 0310)', () => {
  it('reads the profile from the mark, and only a well-formed one', () => {
    expect(parseMark('max-age=60; tags=catalog,profiles; profile=pAbC_-9')).toEqual({ maxAge: 60, tags: ['catalog', 'profiles'], profile: 'pAbC_-9' });
    expect(parseMark('max-age=60; tags=catalog')).toEqual({ maxAge: 60, tags: ['catalog'] });
    expect(parseMark('max-age=60; profile=')?.profile).toBeUndefined();
  });

  it('names a session by a hash of its cookie, never by the token itself', () => {
    const id = SessionProfiles.idOf('a=1; instr.session_token=secret.sig; b=2');
    expect(id).toBeTruthy();
    expect(id).not.toContain('secret');
    expect(SessionProfiles.idOf('instr.session_token=other.sig')).not.toBe(id);
    expect(SessionProfiles.idOf('x=1')).toBeNull();
    expect(SessionProfiles.idOf(undefined)).toBeNull();
  });

  it('keeps a pairing for a minute, drops it on «-», and never keeps one learnt by a render begun before a forget', () => {
    const sessions = new SessionProfiles();
    const now = 1_000_000;
    sessions.learn('s1', 'pA', sessions.generation, now);
    expect(sessions.get('s1', now + 59_000)).toBe('pA');
    expect(sessions.get('s1', now + 61_000)).toBeNull();
    sessions.learn('s1', 'pA', sessions.generation, now);
    sessions.learn('s1', null, sessions.generation, now);
    expect(sessions.get('s1', now)).toBeNull();
    const begun = sessions.generation;
    sessions.forget();
    sessions.learn('s2', 'pB', begun, now);
    expect(sessions.get('s2', now)).toBeNull();
    sessions.learn('s2', 'pB', sessions.generation, now);
    expect(sessions.get('s2', now)).toBe('pB');
  });
});
