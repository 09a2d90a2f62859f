/**
 * The page cache in front of Astro (docs/decisions/0051-page-cache.md). scripts/server.mjs runs it
 * before the Astro handler, so a cached page is answered without entering Astro at all:
 *
 * - Guest GET/HEAD requests (no session credential of any kind, not an Internet Explorer's first
 *   entry) of responses the app marked cacheable (`x-page-cache: max-age=N; tags=a,b`, set by
 *   page-cache/mark.ts) are kept once per URL, each encoding (brotli, gzip) compressed once when first
 *   asked for, and answered with ETag / 304, Vary and the right Content-Encoding.
 * - A request with a session cookie is answered from the copy kept for its pricing profile, once the app has
 *   named that profile (the `x-page-profile` header of a page it rendered for that session, stripped here;
 *   decision 0310). Any other credential (a bearer token, the spec's `token`) never reads or writes the cache.
 * - Entries expire after their max-age, are dropped by tag when the catalogue changes (the app's
 *   change poller calls `invalidate`), and the whole cache keeps within a byte budget (LRU).
 * - Files of dist/client are answered from memory with their build-time .br/.gz variants.
 *
 * Node runs this file directly (type stripping), so it imports only erasable TypeScript with
 * explicit `.ts` extensions and no framework code.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { ServerResponse as NodeServerResponse } from 'node:http';
import { CACHE_HEADER, PageStore, type Entry, type Variant } from './store.ts';

export { CACHE_HEADER };
import { findCredential } from '../auth/credentials.ts';
import { needsIeNotice } from '../http/ie.ts';
import { SECURITY_HEADERS } from '../http/security-headers.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type FrontOptions = {
  /** The Astro handler. */
  handler: Handler;
  /** Compression for what the cache does not answer (the `compression` middleware). */
  compress: Middleware;
  /** dist/client, whose files are served from memory. */
  clientDir?: string;
  maxBytes?: number;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Quality 9, text mode, and a window no larger than the page (with its size as a hint): the default
 * 4 MB window costs a large allocation on every miss for 50 KB of HTML, and compresses it no better.
 */
const brotliOpts = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1)))),
  },
});
const GZIP_OPTS = { level: 9 };
const ownCopy = (view: Buffer): Buffer => {
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
};

/** Raw methods of every ServerResponse: the cache writes its answers past the compression wrapper. */
const rawWriteHead = NodeServerResponse.prototype.writeHead as (this: ServerResponse, status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
const rawEnd = NodeServerResponse.prototype.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse;

const header = (req: IncomingMessage) => (name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

/** br, gzip or identity, as the request accepts (a `q=0` refusal is honoured). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  if (!acceptEncoding.includes('q=')) return acceptEncoding.includes('br') ? 'br' : acceptEncoding.includes('gzip') ? 'gzip' : 'identity';
  const q = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`).exec(acceptEncoding);
    return m ? (m[1] === undefined ? 1 : Number(m[1])) : 0;
  };
  if (q('br') > 0) return 'br';
  if (q('gzip') > 0) return 'gzip';
  return 'identity';
}

export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export type Mark = { maxAge: number; tags: string[]; /** A signed-in page's pricing profile (decision 0310); absent for a guest's page. */ profile?: string };

/** Parses `max-age=N; tags=a,b` (and `; profile=P` on a signed-in page). */
export function parseMark(value: string | undefined): Mark | null {
  if (!value) return null;
  const age = /max-age=(\d+)/.exec(value);
  const tags = /tags=([^;]*)/.exec(value);
  const profile = /profile=([A-Za-z0-9_-]+)/.exec(value);
  if (!age) return null;
  return { maxAge: Number(age[1]), tags: tags ? tags[1]!.split(',').map((t) => t.trim()).filter(Boolean) : [], ...(profile ? { profile: profile[1] } : {}) };
}

/** The response header the app names a session's pricing profile in (page-cache/profile.ts; `-`: none). */
export const PROFILE_HEADER = 'x-page-profile';
/** How long a session→profile pairing is trusted without the app seeing that session again. */
const PROFILE_TTL_MS = 60_000;
const MAX_SESSIONS = 50_000;
const SESSION_COOKIE_VALUE = /(?:^|;\s*)instr\.session_token=([^;]+)/;

/** Which pricing profile each session cookie has, as the app last said (hashed: no token is kept in memory). */
export class SessionProfiles {
  private readonly map = new Map<string, { profile: string; until: number }>();
  /** Bumped by `forget`: a pairing learnt by a render that began before it is not kept. */
  generation = 0;

  static idOf(cookie: string | undefined): string | null {
    const m = cookie ? SESSION_COOKIE_VALUE.exec(cookie) : null;
    return m ? createHash('sha256').update(m[1]!).digest('base64url') : null;
  }

  get(sid: string, now = Date.now()): string | null {
    const found = this.map.get(sid);
    if (!found) return null;
    if (found.until > now) return found.profile;
    this.map.delete(sid);
    return null;
  }

  learn(sid: string, profile: string | null, generation: number, now = Date.now()): void {
    this.map.delete(sid);
    if (!profile || generation !== this.generation) return;
    if (this.map.size >= MAX_SESSIONS) this.map.delete(this.map.keys().next().value!);
    this.map.set(sid, { profile, until: now + PROFILE_TTL_MS });
  }

  /** A session ended or a user's profile inputs changed somewhere: every session asks the app again. */
  forget(): void {
    this.map.clear();
    this.generation++;
  }

  get size(): number {
    return this.map.size;
  }
}

const DROP = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'connection', 'keep-alive', CACHE_HEADER, PROFILE_HEADER]);

