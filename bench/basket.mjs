/**
 * Basket load test (issue #4): 50 concurrent clients each add 1 unit of the same product to ONE
 * basket 20 times; the final quantity must be exactly 1,000 (no lost update). Baseline in the same
 * run: one client doing the same adds one after another.
 *
 * Starts the built server (run `npm run build` first) on 127.0.0.1:$BENCH_PORT (default 4423) with a
 * fresh PGlite directory; with DATABASE_URL set it also runs against a fresh PostgreSQL database.
 * Loopback only. Numbers on a shared 2-core machine are provisional.
 */
import pg from 'pg';
import { startBuiltServer } from './built-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4423);
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = 50;
const ADDS = 20;

const startServer = (extraEnv) => startBuiltServer({ port: PORT, name: 'basket', products: 600, env: extraEnv });

async function post(pathname, body, cookie) {
  const res = await fetch(BASE + pathname, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const json = await res.json();
  return { status: res.status, json };
}

const guestCookie = () => `guest=${crypto.randomUUID()}`;

/** A product sold "под заказ" (no stock): its limit (9,999) is above the 1,000 units the test adds. */
async function onOrderProduct() {
  const cookie = guestCookie();
  const ids = Array.from({ length: 300 }, (_, i) => ({ product: i + 1, quantity: 9999 }));
  const { json } = await post('/api/basket/list/add/', { product_list: ids }, cookie);
  const pick = json.data.added.find((a) => a.quantity >= 1000);
  if (!pick) throw new Error('no on-order product among the first 300');
  return pick.product_id;
}

async function quantityOf(cookie, productId) {
  const res = await fetch(`${BASE}/web/basket/products/?pageSize=200`, { headers: { cookie } });
  const json = await res.json();
  return [...json.data.grid.row, ...json.data.inactive].find((r) => r.product_id === productId)?.quantity ?? 0;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function client(cookie, productId, n, latencies, failures) {
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const { status } = await post('/api/basket/add/', { product: productId, quantity: 1 }, cookie);
    latencies.push(performance.now() - t);
    if (status !== 200) failures.push(status);
  }
}

async function scenario(label, clients, adds, productId) {
  const cookie = guestCookie(); // every client shares this one basket
  const latencies = [];
  const failures = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, () => client(cookie, productId, adds, latencies, failures)));
  const ms = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const final = await quantityOf(cookie, productId);
  return { label, requests: clients * adds, ms, rps: (clients * adds) / (ms / 1000), p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), final, expected: clients * adds, failures: failures.length };
}

function print(db, base, load) {
  const row = (r) => `  ${r.label.padEnd(34)} ${String(r.requests).padStart(5)} req  ${r.ms.toFixed(0).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  final qty ${r.final}/${r.expected}  errors ${r.failures}`;
  console.log(`\n[${db}]`);
  console.log(row(base));
  console.log(row(load));
  console.log(`  ratio (50 concurrent vs 1 sequential): throughput ×${(load.rps / base.rps).toFixed(2)}, p50 latency ×${(load.p50 / base.p50).toFixed(2)}`);
}

async function run(db, env) {
  const stop = await startServer(env);
  try {
    const productId = await onOrderProduct();
    // Warm-up: JIT and connection set-up do not belong to either measurement.
    await scenario('warm-up', 5, 10, productId);
    const base = await scenario(`baseline: 1 client × ${CLIENTS * ADDS}`, 1, CLIENTS * ADDS, productId);
    const load = await scenario(`${CLIENTS} clients × ${ADDS}, one basket`, CLIENTS, ADDS, productId);
    print(db, base, load);
    return load.final === load.expected && load.failures === 0 && base.final === base.expected;
  } finally {
    await stop();
  }
}

let ok = await run('PGlite (embedded)', {});
if (process.env.DATABASE_URL) {
  const name = `bench_basket_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    ok = (await run('PostgreSQL', { DATABASE_URL: url.toString() })) && ok;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
console.log(ok ? '\nOK: every add counted (final quantity exactly 1,000).' : '\nFAILED: updates were lost or refused.');
process.exit(ok ? 0 : 1);
