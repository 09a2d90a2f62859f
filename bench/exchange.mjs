// npm run bench:exchange — numbers, not pass/fail (needs `npm run build`). Issue 24's exchange benchmark.
//
// Generates a full CommerceML exchange of N products (default 100,000; `--products 10000` for a quick run):
// one zip (1C's zip=yes) holding import.xml (a three-level group tree, properties with units and a
// dictionary, requisites, СодержитТолькоИзменения=false) and offers.xml (3 price types, stock in 2
// warehouses), then an offers-only package of N offers with other prices and stock. A simulated 1C client
// drives them through the real protocol (checkauth → init → file in file_limit chunks → import repeated
// while `progress`) against the built server (scripts/server.mjs with a demo store of 2,000 products to
// serve pages), on PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres: a
// database of its own is created and dropped) and on PGlite (`--db pg` or `--db pglite` for one).
//
// Prints: full import time (upload + import of both files until success), offers-only time, server RSS
// before / peak (growth; "before" is a node whose page cache is full, as a node that has served visitors for a while
// is: the bench fills it first, and prints the growth from the cold cache too), and while the exchange runs: cached product page requests/s against idle (ratio;
// autocannon, 10 connections, 3 s windows) and uncached product page p95 against idle (ratio; one launched every
// 250 ms, each with a new ?nocache=N, beside the same cached load for 30 s before the exchange and during it; the
// slowest is printed too, and the p95 of one request at a time with no other visitor, for reference). Targets (issue 24): full ≤ 3 min PG / ≤ 6 min PGlite,
// offers-only ≤ 60 s PG, RSS growth ≤ 250 MB, cached ≥ 0.5× idle, uncached p95 ≤ 3× idle.
// Results also in bench/results/exchange.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { groupTree, importXml, offersXml, writeZip } from './commerceml-gen.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const N = Number(arg('products', process.env.BENCH_PRODUCTS ?? 100_000));
const DBS = arg('db', 'pg,pglite').split(',');
// Only the server is taken from here: the bench creates its own database beside whichever database the URL names.
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PICTURES = Math.min(100, N);
const AUTH = `Basic ${Buffer.from('bench-1c:bench-1c-password').toString('base64')}`;
const ADDRESS = '/bitrix/admin/1c_exchange.php';
/** Pages are asked for as browsers ask (the store answers brotli to this). */
const BROWSER = { 'accept-encoding': 'br, gzip' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] : NaN;
};
const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return NaN;
  }
};

async function startServer(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-xchg-'));
  const port = 4900 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base, SEED_PRODUCTS: '2000', SEED_ON_START: '1', EXCHANGE_LOGIN: 'bench-1c', EXCHANGE_PASSWORD: 'bench-1c-password', EXCHANGE_MAX_FILE_MB: '2048', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20000)));
  const until = Date.now() + 600_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    log: () => log,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** 1C's side: checkauth → init → the zip in file_limit chunks → import of each file until success. */
async function exchange(base, zipFile, files, onAnswer = () => {}) {
  const res = await fetch(`${base}${ADDRESS}?type=catalog&mode=checkauth`, { headers: { authorization: AUTH } });
  const [status, name, value] = (await res.text()).split('\n');
  if (status !== 'success') throw new Error(`checkauth: ${status}`);
  const cookie = `${name}=${value}`;
  const call = async (q, init = {}) => (await fetch(`${base}${ADDRESS}?${q}`, { ...init, headers: { cookie } })).text();
  const init = await call('type=catalog&mode=init');
  const limit = Number(/file_limit=(\d+)/.exec(init)[1]);
  const fd = fs.openSync(zipFile, 'r');
  const size = fs.fstatSync(fd).size;
  const buf = Buffer.alloc(Math.min(limit, size));
  for (let at = 0; at < size; at += limit) {
    const n = fs.readSync(fd, buf, 0, Math.min(limit, size - at), at);
    const answer = await call(`type=catalog&mode=file&filename=${path.basename(zipFile)}`, { method: 'POST', body: new Uint8Array(buf.subarray(0, n)) });
    if (answer !== 'success') throw new Error(`file: ${answer}`);
  }
  fs.closeSync(fd);
  for (const f of files) {
    for (;;) {
      const answer = await call(`type=catalog&mode=import&filename=${f}`);
      onAnswer(f, answer);
      if (answer === 'success') break;
      if (!answer.startsWith('progress')) throw new Error(`import ${f}: ${answer}`);
    }
  }
}