function mergeVary(existing: unknown): string {
  const parts = new Set(['Accept-Encoding', 'Cookie']);
  for (const v of String(existing ?? '').split(',')) if (v.trim()) parts.add(v.trim().replace(/^cookie$/i, 'Cookie').replace(/^accept-encoding$/i, 'Accept-Encoding'));
  return [...parts].join(', ');
}

/** A page's entry, uncompressed: its brotli and gzip variants are made when first asked for (`variantOf`). */
export function buildEntry(key: string, headers: OutgoingHttpHeaders, body: Buffer, mark: Mark, now = Date.now()): Entry {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const base: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || DROP.has(k.toLowerCase()) || k.toLowerCase() === 'set-cookie') continue;
    base[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  base.etag = etag;
  base.vary = mergeVary(base.vary);
  const notModified: Record<string, string | number> = { etag, vary: base.vary as string };
  if (base['cache-control']) notModified['cache-control'] = base['cache-control'];
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) notModified[k] = v;
  return {
    key,
    etag,
    tags: mark.tags,
    expiresAt: now + mark.maxAge * 1000,
    // A hit is answered with these very objects (`x-cache: HIT` included): nothing is built per request.
    identity: { body, headers: { ...base, 'content-length': body.length, 'x-cache': 'HIT' } },
    br: null,
    gzip: null,
    notModified,
    bytes: body.length + 1024,
  };
}

/**
 * The entry's variant for `encoding`, compressed now (once, on the thread pool) when it is a page's first
 * request in that encoding; `store` counts the new bytes while it keeps the entry.
 */
export function variantOf(e: Entry, encoding: 'br' | 'gzip' | 'identity', store?: PageStore): Variant | Promise<Variant> {
  if (encoding === 'identity') return e.identity;
  const ready = e[encoding];
  if (ready) return ready;
  const pending = (e.pending ??= {});
  return (pending[encoding] ??= (encoding === 'br' ? brotli(e.identity.body, brotliOpts(e.identity.body.length)) : gzip(e.identity.body, GZIP_OPTS)).then(
    (out) => {
      // zlib answers a view of its 16 KB output chunk: a 7 KB page kept as that view holds the whole chunk for as long
      // as it is cached, past what the budget counts. A copy into memory of its own (not the shared pool, whose slab
      // one kept copy would pin) holds only its bytes.
      const b = out.buffer.byteLength === out.length ? out : ownCopy(out);
      const v: Variant = { body: b, headers: { ...e.identity.headers, 'content-encoding': encoding, 'content-length': b.length } };
      e[encoding] = v;
      delete pending[encoding];
      store?.grew(e, b.length);
      return v;
    },
    (err) => {
      // The next reader tries again rather than inheriting this failure.
      delete pending[encoding];
      throw err;
    },
  ));
}

