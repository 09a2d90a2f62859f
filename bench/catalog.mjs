// npm run bench:catalog — numbers, not pass/fail (needs `npm run build`).
//
// In one run on this machine, for a catalogue of 2,000 and of 100,000 products:
//  - a product page and a filtered level-3 listing: requests/s and p50/p95/p99 latency, uncached
//    (a fresh query parameter per request) and from the route cache;
//  - the same bytes from a bare node:http server, and the ratio store/bare;
//  - total gzipped JavaScript per page type (home, listing, product, brand).
//
// The 100,000-product database is seeded once into BENCH_100K_DIR (default /tmp/catalog100k,
// about 2 minutes and 1.2 GB of RAM) and reused by later runs.
// Options: BENCH_SIZES=2000,100000  BENCH_SECONDS=8  BENCH_CONNECTIONS=8  BENCH_PORT=4413
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const SIZES = (process.env.BENCH_SIZES ?? '2000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 4413);
const BARE_PORT = PORT + 2;
const BIG_DIR = process.env.BENCH_100K_DIR ?? '/tmp/catalog100k';
const SEQUENTIAL = 200;

if (!fs.existsSync('dist/server/entry.mjs')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}

const base = `http://127.0.0.1:${PORT}`;
const ms = (n) => `${n.toFixed(1)} ms`;

async function startStore(products) {
  let dataDir;
  const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: '' };
  if (products >= 100_000) {
    dataDir = BIG_DIR;
    if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
      console.log(`seeding ${products} products into ${dataDir} (once)…`);
      const r = spawnSync(process.execPath, ['scripts/seed.mjs', '--products', String(products)], { stdio: 'inherit', env: { ...env, DATA_DIR: dataDir } });
      if (r.status !== 0) throw new Error('seed failed');
    }
    env.SEED_ON_START = '0';
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
    env.SEED_PRODUCTS = String(products);
  }
  env.DATA_DIR = dataDir;
  const child = spawn(process.execPath, ['scripts/server.mjs'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Store ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (products < 100_000) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(p) {
  const res = await fetch(base + p);
  return (await res.json()).data;
}

/** The pages measured: a product page and a level-3 listing filtered by brand, price and a property. */
async function targets() {
  const leaf = 'shurupoverty-akkumulyatornye';
  const facets = await json(`/web/filter/?section_code=${leaf}`);
  const brands = [...facets.facets.brands].sort((a, b) => b.count - a.count).slice(0, 2).map((b) => b.key).sort();
  const voltage = facets.facets.props.find((p) => p.code === 'voltage').values[1].key;
  const listing = await json(`/web/catalog/filter/clear/apply/?section_code=${leaf}&page_size=1`);
  const sectionUrl = listing.section.URL;
  const filtered = `${sectionUrl}filter/brand-is-${brands.join('-or-')}/price-from-150-to-900/voltage-is-${voltage}/apply/?sort=price_asc`;
  const product = listing.items[0].url;
  return { product, filtered };
}

/** Sequential requests, one at a time: a clean latency distribution. */
async function sequential(url, uncached) {
  const times = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const u = uncached ? `${url}${url.includes('?') ? '&' : '?'}bench=${Date.now()}-${i}` : url;
    const t = performance.now();
    const res = await fetch(base + u);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function load(url, uncached, port = PORT) {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: uncached ? `${url}${url.includes('?') ? '&' : '?'}bench=${n++}` : url }) }],
  });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare node:http server answering every request with the given bytes. */
async function bare(body, type) {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
  await new Promise((r) => server.listen(BARE_PORT, '127.0.0.1', r));
  return { stop: () => new Promise((r) => server.close(r)) };
}

/** Every script a page loads: <script src>, islands' component and renderer, and their imports. */
async function gzippedJs(pagePath) {
  const html = await (await fetch(base + pagePath)).text();
  const queue = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]),
  ];
  const seen = new Set();
  let total = 0;
  for (const inline of html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)) total += gzipSync(inline[1], { level: 9 }).length;
  while (queue.length) {
    const url = new URL(queue.shift(), base + pagePath).href;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await (await fetch(url)).text();
    total += gzipSync(code, { level: 9 }).length;
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1], url).href);
  }
  return { kb: total / 1024, files: seen.size };
}

const report = [];
for (const products of SIZES) {
  console.log(`\n=== ${products.toLocaleString('en')} products ===`);
  const started = Date.now();
  const store = await startStore(products);
  console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const t = await targets();
    for (const [name, url] of [
      ['product page', t.product],
      ['filtered level-3 listing', t.filtered],
    ]) {
      await load(url, true); // warm-up: JIT, PGlite caches, image of the page
      const seqUncached = await sequential(url, true);
      const uncached = await load(url, true);
      const cached = await load(url, false);
      const res = await fetch(base + url);
      const body = Buffer.from(await res.arrayBuffer());
      const server = await bare(body, res.headers.get('content-type') ?? 'text/html');
      const bareRun = await load('/', false, BARE_PORT);
      await server.stop();
      const row = {
        products,
        page: name,
        url,
        bytes: body.length,
        uncached: { ...uncached, seqP50: seqUncached.p50, seqP95: seqUncached.p95, seqP99: seqUncached.p99 },
        cached,
        bare: bareRun,
        ratioUncached: uncached.rps / bareRun.rps,
        ratioCached: cached.rps / bareRun.rps,
      };
      report.push(row);
      console.log(`\n${name}  ${url}  (${(body.length / 1024).toFixed(1)} KB of HTML)`);
      console.log(`  uncached, one at a time: p50 ${ms(seqUncached.p50)}  p95 ${ms(seqUncached.p95)}  p99 ${ms(seqUncached.p99)}  (${SEQUENTIAL} requests)`);
      console.log(`  uncached, ${CONNECTIONS} connections:  ${uncached.rps.toFixed(0)} req/s  p50 ${ms(uncached.p50)}  p99 ${ms(uncached.p99)}`);
      console.log(`  route cache:             ${cached.rps.toFixed(0)} req/s  p50 ${ms(cached.p50)}  p99 ${ms(cached.p99)}`);
      console.log(`  bare node:http:          ${bareRun.rps.toFixed(0)} req/s  p50 ${ms(bareRun.p50)}  p99 ${ms(bareRun.p99)}`);
      console.log(`  ratio store/bare:        uncached ${(row.ratioUncached * 100).toFixed(1)} %   cached ${(row.ratioCached * 100).toFixed(1)} %`);
    }
    if (products === SIZES[0]) {
      console.log('\ngzipped JavaScript per page type (islands only):');
      for (const [name, p] of [
        ['home', '/'],
        ['listing', t.filtered],
        ['product', t.product],
        ['brand', '/brands/bosch/'],
      ]) {
        const js = await gzippedJs(p);
        report.push({ products, page: `${name} JS`, js });
        console.log(`  ${name.padEnd(8)} ${js.kb.toFixed(1)} KB in ${js.files} files`);
      }
    }
  } finally {
    await store.stop();
  }
}

fs.mkdirSync('data', { recursive: true });
fs.writeFileSync('data/bench-catalog.json', JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, load: os.loadavg(), report }, null, 2));
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('written: data/bench-catalog.json');
