/**
 * Checkout load test (issue #12): 50 buyers, each with 1 unit of the same product in their own
 * basket, submit their orders at the same moment while only 10 units are in stock. Expected: exactly
 * 10 orders, 40 clear refusals naming the product, stock 0 (never negative), and every confirmed
 * order readable afterwards with its line (no lost order). Baseline in the same run: 10 checkouts
 * of another product one after another. Every other buyer pays by card online (issue 26): the
 * payment is asked of the provider (the sandbox) after the order commits, and each card order that
 * wins must answer `payment: {url, method: 'card', status: 'awaiting'}`.
 *
 * Starts the built server (run `npm run build` first) on 127.0.0.1:$BENCH_PORT (default 4424) with a
 * fresh PGlite directory; with DATABASE_URL set it also runs against a fresh PostgreSQL database.
 * Loopback only. Numbers on a shared 2-core machine are provisional.
 */
import pg from 'pg';
import { startBuiltServer } from './built-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4424);
const BASE = `http://127.0.0.1:${PORT}`;
const BUYERS = 50;
const UNITS = 10;

const startServer = (extraEnv) => startBuiltServer({ port: PORT, name: 'checkout', products: 600, env: extraEnv });

/** A guest: the server issues its signed `guest` cookie on the first add (decision 0180), kept here from then on. */
const guest = () => ({ cookie: '' });

async function call(method, pathname, who, body) {
  const res = await fetch(BASE + pathname, { method, headers: { 'content-type': 'application/json', ...(who.cookie ? { cookie: who.cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const issued = res.headers.getSetCookie().find((c) => c.startsWith('guest='));
  if (issued) who.cookie = issued.split(';')[0];
  return { status: res.status, json: await res.json() };
}

/** As the checkout page orders: it has read the state, and sends the pickup total the buyer saw (required). */
async function order(who, payment = 'cash') {
  const expectedTotal = (await call('GET', '/web/orderCheckout/', who)).json.data?.delivery_totals?.['1']?.total ?? 0;
  return call('POST', '/api/order/create/', who, { idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: 1, name: 'Нагрузочный Тест', phone: '+375 29 000-00-00', email: 'bench@example.by', payment, expectedTotal });
}

async function stockOf(productId) {
  const cookie = guest();
  await call('POST', '/api/basket/add/', cookie, { product: productId });
  return (await call('GET', '/web/basket/products/', cookie)).json.data.grid.row[0].stock;
}

/** Two products with plenty of stock; the first is brought down to exactly UNITS by one buyer taking the rest. */
async function prepare() {
  const cookie = guest();
  await call('POST', '/api/basket/list/add/', cookie, { product_list: Array.from({ length: 200 }, (_, i) => ({ product: i + 1, quantity: 1 })) });
  const rows = (await call('GET', '/web/basket/products/?pageSize=200', cookie)).json.data.grid.row.filter((r) => r.can_buy && r.stock > UNITS + 2).sort((a, b) => b.stock - a.stock);
  const [contested, baseline] = rows;
  const rest = contested.stock - UNITS;
  const taker = guest();
  await call('POST', '/api/basket/add/', taker, { product: contested.product_id, quantity: rest });
  const took = await order(taker);
  if (took.status !== 200) throw new Error(`could not bring the stock down: ${JSON.stringify(took.json)}`);
  return { contested, baseline };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function buyers(productId, n) {
  const cookies = Array.from({ length: n }, guest);
  for (const c of cookies) {
    const r = await call('POST', '/api/basket/add/', c, { product: productId, quantity: 1 });
    if (r.status !== 200) throw new Error(`add failed: ${JSON.stringify(r.json)}`);
  }
  return cookies;
}

async function timed(cookie, i = 0) {
  const payment = i % 2 ? 'online' : 'cash';
  const t = performance.now();
  const r = await order(cookie, payment);
  return { ...r, ms: performance.now() - t, cookie, payment };
}

function summary(label, results, ms) {
  const lat = results.map((r) => r.ms).sort((a, b) => a - b);
  return { label, n: results.length, ms, rps: results.length / (ms / 1000), p50: pct(lat, 50), p95: pct(lat, 95), max: lat[lat.length - 1] };
}

async function run(db, env) {
  const stop = await startServer(env);
  try {
    const { contested, baseline } = await prepare();
    const startStock = await stockOf(contested.product_id);

    // Baseline: UNITS checkouts one after another (no contention).
    const seqCookies = await buyers(baseline.product_id, UNITS);
    let t = performance.now();
    const seq = [];
    for (const [i, c] of seqCookies.entries()) seq.push(await timed(c, i));
    const base = summary(`baseline: ${UNITS} checkouts in a row`, seq, performance.now() - t);

    // Load: BUYERS checkouts at once for UNITS units.
    const cookies = await buyers(contested.product_id, BUYERS);
    t = performance.now();
    const results = await Promise.all(cookies.map((c, i) => timed(c, i)));
    const load = summary(`${BUYERS} checkouts at once, ${UNITS} units`, results, performance.now() - t);

    const won = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    const other = results.filter((r) => r.status !== 200 && r.status !== 409);
    const named = refused.every((r) => r.json.errors[0].message.includes(contested.name));
    const endStock = await stockOf(contested.product_id);
    // No lost order: every confirmed order opens for its buyer with its line.
    let readable = 0;
    for (const w of won) {
      const page = await fetch(BASE + w.json.data.url, { headers: { cookie: w.cookie.cookie } });
      if (page.status === 200 && (await page.text()).includes(w.json.data.order_number)) readable++;
    }
    const numbers = new Set(won.map((w) => w.json.data.order_number));
    const cards = [...seq, ...won].filter((w) => w.status === 200 && w.payment === 'online');
    const cardsOk = cards.filter((w) => w.json.data.payment?.method === 'card' && w.json.data.payment?.status === 'awaiting' && /\/payments\/sandbox\//.test(w.json.data.payment?.url ?? '')).length;
    const row = (r) => `  ${r.label.padEnd(36)} ${String(r.n).padStart(3)} req  ${r.ms.toFixed(0).padStart(6)} ms  ${r.rps.toFixed(1).padStart(6)} req/s  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms  max ${r.max.toFixed(0)} ms`;
    console.log(`\n[${db}]`);
    console.log(row(base));
    console.log(row(load));
    console.log(`  stock before ${startStock}, after ${endStock}; orders ${won.length} (distinct numbers ${numbers.size}, readable afterwards ${readable}); refused ${refused.length} (message names the product: ${named ? 'yes' : 'NO'}); other answers ${other.length}; card orders ${cards.length} (with a payment page ${cardsOk})`);
    return won.length === UNITS && numbers.size === UNITS && readable === UNITS && refused.length === BUYERS - UNITS && named && other.length === 0 && endStock === 0 && startStock === UNITS && seq.every((r) => r.status === 200) && cards.length > 0 && cardsOk === cards.length;
  } finally {
    await stop();
  }
}

let ok = await run('PGlite (embedded)', {});
if (process.env.DATABASE_URL) {
  const name = `bench_checkout_${process.pid}`;
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
console.log(ok ? `\nOK: exactly ${UNITS} sold, stock 0, every order kept, every other buyer told which product ran out.` : '\nFAILED: see the figures above.');
process.exit(ok ? 0 : 1);