/** Answers from an entry (a cached page or a static file); `miss`: the entry was stored by this very request. */
function answer(req: IncomingMessage, res: ServerResponse, e: Entry, store?: PageStore, miss = false): void {
  const inm = req.headers['if-none-match'];
  if (inm && etagMatches(inm, e.etag)) {
    rawWriteHead.call(res, 304, e.notModified);
    rawEnd.call(res);
    return;
  }
  const send = (v: Variant) => {
    rawWriteHead.call(res, 200, miss ? { ...v.headers, 'x-cache': 'MISS' } : v.headers);
    if (req.method === 'HEAD') rawEnd.call(res);
    else rawEnd.call(res, v.body);
  };
  const v = variantOf(e, pickEncoding(req.headers['accept-encoding']), store);
  if (!(v instanceof Promise)) return send(v);
  v.then(send, (err) => {
    console.error('[page-cache] compressing failed', err);
    if (!res.headersSent) rawWriteHead.call(res, 500, { 'content-type': 'text/plain; charset=utf-8' });
    rawEnd.call(res);
  });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};
const MAX_STATIC_FILE = 2 * 1024 * 1024;

/** Every file of dist/client (up to 2 MB), with the .br/.gz variants the build wrote next to it. */
export function loadStatic(clientDir: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(d.name) && fs.statSync(full).size <= MAX_STATIC_FILE) {
        const body = fs.readFileSync(full);
        const url = '/' + path.relative(clientDir, full).split(path.sep).join('/');
        const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
        const immutable = url.startsWith('/_astro/');
        const base: Record<string, string | number> = {
          ...SECURITY_HEADERS,
          'content-type': TYPES[path.extname(d.name).toLowerCase()] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          etag,
        };
        const read = (ext: string) => (fs.existsSync(full + ext) ? fs.readFileSync(full + ext) : null);
        const br = read('.br');
        const gz = read('.gz');
        if (br || gz) base.vary = 'Accept-Encoding';
        const variant = (b: Buffer, enc?: string): Variant => ({ body: b, headers: { ...base, ...(enc ? { 'content-encoding': enc } : {}), 'content-length': b.length } });
        const identity = variant(body);
        files.set(url, {
          key: url,
          etag,
          tags: [],
          expiresAt: Infinity,
          identity,
          br: br ? variant(br, 'br') : gz ? variant(gz, 'gzip') : identity,
          gzip: gz ? variant(gz, 'gzip') : identity,
          notModified: { etag, 'cache-control': base['cache-control'] as string, ...SECURITY_HEADERS },
          bytes: body.length,
        });
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return files;
}

/**
 * Lets the Astro handler write a guest response, and keeps it when the app marked it cacheable.
 * The decision is made when the headers are written: an unmarked response (or any status but 200)
 * streams through untouched (compressed by `compress`), so nothing unmarked is ever buffered.
 */
