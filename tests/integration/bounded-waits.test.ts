/**
 * Issue 22: one slow transaction never freezes a node. An outside client holds a product's stock
 * rows (`SELECT … FOR UPDATE` in an open transaction) while twelve guests check that product out at
 * once. Checkout's transaction runs on its own small pool and waits at most CHECKOUT_LOCK_TIMEOUT_MS
 * for the stock, so meanwhile /api/health/ and an uncached page answer within a second; every
 * checkout ends in success or the Russian «try again» 409/503 — never a 500, never a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Visitor } from '../helpers/http';
import { checkoutTotal, pickupBody, placeOrder } from '../helpers/shop';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { t } from '../../src/i18n';

const onPostgres = !!process.env.DATABASE_URL;
let srv: OwnServer | undefined;
let product: { id: number; code: string };

beforeAll(async () => {
  if (!onPostgres) return;
  srv = await startOwnServer({ products: 200 });
  const c = new pg.Client({ connectionString: srv.databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT p.id, p.code FROM products p JOIN stocks s ON s.product_id = p.id WHERE p.active AND p.price > 0 GROUP BY p.id HAVING SUM(s.quantity) >= 30 ORDER BY p.id LIMIT 1`,
    );
    product = { id: Number(rows[0].id), code: rows[0].code };
  } finally {
    await c.end();
  }
}, 180_000);

afterAll(() => srv?.stop());

async function timed(url: string): Promise<{ status: number; ms: number; cache: string | null }> {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started, cache: res.headers.get('x-cache') };
}

describe('a stock row locked from outside while twelve guests check out', () => {
  it.skipIf(!onPostgres)('health and pages answer within 1 s, checkouts end in success or the Russian 409/503, never a 500 (PostgreSQL only: PGlite is one connection in one process, nothing else can hold a lock)', async () => {
    const base = srv!.base;
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const v = new Visitor(base);
        const added = await v.post('/api/basket/add/', { product: product.id, quantity: 1 });
        expect(added.body.status).toBe('success');
        return v;
      }),
    );
    // Warm the node first: the first render of a page loads its modules, which is not what is measured here.
    for (const url of [`${base}/api/health/`, `${base}/${product.code}/?nocache=warm`]) expect((await timed(url)).status).toBe(200);
    // The totals each buyer's checkout shows, read before the rows are held (the order call sends it).
    const totals = await Promise.all(buyers.map((v) => checkoutTotal(v, '1')));
    const holder = new pg.Client({ connectionString: srv!.databaseUrl });
    await holder.connect();
    const watcher = new pg.Client({ connectionString: srv!.databaseUrl });
    await watcher.connect();
    const holdMs = 4000;
    let checkouts: Promise<{ status: number; body: any; ms: number }[]>;
    const probes: { what: string; status: number; ms: number; cache: string | null }[] = [];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM stocks WHERE product_id = $1 FOR UPDATE', [product.id]);
      const lockedAt = Date.now();
      checkouts = Promise.all(
        buyers.map(async (v, i) => {
          const started = performance.now();
          const { res, body } = await v.post('/api/order/create/', pickupBody({ expectedTotal: totals[i] }));
          return { status: res.status, body, ms: performance.now() - started };
        }),
      );
      // Probe only once a checkout really waits for the held rows: before that the twelve are still
      // reading baskets and prices, CPU work a busy machine may stretch, and not what this test is about.
      const waitFrom = Date.now();
      for (;;) {
        const { rows } = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
        if (rows[0].n > 0) break;
        if (Date.now() - waitFrom > holdMs / 2) throw new Error('no checkout ever waited for the held stock rows');
        await new Promise((r) => setTimeout(r, 20));
      }
      for (let i = 0; Date.now() - lockedAt < holdMs - 600; i++) {
        probes.push({ what: 'health', ...(await timed(`${base}/api/health/`)) });
        probes.push({ what: 'product page', ...(await timed(`${base}/${product.code}/?nocache=${Date.now()}-${i}`)) });
        await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, Math.max(0, holdMs - (Date.now() - lockedAt))));
    } finally {
      await holder.query('COMMIT').catch(() => {});
      await holder.end();
      await watcher.end();
    }
    const results = await checkouts!;

    expect(probes.length).toBeGreaterThanOrEqual(4);
    for (const p of probes) {
      expect(p.status, `${p.what}: ${JSON.stringify(probes)}`).toBe(200);
      expect(p.cache, p.what).not.toBe('HIT');
      expect(p.ms, `${p.what}: ${JSON.stringify(probes)}`).toBeLessThan(1000);
    }

    const summary = JSON.stringify(results.map((r) => ({ status: r.status, ms: Math.round(r.ms), errors: r.body.errors })));
    for (const r of results) {
      expect([200, 409, 503], summary).toContain(r.status);
      // Bounded: nobody waits for the lock holder for long (lock 2 s, pool 5 s by default).
      expect(r.ms, summary).toBeLessThan(15_000);
      if (r.status === 200) expect(r.body.data.order_number, summary).toMatch(/^ИН-/);
      else expect(r.body.errors.map((e: any) => e.message), summary).toEqual([t('CHECKOUT_ERR_BUSY')]);
    }
    // The lock outlived checkout's lock timeout: the first buyers were told to try again.
    expect(results.filter((r) => r.status !== 200).length, summary).toBeGreaterThan(0);

    // After the lock is gone the node is itself again: a buyer told to retry now succeeds.
    const retry = buyers[results.findIndex((r) => r.status !== 200)]!;
    const again = await placeOrder(retry, pickupBody());
    expect(again.res.status, JSON.stringify(again.body)).toBe(200);
    expect((await timed(`${base}/api/health/`)).status).toBe(200);
  }, 120_000);
});
