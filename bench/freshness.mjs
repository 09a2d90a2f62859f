/**
 * Freshness of what shoppers see on two app nodes (issue 22). Two built servers on one fresh PostgreSQL
 * database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the bench creates and drops
 * its own database). Loopback only.
 *
 * Phase 1: 200 changes by 4 concurrent writers — three change prices by SQL (as an ERP import or psql
 * would), one places real guest checkouts (stock per branch) — against products whose product page, section
 * listing (the JSON listing call) and search answer are cached/indexed on both nodes. For each change: the
 * time from its commit until both nodes show it on all three; p50/p95/max, and how many were still stale
 * 2 s after their commit.
 * Phase 2: one UPDATE of 6,000 prices while guests search on both nodes without pause: the slowest search
 * during and after it (baseline: the slowest search before it, same run), and how many cached product pages
 * of products it did not touch are still cache hits afterwards.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 8000);
const CHANGES = 200;
const WRITERS = 4;

const dbName = `bench_fresh_${process.pid}`;
const withDb = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function startNode(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-'));
  const port = 4430 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/server.mjs'], { env: { ...process.env, NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const until = Date.now() + 600_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const money = (n) => `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n).replace(/\u00a0|\u202f/g, ' ')} р.`;
const get = async (url) => {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  return { cache: res.headers.get('x-cache'), body: await res.text() };
};
const search = async (base, q) => {
  const started = performance.now();
  const res = await fetch(`${base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ query: q }) });
  const json = await res.json();
  return { ms: performance.now() - started, products: json.data?.products ?? [] };
};
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] : NaN;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Per-branch stock cells of a product page, as a sorted list of their texts. */
const stockCells = (html) => [...html.matchAll(/<td class="(?:yes|no)[^"]*"[^>]*>([^<]*)<\/td>/g)].map((m) => m[1].trim()).sort();

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = withDb(ADMIN_URL, dbName);
  const nodes = [];
  const sql = new pg.Client({ connectionString: url });
  try {
    console.log(`seeding ${PRODUCTS} products and starting two nodes…`);
    nodes.push(await startNode({ DATABASE_URL: url, SEED_PRODUCTS: String(PRODUCTS), SEED_ON_START: '1', NODE_ENV: 'development' }));
    nodes.push(await startNode({ DATABASE_URL: url, SEED_ON_START: '0' }));
    await sql.connect();

    // Products that the first page of their section's listing shows, with stock in branch 1 for checkouts.
    const { rows: sections } = await sql.query(`SELECT s.id, s.code FROM sections s WHERE EXISTS (SELECT 1 FROM products p WHERE p.section_id = s.id AND p.active) ORDER BY s.id`);
    const targets = [];
    for (const s of sections) {
      const listing = `/web/catalog/filter/clear/apply/?section_code=${s.code}&page_size=48`;
      const { body } = await get(nodes[0].base + listing);
      const items = JSON.parse(body).data?.items ?? [];
      for (const it of items.slice(0, 8)) targets.push({ id: it.id, listing });
      if (targets.length >= CHANGES + 20) break;
    }
    const ids = targets.map((t) => t.id);
    const { rows: info } = await sql.query('SELECT p.id, p.code, p.article, (SELECT quantity FROM stocks WHERE product_id = p.id AND branch_id = 1) AS b1 FROM products p WHERE p.id = ANY($1)', [ids]);
    const byId = new Map(info.map((r) => [r.id, r]));
    const list = targets.filter((t) => byId.has(t.id)).slice(0, CHANGES).map((t) => ({ ...t, ...byId.get(t.id), page: `/${byId.get(t.id).code}/` }));
    console.log(`warming ${list.length} product pages, listings and search answers on both nodes…`);
    for (const t of list) for (const n of nodes) {
      await get(n.base + t.page);
      await get(n.base + t.listing);
    }

    // Phase 1.
    const results = [];
    let next = 0;
    const priceOf = (i) => 9000 + i + 0.37;
    const checkoutable = list.filter((t) => Number(t.b1) > 1);
    const writer = async (w) => {
      for (;;) {
        const i = next++;
        if (i >= list.length) return;
        let t = list[i];
        let check;
        if (w === 0 && checkoutable.length) {
          // A real checkout: a guest buys one unit for pickup in branch 1.
          t = checkoutable[i % checkoutable.length];
          let cookie = '';
          const call = async (p, body) => {
            const res = await fetch(nodes[i % 2].base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), origin: nodes[i % 2].base }, body: JSON.stringify(body) });
            // The server issues (and signs) the guest cookie on the first write.
            const set = res.headers.getSetCookie().find((c) => c.startsWith('guest='));
            if (set) cookie = set.split(';')[0];
            return res.json();
          };
          await call('/api/basket/add/', { product: t.id });
          const state = await (await fetch(nodes[i % 2].base + '/web/orderCheckout/', { headers: { cookie } })).json();
          const made = await call('/api/order/create/', { expectedTotal: state.data?.delivery_totals?.['1']?.total ?? 0, idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: 1, name: 'Нагрузочный Тест', phone: '+375 29 000-00-00', email: 'bench@example.by', payment: 'cash' });
          if (!made.data || made.errors?.length) {
            console.log(`  checkout refused: ${JSON.stringify(made.errors ?? made).slice(0, 200)}`);
            continue;
          }
          const committed = performance.now();
          const { rows } = await sql.query(`SELECT s.quantity FROM branches b LEFT JOIN stocks s ON s.branch_id = b.id AND s.product_id = $1 ORDER BY b.id`, [t.id]);
          const want = rows.map((r) => (Number(r.quantity) > 0 ? `${r.quantity} шт.` : null));
          check = { committed, kind: 'stock', t, ok: (page) => want.filter(Boolean).every((cell) => stockCells(page).includes(cell)) };
        } else {
          const price = priceOf(i);
          await sql.query('UPDATE products SET price = $2, old_price = NULL WHERE id = $1', [t.id, price]);
          const committed = performance.now();
          check = { committed, kind: 'price', t, price, ok: (page) => page.includes(`"price":"${price.toFixed(2)}"`) };
        }
        results.push(check);
        // About 20 changes a second in all: a busy import, not a flood the bench itself would have to queue behind.
        await sleep(200);
      }
    };
    // Each surface is looked at until it shows the change (then no more): product page and, for a price, the
    // listing and the search answer, on both nodes. The slowest of them is the change's time.
    const surfaces = (c) =>
      nodes.flatMap((n) => [
        ['page', () => get(n.base + c.t.page).then((r) => c.ok(r.body))],
        ...(c.kind === 'price'
          ? [
              ['listing', () => get(n.base + c.t.listing).then((r) => r.body.includes(`${c.price}`))],
              ['search', () => search(n.base, c.t.article).then((r) => r.products.some((p) => p.id === c.t.id && Math.abs(p.price - c.price) < 0.001))],
            ]
          : []),
      ]);
    const watch = async (c) => {
      c.bySurface = {};
      await Promise.all(
        surfaces(c).map(async ([name, look]) => {
          for (;;) {
            const ok = await look();
            const ms = performance.now() - c.committed;
            if (ok || ms > 20_000) {
              c.bySurface[name] = Math.max(c.bySurface[name] ?? 0, ok ? ms : Infinity);
              return;
            }
            await sleep(40);
          }
        }),
      );
      c.took = Math.max(...Object.values(c.bySurface));
    };
    const watching = [];
    const started = performance.now();
    const pump = setInterval(() => {
      while (watching.length < results.length) watching.push(watch(results[watching.length]));
    }, 5);
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    while (watching.length < results.length) await sleep(10);
    clearInterval(pump);
    await Promise.all(watching);
    const took = results.map((r) => r.took);
    const stale = took.filter((ms) => ms > 2000).length;
    console.log(`\nphase 1: ${results.length} changes (${results.filter((r) => r.kind === 'stock').length} by checkout) in ${((performance.now() - started) / 1000).toFixed(1)} s, 4 writers, both nodes: product page + listing + search`);
    for (const name of ['page', 'listing', 'search']) {
      const t = results.map((r) => r.bySurface[name]).filter((v) => v !== undefined);
      console.log(`  ${name.padEnd(8)} p50 ${pct(t, 0.5).toFixed(0)} ms · p95 ${pct(t, 0.95).toFixed(0)} ms · max ${Math.max(...t).toFixed(0)} ms`);
    }
    console.log(`  visible on both nodes after: p50 ${pct(took, 0.5).toFixed(0)} ms · p95 ${pct(took, 0.95).toFixed(0)} ms · max ${Math.max(...took).toFixed(0)} ms · still stale after 2 s: ${stale}`);

    // Phase 2.
    const { rows: bulkIds } = await sql.query('SELECT id, code FROM products WHERE active ORDER BY id DESC LIMIT $1', [Math.min(6000, Math.floor(PRODUCTS * 0.75))]);
    const bulk = new Set(bulkIds.map((r) => r.id));
    const bulkCodes = new Set(bulkIds.map((r) => r.code));
    // Product pages that show none of the products the update changes (a page listing one is rightly dropped).
    const untouched = [];
    for (const t of list) {
      if (bulk.has(t.id) || untouched.length >= 60) continue;
      const { body } = await get(nodes[0].base + t.page);
      const shows = [...body.matchAll(/href="\/([a-z0-9-]+)\/"/g)].some((m) => bulkCodes.has(m[1]));
      if (!shows) untouched.push(t);
    }
    for (const t of untouched) for (const n of nodes) await get(n.base + t.page);
    const queries = ['дрель', 'болгарка makita', 'шуруповерт 18в', 'перфоратор bosch', 'лобзик', 'пила дисковая'];
    const searchTimes = { before: [], during: [] };
    let phase = 'before';
    let searching = true;
    const searchers = nodes.map(async (n, k) => {
      for (let i = k; searching; i++) {
        const r = await search(n.base, queries[i % queries.length]);
        searchTimes[phase].push(r.ms);
      }
    });
    await sleep(3000);
    phase = 'during';
    const bulkStarted = performance.now();
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const waits = setInterval(async () => {
      const { rows } = await probe.query(`SELECT wait_event_type, wait_event, state, left(query, 60) AS q FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle' AND pid <> pg_backend_pid()`, [dbName]);
      if (performance.now() - bulkStarted > 2000) console.log('  still updating:', JSON.stringify(rows));
    }, 2000);
    await sql.query('UPDATE products SET price = price + 0.01 WHERE id >= $1', [Math.min(...bulk)]);
    clearInterval(waits);
    await probe.end();
    const bulkMs = performance.now() - bulkStarted;
    await sleep(5000);
    searching = false;
    await Promise.all(searchers);
    let hits = 0;
    for (const t of untouched) for (const n of nodes) if ((await get(n.base + t.page)).cache === 'HIT') hits++;
    console.log(`\nphase 2: UPDATE of ${bulk.size} prices in one statement (${bulkMs.toFixed(0)} ms), searches on both nodes`);
    console.log(`  slowest search before: ${Math.max(...searchTimes.before).toFixed(0)} ms (p50 ${pct(searchTimes.before, 0.5).toFixed(1)}) · during and 5 s after: ${Math.max(...searchTimes.during).toFixed(0)} ms (p50 ${pct(searchTimes.during, 0.5).toFixed(1)}, ${searchTimes.during.length} searches) · ratio of slowest ${(Math.max(...searchTimes.during) / Math.max(...searchTimes.before)).toFixed(2)}×`);
    console.log(`  cached pages of untouched products still hits: ${hits} of ${untouched.length * nodes.length}`);
  } finally {
    await sql.end().catch(() => {});
    await Promise.all(nodes.map((n) => n.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