function renderAndKeep(req: IncomingMessage, res: ServerResponse, opts: FrontOptions, store: PageStore, keyUrl: string, session: { sid: string; profiles: SessionProfiles } | null = null): void {
  // Begun before the handler reads anything: a change dropped meanwhile keeps this render out of the store.
  const ticket = store.begin();
  const generation = session?.profiles.generation ?? 0;
  let key = keyUrl;
  res.once('close', () => store.end(ticket));
  opts.compress(req, res, () => {
    const through = { writeHead: res.writeHead, write: res.write, end: res.end };
    let mode: 'undecided' | 'keep' | 'through' = 'undecided';
    let kept: OutgoingHttpHeaders = {};
    let mark: Mark | null = null;
    const chunks: Buffer[] = [];
    const restore = () => {
      res.writeHead = through.writeHead;
      res.write = through.write;
      res.end = through.end;
    };
    const decide = (status: number, headers: OutgoingHttpHeaders) => {
      mark = status === 200 ? parseMark(headers[CACHE_HEADER] as string | undefined) : null;
      // A session's page: the app names the session's profile (or `-`), and only a page marked for that very profile is kept.
      const said = headers[PROFILE_HEADER];
      res.removeHeader(PROFILE_HEADER);
      if (session && typeof said === 'string') session.profiles.learn(session.sid, said === '-' ? null : said, generation);
      if (mark && (session ? mark.profile === undefined || mark.profile !== said : mark.profile !== undefined)) mark = null;
      if (mark?.profile) key = `${mark.profile} ${keyUrl}`;
      if (mark && !headers['set-cookie']) {
        mode = 'keep';
        kept = headers;
      } else {
        mode = 'through';
        res.removeHeader(CACHE_HEADER);
        restore();
      }
    };
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      const given = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | undefined;
      const headers: OutgoingHttpHeaders = { ...res.getHeaders(), ...(given ?? {}) };
      if (given) for (const k of Object.keys(given)) headers[k.toLowerCase()] = given[k];
      decide(status, headers);
      if (mode === 'keep') return res;
      if (given && CACHE_HEADER in given) delete given[CACHE_HEADER];
      if (given && PROFILE_HEADER in given) delete given[PROFILE_HEADER];
      return (through.writeHead as (...a: unknown[]) => ServerResponse).call(res, status, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (mode === 'undecided') decide(res.statusCode, res.getHeaders());
      if (mode === 'keep') {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8'));
        const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
        cb?.();
        return true;
      }
      return (through.write as (...a: unknown[]) => boolean).call(res, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (mode === 'undecided') decide(res.statusCode, res.getHeaders());
      if (mode !== 'keep') return (through.end as (...a: unknown[]) => ServerResponse).call(res, chunk, ...rest);
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      restore();
      const entry = buildEntry(key, kept, Buffer.concat(chunks), mark!);
      store.set(entry, ticket);
      answer(req, res, entry, store, true);
      return res;
    } as ServerResponse['end'];
    opts.handler(req, res);
  });
}

export type Front = {
  handle: Handler;
  invalidate: (tags: string[]) => number;
  /** Sessions ended or users' profile inputs changed: every session's profile is asked of the app again. */
  forgetSessions: () => void;
  clear: () => void;
  stats: () => ReturnType<PageStore['snapshot']> & { staticFiles: number; sessions: number };
};

/**
 * Query parameters only analytics read, in the browser: Yandex's click ids (`ysclid`, which Yandex's search and browser
 * add to the links they open, and Direct's `yclid`), Google's (`gclid`, `gbraid`, `wbraid`, `dclid`), `fbclid`,
 * `msclkid`, Openstat's `_openstat`, and `utm_*`. No page reads them (a redirect carries them on: catalog/scope.ts), so
 * a landing page with them is the page without them. Keyed without them, a visitor from a search or an ad gets the
 * cached page instead of a render, and each click's own id no longer keeps one more copy that nobody asks for again.
 */
const TRACKING = /^(?:utm_[A-Za-z0-9_]*|ysclid|yclid|gclid|gbraid|wbraid|dclid|fbclid|msclkid|_openstat)$/;

/** The page cache's key for a request URL: the URL without tracking parameters (the others keep their order). */
export function cacheKeyOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&');
  const kept = parts.filter((part) => !TRACKING.test(part.slice(0, (part.indexOf('=') + 1 || part.length + 1) - 1)));
  if (kept.length === parts.length) return url;
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

export function createFront(opts: FrontOptions): Front {
  const store = new PageStore(opts.maxBytes ?? 64 * 1024 * 1024);
  const statics = opts.clientDir ? loadStatic(opts.clientDir) : new Map<string, Entry>();
  const sessions = new SessionProfiles();
  const through = (req: IncomingMessage, res: ServerResponse) => opts.compress(req, res, () => opts.handler(req, res));
  return {
    handle(req, res) {
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') return through(req, res);
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q < 0 ? url : url.slice(0, q);
      const file = statics.get(pathname);
      if (file) return answer(req, res, file);
      const credential = findCredential(header(req), q < 0 ? '' : url.slice(q + 1));
      const ua = req.headers['user-agent'];
      if (ua && (ua.includes('Trident/') || ua.includes('MSIE ')) && needsIeNotice(ua, req.headers.cookie, pathname)) return through(req, res);
      if (credential) {
        // Only a session cookie's GET is ever answered from the cache, and only with its own profile's copy (decision 0310).
        const sid = credential.kind === 'cookie' && method === 'GET' ? SessionProfiles.idOf(req.headers.cookie) : null;
        if (!sid) return through(req, res);
        const profile = sessions.get(sid);
        const key = cacheKeyOf(url);
        const own = profile ? store.get(`${profile} ${key}`) : undefined;
        if (own) {
          store.stats.hits++;
          return answer(req, res, own, store);
        }
        if (profile) store.stats.misses++;
        return renderAndKeep(req, res, opts, store, key, { sid, profiles: sessions });
      }
      const key = cacheKeyOf(url);
      const hit = store.get(key);
      if (hit) {
        store.stats.hits++;
        return answer(req, res, hit, store);
      }
      store.stats.misses++;
      if (method === 'HEAD') return through(req, res);
      renderAndKeep(req, res, opts, store, key);
    },
    invalidate: (tags) => store.invalidate(tags),
    forgetSessions: () => sessions.forget(),
    clear: () => {
      store.clear();
      sessions.forget();
    },
    stats: () => ({ ...store.snapshot(), staticFiles: statics.size, sessions: sessions.size }),
  };
}