async function measureCached(url, seconds) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, connections: 10, duration: seconds, headers: BROWSER });
  return r.requests.average;
}
let nocache = 0;
async function uncachedLatencies(base, p, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${p}?nocache=${++nocache}`, { headers: BROWSER });
    await res.arrayBuffer();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Fills the node's page cache to its byte budget with the kind of page the visitors below ask for (a product page under a
 * new ?nocache=N each), 4 at a time. A node that has served visitors for a while holds a full cache; started fresh, the
 * cache would fill during the exchange with the visitors' own pages, and that bounded growth (PAGE_CACHE_MB) would be
 * counted as the exchange's.
 */
async function fillPageCache(base, p) {
  const cache = async () => (await (await fetch(`${base}/api/health/`)).json()).data.pageCache;
  let asked = 0;
  for (let c = await cache(); c.bytes < c.maxBytes * 0.97 && asked < 20_000; c = await cache()) {
    await Promise.all(Array.from({ length: 4 }, () => uncachedLatencies(base, p, 25)));
    asked += 100;
  }
  const c = await cache();
  return { asked, entries: c.entries, mb: c.bytes / 2 ** 20, maxMb: c.maxBytes / 2 ** 20 };
}

/**
 * The visitors the bench plays: cached product pages in autocannon windows of 3 s (10 connections, after 2 s), and an
 * uncached one launched every 250 ms, not one after the other — a request that waits for the database (PGlite's one
 * connection during an import transaction) then shows as many slow samples, not one.
 */
function visitors(base, cachedUrl, productPath) {
  const seen = { rps: [], lat: [] };
  let running = true;
  const pending = new Set();
  const ticker = setInterval(() => {
    const t = performance.now();
    const p = fetch(`${base}${productPath}?nocache=${++nocache}`, { headers: BROWSER })
      .then((res) => res.arrayBuffer())
      .then(() => seen.lat.push(performance.now() - t))
      .catch(() => seen.lat.push(performance.now() - t))
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 250);
  const done = (async () => {
    await sleep(2000);
    while (running) seen.rps.push(await measureCached(cachedUrl, 3));
    clearInterval(ticker);
    await Promise.all([...pending]);
  })();
  const stop = async () => {
    running = false;
    await done;
    return seen;
  };
  return { stop, stopAfter: async (ms) => (await sleep(ms), stop()) };
}

async function makePackages(dir) {
  const prefix = 'bx';
  const tree = groupTree(prefix, 8, 5); // 8 roots × 5 × 5 = 200 leaf groups
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
  const pics = Array.from({ length: PICTURES }, (_, i) => [`import_files/${String(i % 100).padStart(2, '0')}/pic${i}.jpg`, jpeg]);
  const full = path.join(dir, 'full.zip');
  const started = performance.now();
  await writeZip(full, [
    ['import.xml', importXml({ prefix, products: N, tree, pictures: (i) => (i < PICTURES ? pics[i][0] : null) })],
    ['offers.xml', offersXml({ prefix, products: N })],
    ...pics,
  ]);
  const offers = path.join(dir, 'offers.zip');
  await writeZip(offers, [['offers.xml', offersXml({ prefix, products: N, priceOf: (i, t) => (120 + (i % 900) + 0.25) * (1 - t * 0.1), qtyOf: (i) => (i + 3) % 11 })]]);
  console.log(`generated ${N.toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(1)} s: full.zip ${(fs.statSync(full).size / 2 ** 20).toFixed(1)} MB, offers.zip ${(fs.statSync(offers).size / 2 ** 20).toFixed(1)} MB`);
  return { full, offers };
}

async function runOn(kind, packages) {
  let dbUrl = '';
  let dropDb = async () => {};
  if (kind === 'pg') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const name = `bench_xchg_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  console.log(`\n=== ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: starting the store (2,000 demo products)…`);
  const server = await startServer(kind === 'pg' ? { DATABASE_URL: dbUrl } : {});
  try {
    const listing = await (await fetch(`${server.base}/web/catalog/filter/clear/apply/?page_size=30`)).json();
    const productPath = listing.data.items[5].url ?? listing.data.items[5].detail_page_url;
    const cachedUrl = `${server.base}${productPath}`;
    for (let i = 0; i < 3; i++) await (await fetch(cachedUrl, { headers: BROWSER })).arrayBuffer();
    const rssCold = rssMb(server.pid);
    const filled = await fillPageCache(server.base, productPath);
    console.log(`page cache filled: ${filled.entries} pages, ${filled.mb.toFixed(1)} of ${filled.maxMb} MB (${filled.asked} uncached product pages); RSS ${rssCold.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB`);
    await uncachedLatencies(server.base, productPath, 10);
    const idleRps = await measureCached(cachedUrl, 5);
    const idleLat = await uncachedLatencies(server.base, productPath, 60);
    const idleP95 = pct(idleLat, 0.95);
    console.log(`idle: cached product page ${idleRps.toFixed(0)} req/s, uncached p95 ${idleP95.toFixed(1)} ms`);

    // The same visitors without an exchange: the uncached pages' baseline under the bench's own cached load, so the
    // ratio below is the exchange's share, not autocannon's (decision 0200, sixth session).
    const rssBeforeVisitors = rssMb(server.pid);
    const loadedIdle = await visitors(server.base, cachedUrl, productPath).stopAfter(30_000);
    const loadedIdleP95 = pct(loadedIdle.lat, 0.95);
    const loadedIdleRps = loadedIdle.rps.reduce((a, b) => a + b, 0) / loadedIdle.rps.length;
    console.log(`idle under the same visitors as during: uncached p95 ${loadedIdleP95.toFixed(1)} ms (${loadedIdle.lat.length} samples), cached ${loadedIdleRps.toFixed(0)} req/s`);

    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid) || 0)), 100);
    const load = visitors(server.base, cachedUrl, productPath);
    let lastLine = '';
    const t0 = performance.now();
    await exchange(server.base, packages.full, ['import.xml', 'offers.xml'], (f, a) => {
      if (a !== lastLine && a.startsWith('progress')) process.stdout.write(`  ${a.replace('\n', ': ')}\n`);
      lastLine = a;
    });
    const fullS = (performance.now() - t0) / 1000;
    console.log(`full exchange: ${fullS.toFixed(1)} s`);
    const t1 = performance.now();
    await exchange(server.base, packages.offers, ['offers.xml']);
    const offersS = (performance.now() - t1) / 1000;
    console.log(`offers-only exchange: ${offersS.toFixed(1)} s`);
    const during = await load.stop();
    clearInterval(sampler);
    const duringRps = during.rps.length ? during.rps.reduce((a, b) => a + b, 0) / during.rps.length : NaN;
    const duringP95 = pct(during.lat, 0.95);
    const check = (ok) => (ok ? 'ok' : 'MISSED');
    const r = {
      db: kind,
      products: N,
      fullSeconds: fullS,
      offersOnlySeconds: offersS,
      rssBeforeMb: rssBefore,
      rssPeakMb: rssPeak,
      rssGrowthMb: rssPeak - rssBefore,
      rssBeforeVisitorsMb: rssBeforeVisitors,
      rssColdCacheMb: rssCold,
      rssGrowthFromColdCacheMb: rssPeak - rssCold,
      pageCacheFilledMb: filled.mb,
      idleCachedRps: idleRps,
      duringCachedRps: duringRps,
      cachedRatio: duringRps / idleRps,
      idleUncachedP95Ms: idleP95,
      duringUncachedP95Ms: duringP95,
      uncachedP95Ratio: duringP95 / idleP95,
      idleLoadedUncachedP95Ms: loadedIdleP95,
      idleLoadedCachedRps: loadedIdleRps,
      cachedRatioSameVisitors: duringRps / loadedIdleRps,
      uncachedP95RatioSameVisitors: duringP95 / loadedIdleP95,
      duringUncachedMaxMs: Math.max(...during.lat),
      windows: during.rps.length,
      uncachedSamples: during.lat.length,
    };
    const fullTarget = kind === 'pg' ? 180 : 360;
    console.log(`  full import          ${fullS.toFixed(1)} s (target ≤ ${fullTarget} s: ${check(fullS <= fullTarget)})`);
    console.log(`  offers-only          ${offersS.toFixed(1)} s${kind === 'pg' ? ` (target ≤ 60 s: ${check(offersS <= 60)})` : ''}`);
    console.log(`  server RSS           ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB peak → growth ${r.rssGrowthMb.toFixed(0)} MB (target ≤ 250: ${check(r.rssGrowthMb <= 250)}); ${rssBeforeVisitors.toFixed(0)} MB before the idle visitors`);
    console.log(`                       (${rssCold.toFixed(0)} MB before the page cache was filled: ${r.rssGrowthFromColdCacheMb.toFixed(0)} MB from there)`);
    console.log(`  cached page          ${duringRps.toFixed(0)} req/s during vs ${idleRps.toFixed(0)} idle → ${r.cachedRatio.toFixed(2)}× (target ≥ 0.5: ${check(r.cachedRatio >= 0.5)})`);
    console.log(`                       (against ${loadedIdleRps.toFixed(0)} idle with the same visitors — the uncached pages too: ${r.cachedRatioSameVisitors.toFixed(2)}×)`);
    console.log(`  uncached product p95 ${duringP95.toFixed(1)} ms during vs ${loadedIdleP95.toFixed(1)} idle with the same visitors → ${r.uncachedP95RatioSameVisitors.toFixed(2)}× (target ≤ 3: ${check(r.uncachedP95RatioSameVisitors <= 3)}); slowest ${(r.duringUncachedMaxMs / 1000).toFixed(1)} s`);
    console.log(`                       (against ${idleP95.toFixed(1)} ms idle with no other visitor: ${r.uncachedP95Ratio.toFixed(2)}×)`);
    return r;
  } catch (e) {
    console.error(server.log().slice(-4000));
    throw e;
  } finally {
    await server.stop();
    await dropDb();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-xchg-files-'));
try {
  const packages = await makePackages(dir);
  const results = [];
  for (const kind of DBS) results.push(await runOn(kind, packages));
  fs.mkdirSync('bench/results', { recursive: true });
  // Newest first, after the runs that decisions cite (decision 0200): a run adds its rows, never replaces the history.
  const file = 'bench/results/exchange.json';
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const at = new Date().toISOString();
  fs.writeFileSync(file, JSON.stringify({ ...kept, at, results: [...results.map((r) => ({ at, ...r })), ...(kept.results ?? [])] }, null, 2));
  console.log('\nwritten: bench/results/exchange.json');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
