/**
 * An order that the server confirmed survives the server being killed (SIGKILL, no shutdown) right
 * after: on restart the order, its lines and the stock it took are all there. Runs its own built
 * server on its own temporary PGlite directory (never the shared test server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-kill-'));
let child: ChildProcess | null = null;
let base = '';

async function start(port: number): Promise<void> {
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['scripts/server.mjs'], { env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: '200', SITE_URL: base }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const until = Date.now() + 150_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kill(): Promise<void> {
  const c = child!;
  child = null;
  return new Promise((resolve) => {
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
}

// One guest throughout: the server issues (and signs) the guest cookie on the first write.
let cookie = '';
async function call(method: 'GET' | 'POST', pathname: string, body?: unknown) {
  const res = await fetch(base + pathname, { method, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', origin: base }, body: body === undefined ? undefined : JSON.stringify(body) });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('guest='));
  if (set) cookie = set.split(';')[0]!;
  return { status: res.status, json: (await res.json()) as any };
}

async function stockOf(productId: number): Promise<number> {
  // A fresh guest: the server issues (and signs) its cookie on the first add.
  const added = await fetch(`${base}/api/basket/add/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ product: productId }) });
  const c = added.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');
  const grid = await (await fetch(`${base}/web/basket/products/`, { headers: { cookie: c } })).json();
  return grid.data.grid.row[0].stock;
}

afterAll(async () => {
  if (child) await kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL right after an order is confirmed', () => {
  it('keeps the order, its lines and the stock change after a restart', async () => {
    const port = await freePort();
    await start(port);
    const listed = await call('POST', '/api/basket/list/add/', { product_list: Array.from({ length: 40 }, (_, i) => ({ product: i + 1, quantity: 1 })) });
    expect(listed.status).toBe(200);
    const grid = (await call('GET', '/web/basket/products/?pageSize=200')).json.data;
    const [a, b] = grid.grid.row.filter((r: any) => r.can_buy && r.stock >= 3);
    await call('POST', '/api/basket/clear/', {});
    await call('POST', '/api/basket/add/', { product: a.product_id, quantity: 3 });
    await call('POST', '/api/basket/add/', { product: b.product_id, quantity: 1 });
    const before = [await stockOf(a.product_id), await stockOf(b.product_id)];
    const expectedTotal = (await call('GET', '/web/orderCheckout/')).json.data.delivery_totals['1'].total;
    const placed = await call('POST', '/api/order/create/', { expectedTotal, idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: 1, name: 'Проверка Надёжности', phone: '+375 29 000-11-22', email: 'kill@example.by', payment: 'cash' });
    expect(placed.status).toBe(200);
    await kill(); // no graceful shutdown: whatever was not durable is lost now

    await start(port);
    const page = await fetch(base + placed.json.data.url, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(placed.json.data.order_number);
    expect(html).toContain(a.name);
    expect(html).toContain(b.name);
    expect([await stockOf(a.product_id), await stockOf(b.product_id)]).toEqual([before[0]! - 3, before[1]! - 1]);
    const basket = (await call('GET', '/web/basket/products/')).json.data.grid.row;
    expect(basket).toEqual([]);
  }, 300_000);
});
