// npm run bench:catalog — numbers, not pass/fail (needs `npm run build`). Issue 9's catalogue benchmark.
//
// One run prints:
//  1. Cached pages (product page, level-3 listing, home) answered by the real built server
//     (scripts/server.mjs on a fresh demo database of 2,000 products) from its page cache, for
//     `accept-encoding: br`, `gzip` and `br, gzip` (what browsers send), as requests/s with autocannon
//     and as a RATIO to a bare node:http server, started in the same run, that sends the very same
//     bytes: the status line, every header the store sent (content-type, content-encoding, etag,
//     vary, cache-control, the security headers…) and the compressed body, fetched from the store
//     with that encoding first. Both servers are separate processes measured alike (same
//     connections, duration and pipelining, warmed up first, then rounds of A B, B A, A B… whose
//     ratios' median is reported), and the CPU each server process spent per answer (from /proc) is
//     printed beside it. Target (issue 9): ratio ≥ 0.85.
//  2. Uncached p50/p95 latency of the same three pages at 2,000 and at 100,000 products: one request
//     at a time, each with a new `?nocache=N` query — the page cache keys on the whole URL, so every
//     request is a miss that renders in Astro against the database (and is compressed and stored,
//     as a real first visitor's request is). Target (issue 9): product page p95 ≤ 40 ms at 100,000.
//  2b. Signed in (issue 29's view): the same three pages for the demo contractor admin — from the copy kept for
//     her pricing profile (decision 0310) — against a bare server sending the same bytes (target ≥ 0.5×), and
//     against the guest's cached page, 4 connections, alternated rounds (ratio = signed-in req/s ÷ guest
//     req/s, median of the rounds), and /personal/orders/ signed in (never kept).
//  3. JavaScript per page type (gzipped, every script the page loads before any interaction: its
//     <script src>, the islands' components and renderer and their static imports, from dist/client;
//     lazily imported chunks and inline scripts listed apart) and raw / brotli HTML bytes per page
//     type (home, level-3 listing, product, content pages /media/ and /filial/).
//
// Results: a table on stdout and bench/results/catalog.json (the latest run, beside the named rows earlier runs were
// kept under by hand: those are never overwritten).
//
// The 100,000-product database is seeded once (a few minutes) into BENCH_100K_DIR, default
// /tmp/catalog100k-<hash of the seed code and the migrations>: a database is only ever reused by code
// with the same seed and schema, and never shared with other branches' benchmarks.
//
// Options (environment): BENCH_SIZES=2000,100000  BENCH_SECONDS=1 (per server and round)
//   BENCH_ROUNDS=6  BENCH_CONNECTIONS=10  BENCH_PIPELINING=1
//   BENCH_SEQUENTIAL=120 (uncached requests per page)  BENCH_WARMUP=50 (uncached requests before them, not counted)  BENCH_PORT=4413 (the bare server: +1)
//   BENCH_ENCODINGS='br|gzip|br, gzip'  BENCH_100K_DIR  BENCH_PARTS=cached,signedin,uncached,personal,bytes
//   BENCH_DB=pglite (default) | pg | pglite,pg — PostgreSQL: the server of DATABASE_URL (default
//   postgres://postgres@127.0.0.1:5432/postgres); the 2,000-product store gets a database of its own, dropped at the
//   end; the 100,000-product one is seeded once into bench_catalog100k_<hash> and kept (like BENCH_100K_DIR).
//
// `personal` (issue 29): signed in as the demo contractor admin, uncached p50/p95 and server CPU ms per request of
// her product page, level-3 and level-1 listings (a page-cache miss for her profile: a new query string), /personal/summary/,
// /personal/orders/, her newest order, the basket and checkout (never cached), at every size, beside the guest's uncached rows.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// ── The bare server: `node bench/catalog.mjs --bare <file.json> <port>` ──────────────────────────────
if (process.argv[2] === '--bare') {
  const { status, headers, body } = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
  const bytes = Buffer.from(body, 'base64');
  const server = http.createServer((req, res) => {
    res.writeHead(status, headers);
    res.end(bytes);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.argv[4]), '127.0.0.1', () => console.log('bare ready'));
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.chdir(root);
  const { default: autocannon } = await import('autocannon');

  const SIZES = (process.env.BENCH_SIZES ?? '2000,100000').split(',').map(Number);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
  const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 120);
  const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
  const PORT = Number(process.env.BENCH_PORT ?? 4413);
  const BARE_PORT = PORT + 1;
  const ENCODINGS = (process.env.BENCH_ENCODINGS ?? 'br|gzip|br, gzip').split('|');
  const PARTS = new Set((process.env.BENCH_PARTS ?? 'cached,signedin,uncached,personal,bytes').split(','));
  const DBS = (process.env.BENCH_DB ?? 'pglite').split(',');
  const PG_ADMIN = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const L3 = '/catalog/elektroinstrument/dreli/dreli-udarnye/';
  const L1 = '/catalog/elektroinstrument/';
  const CLK_TCK = 100; // Linux USER_HZ
  const base = `http://127.0.0.1:${PORT}`;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const log = (m) => console.log(`[${elapsed()}] ${m}`);

  if (!fs.existsSync('dist/server/entry.mjs')) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(2);
  }

  /** Seconds of CPU a process has used (user + system), from /proc. */
  const cpuSeconds = (pid) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(after[11]) + Number(after[12])) / CLK_TCK;
  };

  /** The 100,000-product database: keyed by what makes its content, seeded once. */
  function bigDir() {
    if (process.env.BENCH_100K_DIR) return process.env.BENCH_100K_DIR;
    const h = createHash('sha1');
    for (const dir of ['src/server/seed', 'src/server/db/migrations']) {
      for (const f of fs.readdirSync(dir).sort()) {
        const full = path.join(dir, f);
        if (fs.statSync(full).isFile()) h.update(f).update(fs.readFileSync(full));
      }
    }
    return path.join(os.tmpdir(), `catalog100k-${h.digest('hex').slice(0, 10)}`);
  }

  async function waitReady(child, what) {
    await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`${what} did not start in 600 s`)), 600_000);
      child.stdout.on('data', (d) => {
        out += d;
        if (/Store ready|bare ready/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`${what} exited with ${code}\n${out}`)));
    });
  }

  /** A PostgreSQL database of the server named by PG_ADMIN: created (and later dropped) or kept between runs. */
  async function pgDatabase(name, create) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT shobj_description(oid, $2) AS note FROM pg_database WHERE datname = $1', [name, 'pg_database']);
      if (create) {
        if (rows.length) await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${name}"`);
      }
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      return { url: url.toString(), seeded: !create && rows[0]?.note === 'seeded', drop: async () => {
        const c = new pg.Client({ connectionString: PG_ADMIN });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => c.end());
      }, mark: async () => {
        const c = new pg.Client({ connectionString: PG_ADMIN });
        await c.connect();
        await c.query(`COMMENT ON DATABASE "${name}" IS 'seeded'`).finally(() => c.end());
      } };
    } finally {
      await admin.end();
    }
  }

  async function startStore(products, db = 'pglite') {
    if (db === 'pg') return startPgStore(products);
    const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: '', SITE_URL: base };
    let dataDir;
    let temporary = false;
    if (products === 2000) {
      // A fresh directory: the server seeds the demo catalogue on start, as `npm start` does.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
      temporary = true;
      env.SEED_PRODUCTS = '2000';
    } else {
      const own = !(products >= 100_000 && process.env.BENCH_100K_DIR);
      dataDir = products >= 100_000 ? bigDir() : path.join(os.tmpdir(), `catalog${products}-bench`);
      // Our own directories count as seeded once the marker is written (an interrupted seed starts
      // again); a directory named in BENCH_100K_DIR is used as it is when it holds a database.
      const seeded = own ? fs.existsSync(path.join(dataDir, '.seeded')) : fs.existsSync(path.join(dataDir, 'pglite'));
      if (!seeded) {
        log(`seeding ${products.toLocaleString('en')} products into ${dataDir} (once)…`);
        if (own) fs.rmSync(dataDir, { recursive: true, force: true });
        const t = Date.now();
        const r = spawnSync(process.execPath, ['scripts/seed.mjs', '--reset', '--products', String(products)], { stdio: 'inherit', env: { ...env, DATA_DIR: dataDir } });
        if (r.status !== 0) throw new Error('seed failed');
        if (own) fs.writeFileSync(path.join(dataDir, '.seeded'), new Date().toISOString());
        result.seededSeconds = Math.round((Date.now() - t) / 1000);
      }
      env.SEED_ON_START = '0';
    }
    env.DATA_DIR = dataDir;
    return launch(env, async () => {
      if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
    });
  }

  /** The built server with `env`, ready and with its search index built; `cleanup` runs after it stopped. */
  async function launch(env, cleanup) {
    const child = spawn(process.execPath, ['scripts/server.mjs'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    await waitReady(child, 'the store');
    // The server builds its search index right after "Store ready": let that finish first.
    await fetch(`${base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{"query":""}' }).then((r) => r.arrayBuffer());
    return {
      pid: child.pid,
      stop: async () => {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        await cleanup();
      },
    };
  }

  async function startPgStore(products) {
    const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', SITE_URL: base };
    let database;
    if (products === 2000) {
      database = await pgDatabase(`bench_catalog_${process.pid}`, true);
      env.SEED_PRODUCTS = '2000';
    } else {
      database = await pgDatabase(`bench_catalog${products}_${path.basename(bigDir()).split('-').at(-1)}`, false);
      if (!database.seeded) {
        database = await pgDatabase(database.url.split('/').at(-1), true);
        log(`seeding ${products.toLocaleString('en')} products into PostgreSQL ${database.url.split('/').at(-1)} (once)…`);
        const t = Date.now();
        const r = spawnSync(process.execPath, ['scripts/seed.mjs', '--reset', '--products', String(products)], { stdio: 'inherit', env: { ...env, DATABASE_URL: database.url } });
        if (r.status !== 0) throw new Error('seed failed');
        await database.mark();
        result.seededSeconds = Math.round((Date.now() - t) / 1000);
      }
      env.SEED_ON_START = '0';
    }
    env.DATABASE_URL = database.url;
    return launch(env, async () => {
      if (products === 2000) await database.drop();
    });
  }

  /** One raw GET (no decompression): status, headers and the exact body bytes. */
  function rawGet(port, p, headers = {}) {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: p, headers, agent: false }, (res) => {
          const chunks = [];
          res.on('data', (d) => chunks.push(d));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  async function json(p) {
    const res = await fetch(base + p);
    return (await res.json()).data;
  }

  /** The pages measured at every size: the first product of the level-3 listing, the listing, home. */
  async function targets() {
    const listing = await json(`/web/catalog/filter/clear/apply/?section_code=${L3.split('/').at(-2)}&page_size=1`);
    if (listing.section.URL !== L3) throw new Error(`the level-3 listing moved: ${listing.section.URL}`);
    return [
      ['product', listing.items[0].url],
      ['L3 listing', L3],
      ['home', '/'],
    ];
  }

  async function startBare(response) {
    const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(response));
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare', file, String(BARE_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await waitReady(child, 'the bare server');
    return {
      pid: child.pid,
      stop: async () => {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        fs.rmSync(file, { force: true });
      },
    };
  }

  async function load(port, pid, p, encoding, seconds, extra = {}) {
    const cpu0 = cpuSeconds(pid);
    const r = await autocannon({ url: `http://127.0.0.1:${port}${p}`, connections: CONNECTIONS, pipelining: PIPELINING, duration: seconds, headers: { 'accept-encoding': encoding, ...extra } });
    const cpu = cpuSeconds(pid) - cpu0;
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${p} on :${port}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    const n = r.requests.total;
    return { rps: n / r.duration, requests: n, p50: r.latency.p50, p99: r.latency.p99, bytesPerAnswer: r.throughput.total / n, cpuUsPerAnswer: (cpu * 1e6) / n };
  }

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };

  /**
   * Cached throughput of one page with one encoding: the store against the bare server, alternated. With a
   * session `cookie`: the signed-in visitor's copy, kept for her pricing profile (decision 0310).
   */
  async function cachedVsBare(store, name, p, encoding, cookie = null) {
    const extra = cookie ? { cookie } : {};
    await rawGet(PORT, p, { 'accept-encoding': encoding, ...extra }); // stored on this miss (if not yet)
    const got = await rawGet(PORT, p, { 'accept-encoding': encoding, ...extra });
    if (got.status !== 200 || got.headers['x-cache'] !== 'HIT') throw new Error(`${p} (${encoding}): ${got.status}, x-cache ${got.headers['x-cache']}`);
    const headers = {};
    for (let i = 0; i < got.rawHeaders.length; i += 2) {
      const k = got.rawHeaders[i];
      if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(k)) headers[k] = got.rawHeaders[i + 1];
    }
    const bare = await startBare({ status: 200, headers, body: got.body.toString('base64') });
    try {
      const check = await rawGet(BARE_PORT, p, { 'accept-encoding': encoding });
      if (!check.body.equals(got.body)) throw new Error('the bare server does not send the same bytes');
      const servers = { store: [PORT, store.pid], bare: [BARE_PORT, bare.pid] };
      // Warm-up: JIT, sockets, the client's own buffers.
      for (const s of ['store', 'bare']) await load(...servers[s], p, encoding, 1, extra);
      const runs = { store: [], bare: [] };
      for (let r = 0; r < ROUNDS; r++) for (const s of r % 2 ? ['bare', 'store'] : ['store', 'bare']) runs[s].push(await load(...servers[s], p, encoding, SECONDS, extra));
      const sum = (s) => ({
        rps: median(runs[s].map((x) => x.rps)),
        p50: median(runs[s].map((x) => x.p50)),
        p99: median(runs[s].map((x) => x.p99)),
        cpuUsPerAnswer: median(runs[s].map((x) => x.cpuUsPerAnswer)),
        bytesPerAnswer: Math.round(median(runs[s].map((x) => x.bytesPerAnswer))),
        rounds: runs[s].map((x) => Math.round(x.rps)),
      });
      const st = sum('store');
      const ba = sum('bare');
      // Each round measures both servers back to back: its ratio is the least disturbed by whatever
      // else the machine does at that moment, and the median of the rounds' ratios is reported.
      const ratio = median(runs.store.map((x, i) => x.rps / runs.bare[i].rps));
      const cpuRatio = median(runs.store.map((x, i) => runs.bare[i].cpuUsPerAnswer / x.cpuUsPerAnswer));
      return { page: name, url: p, encoding, bodyBytes: got.body.length, store: st, bare: ba, ratio, cpuRatio };
    } finally {
      await bare.stop();
    }
  }

  /** The demo contractor admin's session cookies, as a browser keeps them after signing in. */
  async function signedInCookie() {
    const res = await fetch(`${base}/api/authentication/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ login: 'admin@stroymontazh.by', password: 'Demo2026pass' }) });
    if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  async function loadAs(p, headers, seconds) {
    const r = await autocannon({ url: `${base}${p}`, connections: 4, duration: seconds, headers: { 'accept-encoding': 'br, gzip', ...headers } });
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99 };
  }

  /** A page for the signed-in contractor against the same page for a guest (cached), alternated rounds. */
  async function signedInVsGuest(name, p, cookie) {
    const personal = p.startsWith('/personal/');
    await rawGet(PORT, p, { cookie, 'accept-encoding': 'br, gzip' });
    const signed = await rawGet(PORT, p, { cookie, 'accept-encoding': 'br, gzip' });
    // A catalogue page is the profile's copy from the second request on; a personal page is never kept.
    if (signed.status !== 200 || (signed.headers['x-cache'] === 'HIT') === personal) throw new Error(`${p} signed in: ${signed.status}, x-cache ${signed.headers['x-cache']}`);
    const guest = personal ? null : {};
    await loadAs(p, { cookie }, 1);
    if (guest) await loadAs(p, {}, 1);
    const runs = { signed: [], guest: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.signed.push(await loadAs(p, { cookie }, SECONDS));
      if (guest) runs.guest.push(await loadAs(p, {}, SECONDS));
    }
    const sum = (xs) => ({ rps: median(xs.map((x) => x.rps)), p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)) });
    return { page: name, url: p, signed: sum(runs.signed), guest: guest ? sum(runs.guest) : null, ratio: guest ? median(runs.signed.map((x, i) => x.rps / runs.guest[i].rps)) : null };
  }

  /** Uncached latency, one request at a time, each a page-cache miss (a new query string). */
  let bust = 0;
  async function uncached(store, name, p, cookie = null) {
    const once = async () => {
      const u = `${p}?nocache=${process.pid}-${++bust}`;
      const t = performance.now();
      const res = await fetch(base + u, { headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
      await res.arrayBuffer();
      const ms = performance.now() - t;
      // A guest's page is a miss; a signed-in one a miss of her profile's copy, or (personal pages) never kept at all.
      if (res.status !== 200 || (cookie ? res.headers.get('x-cache') === 'HIT' : res.headers.get('x-cache') !== 'MISS')) throw new Error(`${u}: ${res.status} x-cache ${res.headers.get('x-cache')}`);
      return ms;
    };
    // Not counted: the first requests after a start compile the page's code (V8's compiler threads count as the
    // server's CPU); ten were too few for the first page measured, the product page (decision 0310, seventh session).
    for (let i = 0; i < WARMUP; i++) await once();
    const times = [];
    const cpu0 = cpuSeconds(store.pid);
    for (let i = 0; i < SEQUENTIAL; i++) times.push(await once());
    const cpuMs = ((cpuSeconds(store.pid) - cpu0) * 1000) / SEQUENTIAL;
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    return { page: name, url: p, n: times.length, p50: at(0.5), p95: at(0.95), max: times.at(-1), cpuMs };
  }

  /** Gzipped size of a dist/client file: its build-time .gz, or gzip -9 now. */
  const gzSize = (file) => (fs.existsSync(file + '.gz') ? fs.statSync(file + '.gz').size : gzipSync(fs.readFileSync(file), { level: 9 }).length);

  /** Every script a page loads before any interaction, from dist/client, with their static imports. */
  function pageJs(html) {
    const entry = [
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((m) => m[1]),
    ];
    const files = new Map(); // url → { gz, lazy }
    const walk = (url, lazy) => {
      const u = new URL(url, 'http://x/').pathname;
      const prev = files.get(u);
      if (prev && (lazy || !prev.lazy)) return;
      const file = path.join('dist/client', u);
      if (!fs.existsSync(file)) throw new Error(`${u} is not in dist/client`);
      files.set(u, { gz: gzSize(file), lazy });
      const code = fs.readFileSync(file, 'utf8');
      for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g)) walk(new URL(m[1], `http://x${u}`).pathname, lazy);
      for (const m of code.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) walk(new URL(m[1], `http://x${u}`).pathname, true);
    };
    for (const u of entry) walk(u, false);
    const inline = [...html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].reduce((s, m) => s + gzipSync(m[1], { level: 9 }).length, 0);
    const eager = [...files].filter(([, f]) => !f.lazy);
    const lazy = [...files].filter(([, f]) => f.lazy);
    const renderer = [...html.matchAll(/renderer-url="([^"]+)"/g)].map((m) => m[1])[0];
    return {
      gz: eager.reduce((s, [, f]) => s + f.gz, 0),
      files: eager.length,
      lazyGz: lazy.reduce((s, [, f]) => s + f.gz, 0),
      lazyFiles: lazy.length,
      inlineGz: inline,
      largest: eager.sort((a, b) => b[1].gz - a[1].gz)[0]?.[0] ?? null,
      largestGz: eager[0]?.[1].gz ?? 0,
      renderer: renderer ?? null,
    };
  }

  async function bytesPerPage(pages) {
    const rows = [];
    for (const [name, p] of pages) {
      const raw = await rawGet(PORT, p, {});
      const br = await rawGet(PORT, p, { 'accept-encoding': 'br' });
      const gz = await rawGet(PORT, p, { 'accept-encoding': 'gzip' });
      if (raw.status !== 200) throw new Error(`${p}: ${raw.status}`);
      rows.push({ page: name, url: p, html: raw.body.length, br: br.body.length, gzip: gz.body.length, js: pageJs(raw.body.toString('utf8')) });
    }
    return rows;
  }

  // ── The run ─────────────────────────────────────────────────────────────────────────────────────
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadAtStart: os.loadavg().map((l) => +l.toFixed(2)) },
    settings: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, pipelining: PIPELINING, sequential: SEQUENTIAL },
    cached: [],
    signedIn: [],
    signedInCached: [],
    uncached: [],
    bytes: [],
  };
  for (const db of DBS) for (const products of SIZES) {
    log(`=== ${db}, ${products.toLocaleString('en')} products: starting the store`);
    const store = await startStore(products, db);
    const first = products === SIZES[0] && db === DBS[0];
    try {
      const pages = await targets();
      log(`store ready; pages: ${pages.map(([n, p]) => `${n} ${p}`).join(', ')}`);
      if (first && PARTS.has('cached')) {
        for (const encoding of ENCODINGS) {
          for (const [name, p] of pages) {
            const row = await cachedVsBare(store, name, p, encoding);
            result.cached.push({ products, ...row });
            log(`cached ${name.padEnd(10)} ${JSON.stringify(encoding).padEnd(10)} store ${row.store.rps.toFixed(0)} req/s, bare ${row.bare.rps.toFixed(0)} req/s → ${row.ratio.toFixed(2)}×`);
          }
        }
        result.pageCacheAfterCached = (await json('/api/health/')).pageCache;
      }
      if (first && PARTS.has('signedin')) {
        const cookie = await signedInCookie();
        // The contractor's catalogue pages from her profile's copy against a bare server sending the same bytes (issue 29: ≥ 0.5×).
        for (const [name, p] of pages) {
          const row = await cachedVsBare(store, name, p, 'br, gzip', cookie);
          result.signedInCached.push({ products, ...row });
          log(`signed in, cached ${name.padEnd(10)} store ${row.store.rps.toFixed(0)} req/s, bare ${row.bare.rps.toFixed(0)} req/s → ${row.ratio.toFixed(2)}×`);
        }
        for (const [name, p] of [...pages, ['my orders', '/personal/orders/']]) {
          const row = await signedInVsGuest(name, p, cookie);
          result.signedIn.push({ products, ...row });
          log(`signed in ${name.padEnd(10)} ${row.signed.rps.toFixed(0)} req/s (p50 ${row.signed.p50} ms)${row.guest ? `, guest ${row.guest.rps.toFixed(0)} req/s → ${row.ratio.toFixed(3)}×` : ''}`);
        }
      }
      if (first && PARTS.has('bytes')) {
        result.bytes = await bytesPerPage([...pages.slice().reverse(), ['content /media/', '/media/'], ['content /filial/', '/filial/']]);
      }
      for (const [name, p] of PARTS.has('uncached') ? pages : []) {
        const row = await uncached(store, name, p);
        result.uncached.push({ db, products, who: 'guest', ...row });
        log(`uncached ${name.padEnd(10)} p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, ${row.cpuMs.toFixed(1)} ms CPU`);
      }
      if (PARTS.has('personal')) {
        const cookie = await signedInCookie();
        // Her newest order, as the orders page links it.
        const ordersHtml = await (await fetch(`${base}/personal/orders/`, { headers: { cookie } })).text();
        const orderUrl = /href="(\/personal\/orders\/[^/"?#]+\/)"/.exec(ordersHtml)?.[1];
        if (!orderUrl) throw new Error('no order link on /personal/orders/');
        const mine = [pages[0], pages[1], ['L1 listing', L1], ['summary', '/personal/summary/'], ['orders', '/personal/orders/'], ['order', orderUrl], ['basket', '/basket/'], ['checkout', '/checkout/']];
        for (const [name, p] of mine) {
          const row = await uncached(store, name, p, cookie);
          result.uncached.push({ db, products, who: 'contractor', ...row });
          log(`signed in, uncached ${name.padEnd(10)} p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, ${row.cpuMs.toFixed(1)} ms CPU`);
        }
      }
    } finally {
      await store.stop();
    }
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  result.machine.loadAtEnd = os.loadavg().map((l) => +l.toFixed(2));

  // ── The report ──────────────────────────────────────────────────────────────────────────────────
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  console.log(`\nCached pages: store's page cache vs a bare node:http server sending the same bytes`);
  console.log(`(${CONNECTIONS} connections, pipelining ${PIPELINING}, ${ROUNDS} rounds of ${SECONDS} s per server, alternated; ratio = median of the rounds' ratios; target ≥ 0.85×)`);
  console.log(`${pad('page', 11)}${pad('encoding', 10)}${lpad('body', 9)}${lpad('store req/s', 13)}${lpad('bare req/s', 12)}${lpad('ratio', 8)}${lpad('store µs CPU', 14)}${lpad('bare µs CPU', 13)}${lpad('CPU ratio', 11)}  store p50/p99 ms  bare p50/p99 ms`);
  for (const r of result.cached)
    console.log(
      `${pad(r.page, 11)}${pad(r.encoding, 10)}${lpad(kb(r.bodyBytes), 9)}${lpad(r.store.rps.toFixed(0), 13)}${lpad(r.bare.rps.toFixed(0), 12)}${lpad(r.ratio.toFixed(2) + '×', 8)}${lpad(r.store.cpuUsPerAnswer.toFixed(0), 14)}${lpad(r.bare.cpuUsPerAnswer.toFixed(0), 13)}${lpad(r.cpuRatio.toFixed(2) + '×', 11)}  ${lpad(`${r.store.p50}/${r.store.p99}`, 16)}  ${lpad(`${r.bare.p50}/${r.bare.p99}`, 15)}`,
    );
  if (result.signedInCached.length) {
    console.log(`\nSigned in as the demo contractor admin: her pricing profile's copy (decision 0310) vs a bare node:http server sending the same bytes, the same cookie sent to both ("br, gzip"; target ≥ 0.5×)`);
    for (const r of result.signedInCached)
      console.log(`${pad(r.page, 11)}${lpad(kb(r.bodyBytes), 9)}${lpad(r.store.rps.toFixed(0), 13)}${lpad(r.bare.rps.toFixed(0), 12)}${lpad(r.ratio.toFixed(2) + '×', 8)}${lpad(r.store.cpuUsPerAnswer.toFixed(0), 14)}${lpad(r.bare.cpuUsPerAnswer.toFixed(0), 13)}  ${r.url}`);
  }
  if (result.signedIn.length) {
    console.log(`\nSigned in as the demo contractor admin (catalogue pages from her profile's copy, /personal/ rendered every time) vs a guest's cached page; 4 connections, accept-encoding "br, gzip", ${ROUNDS} alternated rounds of ${SECONDS} s; ratio = signed-in ÷ guest (median of rounds)`);
    console.log(`${pad('page', 12)}${lpad('signed req/s', 14)}${lpad('p50/p99 ms', 12)}${lpad('guest req/s', 13)}${lpad('p50/p99 ms', 12)}${lpad('ratio', 9)}  url`);
    for (const r of result.signedIn)
      console.log(`${pad(r.page, 12)}${lpad(r.signed.rps.toFixed(0), 14)}${lpad(`${r.signed.p50}/${r.signed.p99}`, 12)}${lpad(r.guest ? r.guest.rps.toFixed(0) : '—', 13)}${lpad(r.guest ? `${r.guest.p50}/${r.guest.p99}` : '—', 12)}${lpad(r.ratio ? r.ratio.toFixed(3) + '×' : '—', 9)}  ${r.url}`);
  }
  console.log(`\nUncached (every request a page-cache miss rendered by Astro from the database; one at a time, ${SEQUENTIAL} per page after ${WARMUP} not counted; targets: product p95 ≤ 40 ms at 100,000; issue 29: ≤ 10 ms server CPU per product page and ≤ 40 ms per listing on PostgreSQL at 100,000, personal pages ≤ 15 ms)`);
  console.log(`${pad('database', 9)}${pad('products', 10)}${pad('who', 11)}${pad('page', 12)}${lpad('p50 ms', 8)}${lpad('p95 ms', 8)}${lpad('max ms', 8)}${lpad('server CPU ms/req', 19)}  url`);
  for (const r of result.uncached) console.log(`${pad(r.db, 9)}${pad(r.products.toLocaleString('en'), 10)}${pad(r.who, 11)}${pad(r.page, 12)}${lpad(r.p50.toFixed(1), 8)}${lpad(r.p95.toFixed(1), 8)}${lpad(r.max.toFixed(1), 8)}${lpad(r.cpuMs.toFixed(1), 19)}  ${r.url}`);
  console.log(`\nBytes per page type (2,000 products; HTML raw / brotli / gzip; JS gzipped from dist/client)`);
  console.log(`${pad('page', 17)}${lpad('HTML raw', 10)}${lpad('br', 9)}${lpad('gzip', 9)}${lpad('JS gz', 10)}${lpad('files', 7)}${lpad('largest', 10)}${lpad('lazy JS gz', 12)}${lpad('inline JS gz', 14)}`);
  for (const r of result.bytes)
    console.log(`${pad(r.page, 17)}${lpad(r.html, 10)}${lpad(r.br, 9)}${lpad(r.gzip, 9)}${lpad(kb(r.js.gz), 10)}${lpad(r.js.files, 7)}${lpad(kb(r.js.largestGz), 10)}${lpad(kb(r.js.lazyGz), 12)}${lpad(kb(r.js.inlineGz), 14)}`);
  const shared = result.bytes.find((r) => r.js.largest)?.js;
  if (shared) console.log(`largest shared chunk: ${shared.largest} (${kb(shared.largestGz)} gz); renderer ${shared.renderer}`);
  console.log(`\nmachine: ${result.machine.cpus} × ${result.machine.cpu}; load average at start ${result.machine.loadAtStart.join(' ')}, at end ${result.machine.loadAtEnd.join(' ')}; run took ${result.seconds} s${result.seededSeconds ? ` (of which ${result.seededSeconds} s seeding the 100,000-product database, done once)` : ''}`);
  fs.mkdirSync('bench/results', { recursive: true });
  // The latest run replaces the latest run's keys (also those this run's parts did not fill); rows that decisions cite
  // by name (kept in the file by hand) stay.
  const LATEST_KEYS = new Set(['at', 'machine', 'settings', 'cached', 'signedIn', 'signedInCached', 'uncached', 'bytes', 'seededSeconds', 'pageCacheAfterCached', 'seconds']);
  const file = 'bench/results/catalog.json';
  let kept = {};
  try {
    const old = JSON.parse(fs.readFileSync(file, 'utf8'));
    kept = Object.fromEntries(Object.entries(old).filter(([k]) => !(k in result) && !LATEST_KEYS.has(k)));
  } catch {}
  fs.writeFileSync(file, JSON.stringify({ ...result, ...kept }, null, 1) + '\n');
  console.log(`written: ${file}${Object.keys(kept).length ? ` (named rows kept: ${Object.keys(kept).join(', ')})` : ''}`);
}
