// npm run bench:exports — numbers, not pass/fail (needs `npm run build`).
//
// The whole 100,000-product catalogue pulled through the feed URL with an API token, as CSV and as
// YML, the way an outside system does it (gzip accepted): time to the first byte, rows per second,
// and how much the server's resident memory grows during the pull (sampled from /proc every 20 ms).
// Targets (docs/decisions/0160-exports.md): first byte ≤ 1 s, RSS growth ≤ 150 MB.
//
// Data: a 100,000-product database in BENCH_EXPORTS_DIR (default /tmp/catalog100k-exports). It is a
// copy of BENCH_100K_DIR (default /tmp/catalog100k, the one bench/catalog.mjs seeds) when that exists,
// else seeded there once (about 2 minutes). A copy, not the shared directory itself: this branch's
// migrations must not land in a database other branches' benchmarks reuse.
// Options: BENCH_PORT=4419
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DIR = process.env.BENCH_EXPORTS_DIR ?? '/tmp/catalog100k-exports';
const SHARED = process.env.BENCH_100K_DIR ?? '/tmp/catalog100k';
const PORT = Number(process.env.BENCH_PORT ?? 4419);
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Demo2026pass';

if (!fs.existsSync('dist/server/entry.mjs')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}

function prepareData() {
  if (fs.existsSync(path.join(DIR, 'pglite'))) return;
  if (fs.existsSync(path.join(SHARED, 'pglite'))) {
    console.log(`copying ${SHARED} → ${DIR} (once)…`);
    fs.cpSync(SHARED, DIR, { recursive: true });
    return;
  }
  console.log(`seeding 100,000 products into ${DIR} (once, about 2 minutes)…`);
  const r = spawnSync(process.execPath, ['scripts/seed.mjs', '--reset', '--products', '100000'], { stdio: 'inherit', env: { ...process.env, DATA_DIR: DIR, DATABASE_URL: '' } });
  if (r.status !== 0) throw new Error('seed failed');
}

async function startServer() {
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: DIR, DATABASE_URL: '', SEED_ON_START: '0', SITE_URL: base },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Store ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** Resident memory of a process in bytes (Linux). */
function rss(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function call(session, p, body) {
  const res = await fetch(base + p, {
    method: body ? 'POST' : 'GET',
    headers: { token: session, 'content-type': 'application/json', origin: base },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.status !== 'success') throw new Error(`${p}: ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** One pull through the feed URL, counting rows as the body streams in (never holding it whole). */
async function measure(pid, url, rowMarker, headerRows) {
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const headersAt = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let firstByte = null;
  let bytes = 0;
  let marks = 0;
  let tail = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    bytes += value.length;
    const text = tail + decoder.decode(value, { stream: true });
    marks += text.split(rowMarker).length - 1;
    tail = rowMarker.length > 1 ? text.slice(-(rowMarker.length - 1)) : '';
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rss(pid));
  const rows = marks - headerRows;
  return { rows, bytes, headersMs: headersAt, firstByteMs: firstByte, totalMs: total, rowsPerSecond: rows / (total / 1000), rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20, rssGrowthMb: (peak - before) / 2 ** 20, encoding: res.headers.get('content-encoding') ?? 'identity', etag: res.headers.get('etag') };
}

prepareData();
const started = Date.now();
const server = await startServer();
console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);
const report = [];
const made = [];
let session;
try {
  const login = await fetch(`${base}/api/authentication/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ login: 'admin@stroymontazh.by', password: PASSWORD }) });
  session = (await login.json()).data.token;
  const fields = ['article', 'name', 'brand', 'section', 'my_price', 'retail_price', 'stock', 'images', 'url'];
  const csv = await call(session, '/api/profile/export/add/', { title: 'bench CSV', source: 'all', fields, format: 'csv', schedule: 'always' });
  const yml = await call(session, '/api/profile/export/add/', { title: 'bench YML', source: 'all', fields: [...fields, 'vat', 'description'], format: 'yml', schedule: 'always' });
  const warm = await call(session, '/api/profile/export/add/', { title: 'bench warm-up', source: 'brands', brandIds: [1], fields, format: 'json', schedule: 'always' });
  made.push(csv.id, yml.id, warm.id);
  // Issued as the page does: a POST with this site's Origin (a bare GET is refused, issue 28 #8).
  const { token } = await call(session, '/web/profile/generateapitoken/', { name: 'bench' });
  // Warm-up: code paths loaded, caches filled, so the figures are the pull itself.
  await (await fetch(`${base}/feed/${warm.id}.json?token=${token}`)).arrayBuffer();

  for (const [name, list, ext, marker, headerRows] of [
    ['CSV', csv, 'csv', '\n', 1],
    ['YML', yml, 'xml', '<offer ', 0],
  ]) {
    const url = `${base}/feed/${list.id}.${ext}?token=${token}`;
    const m = await measure(server.pid, url, marker, headerRows);
    const t304 = performance.now();
    const again = await fetch(url, { headers: { 'if-none-match': m.etag } });
    const notModifiedMs = performance.now() - t304;
    report.push({ format: name, ...m, notModified: again.status, notModifiedMs });
    console.log(`\n${name}: ${m.rows.toLocaleString('en')} products, ${(m.bytes / 2 ** 20).toFixed(1)} MB (${m.encoding} on the wire, counted after decoding)`);
    console.log(`  time to first byte   ${m.firstByteMs.toFixed(0)} ms (headers at ${m.headersMs.toFixed(0)} ms)`);
    console.log(`  whole pull           ${(m.totalMs / 1000).toFixed(1)} s → ${Math.round(m.rowsPerSecond).toLocaleString('en')} rows/s`);
    console.log(`  server RSS           ${m.rssBeforeMb.toFixed(0)} MB before, ${m.rssPeakMb.toFixed(0)} MB peak → growth ${m.rssGrowthMb.toFixed(1)} MB`);
    console.log(`  repeat with ETag     HTTP ${again.status} in ${notModifiedMs.toFixed(0)} ms`);
  }
} finally {
  for (const id of made) await call(session, '/api/profile/export/remove/', { id }).catch(() => {});
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

fs.mkdirSync('data', { recursive: true });
fs.writeFileSync('data/bench-exports.json', JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, load: os.loadavg(), report }, null, 2));
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('targets: first byte ≤ 1000 ms, RSS growth ≤ 150 MB — written: data/bench-exports.json');
