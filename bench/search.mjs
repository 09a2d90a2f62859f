// `npm run bench:search`: relevance (success@1/@4, MRR, precision@4, zero-result share, per kind) on the
// judged sets and server latency (p50/p95)
// of POST api/searchHeader/ and GET /search/ at 2,000 and 100,000 products, each against the
// trivial GET /api/header/ measured in the same run as a baseline. Numbers, not pass/fail; the CPU
// may be shared, so compare ratios more than absolute values.
//
//   BENCH_SIZES=2000,100000  BENCH_PORT=4432  BENCH_DIR=/tmp/search-bench  BENCH_ROUNDS=3
// A size's database is seeded into BENCH_DIR/<size> once (100,000 products: about a minute, ~1.2 GB RAM).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sizes = (process.env.BENCH_SIZES ?? '2000,100000').split(',').map(Number);
const port = Number(process.env.BENCH_PORT ?? 4432);
const root = process.env.BENCH_DIR ?? '/tmp/search-bench';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const base = `http://127.0.0.1:${port}`;
const judgedFiles = ['tests/search/judged.json', 'tests/search/judged-v2.json', 'tests/search/judged-intent.json', 'tests/search/judged-tasks.json'];
const judged = judgedFiles.flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
// Written by someone who never saw the search code or the sets above (tests/search/HELDOUT.md): relevance only,
// so the latency rows keep measuring the same queries as before.
const heldOut = 'tests/search/judged-heldout.json';

// What people type: the judged queries, plus every keystroke prefix of a few (the overlay searches while typing).
const typing = ['шуруповерт makita', 'lhtkm elfhyfz', 'болгарка 125', 'ЗД7202X', 'шуруповерт 18в макита', 'піла'].flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2)));
const queries = [...judged.map((j) => j.q), ...typing];

const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n) => `${n.toFixed(1)} ms`;

async function timed(fn) {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
  return performance.now() - t;
}

async function measure(label, makeRequest, list) {
  for (const q of list.slice(0, 20)) await timed(() => makeRequest(q)); // warm-up
  const times = [];
  for (let r = 0; r < rounds; r++) for (const q of list) times.push(await timed(() => makeRequest(q)));
  return { label, n: times.length, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) };
}

function ensureSeeded(size) {
  const dir = path.join(root, String(size));
  if (fs.existsSync(path.join(dir, 'pglite'))) return dir;
  console.log(`… seeding ${size} products into ${dir}`);
  const r = spawnSync(process.execPath, ['scripts/seed.mjs', '--reset', '--products', String(size)], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } });
  if (r.status !== 0) throw new Error('seed failed');
  return dir;
}

async function startServer(dir) {
  const child = spawn(process.execPath, ['scripts/server.mjs'], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED_ON_START: '0', PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
    child.stdout.on('data', (d) => String(d).includes('Store ready') && (clearTimeout(timer), resolve()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

const readRss = (pid) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return '?';
  }
};
const post = (q) => fetch(`${base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ query: q }) });
const page = (q) => fetch(`${base}/search/?q=${encodeURIComponent(q)}`);
const header = () => fetch(`${base}/api/header/`);

const report = [];
for (const size of sizes) {
  const dir = ensureSeeded(size);
  const ev = spawnSync(process.execPath, ['--import', 'tsx', 'bench/search-eval.ts'], { env: { BENCH_JUDGED: [...judgedFiles, heldOut].join(','), ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8' });
  if (ev.status !== 0) throw new Error(ev.stderr);
  const relevance = JSON.parse(ev.stdout.trim().split('\n').pop());
  const server = await startServer(dir);
  try {
    const t = performance.now();
    await timed(() => post('')); // the in-process index loads (or is already loading since boot)
    const indexMs = performance.now() - t;
    const baseline = await measure('GET api/header/ (baseline)', header, queries);
    const api = await measure('POST api/searchHeader/', post, queries);
    const html = await measure('GET /search/?q=', page, judged.map((j) => j.q));
    report.push({ size, relevance, indexMs, rss: readRss(server.pid), rows: [baseline, api, html] });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const f3 = (n) => n.toFixed(3);
const line = (label, k) => `  ${label.padEnd(18)} n=${String(k.n).padStart(3)}  s@1 ${f3(k.successAt1)}  s@4 ${f3(k.successAt4)}  MRR ${f3(k.mrr)}  P@4 ${f3(k.precisionAt4)}  zero ${f3(k.zeroShare)}`;
for (const { size, relevance, rows, indexMs, rss } of report) {
  console.log(`\n=== ${size.toLocaleString('en')} products (engine ${process.env.SEARCH_ENGINE || 'memory'}; index ready ${ms(indexMs)} after "Store ready"; server RSS ${rss} MB) ===`);
  for (const [file, e] of Object.entries(relevance.sets)) {
    console.log(`relevance: ${file}`);
    console.log(line('all', e));
    for (const [kind, k] of Object.entries(e.byKind).sort((a, b) => a[1].successAt4 - b[1].successAt4)) console.log(line(kind, k));
    if (e.misses.length) console.log(`  misses: ${e.misses.join('; ')}`);
  }
  console.log(`nonsense answered with something: ${relevance.nonsense.found.length}/${relevance.nonsense.n} ${relevance.nonsense.found.join('; ')}`);
  const b = rows[0];
  for (const r of rows) console.log(`  ${r.label.padEnd(28)} n=${String(r.n).padStart(4)}  p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  max ${ms(r.max).padStart(9)}  p95 ×${(r.p95 / b.p95).toFixed(1)} baseline`);
}
