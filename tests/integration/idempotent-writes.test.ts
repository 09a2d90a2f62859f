/**
 * Issue 22: basket add and the other writes a client may retry take an idempotency key (header
 * Idempotency-Key or field idempotencyKey), as order creation does. HTTP against the built server;
 * every test makes its own guests and users (never the demo accounts' lists).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, Visitor } from '../helpers/http';
import { freshCustomer } from '../helpers/accounts';
import { key, pickupBody, russian, stockedProducts, type StockedProduct, placeOrder } from '../helpers/shop';

let pool: StockedProduct[] = [];

beforeAll(async () => {
  // Adding to a basket takes no stock; the order of the repeat test takes one unit from this range
  // (checkout-http and orders-http use 300–599 for their stock read-outs).
  pool = await stockedProducts(250, 299, 10);
  expect(pool.length).toBeGreaterThanOrEqual(6);
});

/** A guest whose cookie is already issued (concurrent first writes would each start a guest of their own). */
async function guest(): Promise<Visitor> {
  const v = new Visitor();
  const r = await v.post('/api/basket/add/', { product: pool[5]!.id });
  expect(r.body.status).toBe('success');
  return v;
}

async function quantityOf(v: Visitor, productId: number): Promise<number> {
  const grid = await v.get('/web/basket/products/?pageSize=200');
  return ([...grid.body.data.grid.row, ...grid.body.data.inactive] as { product_id: number; quantity: number }[]).find((r) => r.product_id === productId)?.quantity ?? 0;
}

/** POST with the key in the Idempotency-Key header; the answer's text as well as its envelope. */
async function keyed(v: Visitor, path: string, body: unknown, k: string) {
  const res = await v.raw(path, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': k, origin: base() }, body: JSON.stringify(body) });
  const text = await res.text();
  return { res, text, body: JSON.parse(text) };
}

describe('POST api/basket/add/ with an idempotency key', () => {
  it('the same add sent twice with one key adds once, and both answers are the same', async () => {
    const v = await guest();
    const p = pool[0]!;
    const k = key();
    const first = await keyed(v, '/api/basket/add/', { product: p.id, quantity: 2 }, k);
    expect(first.body).toMatchObject({ status: 'success', data: { product_id: p.id, quantity: 2 } });
    const again = await keyed(v, '/api/basket/add/', { product: p.id, quantity: 2 }, k);
    expect(again.res.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await quantityOf(v, p.id)).toBe(2);
    // The key as a body field is the same key.
    const asField = await v.post('/api/basket/add/', { product: p.id, quantity: 2, idempotencyKey: k });
    expect(asField.body).toEqual(first.body);
    expect(await quantityOf(v, p.id)).toBe(2);
  });

  it('two different keys add twice; no key at all keeps the spec behaviour (every call adds)', async () => {
    const v = await guest();
    const p = pool[1]!;
    expect((await keyed(v, '/api/basket/add/', { product: p.id }, key())).body.data.quantity).toBe(1);
    expect((await keyed(v, '/api/basket/add/', { product: p.id }, key())).body.data.quantity).toBe(2);
    expect((await v.post('/api/basket/add/', { product: p.id })).body.data.quantity).toBe(3);
    expect((await v.post('/api/basket/add/', { product: p.id })).body.data.quantity).toBe(4);
    expect(await quantityOf(v, p.id)).toBe(4);
  });

  it('the same key with another body, or on another call, is refused with 422 in Russian and changes nothing', async () => {
    const v = await guest();
    const [p, q] = [pool[0]!, pool[2]!];
    const k = key();
    expect((await keyed(v, '/api/basket/add/', { product: p.id }, k)).body.status).toBe('success');
    for (const [path, body] of [
      ['/api/basket/add/', { product: p.id, quantity: 2 }],
      ['/api/basket/add/', { product: q.id }],
      ['/api/favorite/add/', { product_id: p.id }],
    ] as const) {
      const r = await keyed(v, path, body, k);
      expect(r.res.status, JSON.stringify(body)).toBe(422);
      expect(r.body.status).toBe('error');
      expect(russian(r.body.errors)).toBe(true);
      expect(r.body.errors[0].field).toBe('idempotencyKey');
    }
    expect(await quantityOf(v, p.id)).toBe(1);
    expect(await quantityOf(v, q.id)).toBe(0);
    expect((await v.get('/api/header/')).body.data.favorites ?? []).not.toContain(p.id);
  });

  it('a malformed key, or a header and a field that disagree, are refused in Russian before anything is written', async () => {
    const v = await guest();
    const p = pool[3]!;
    for (const bad of ['short', 'x'.repeat(65), 'ключ-ключ-ключ-ключ-ключ', 'abc def ghi jkl mno pqr']) {
      const r = await v.post('/api/basket/add/', { product: p.id, idempotencyKey: bad });
      expect(r.res.status, bad).toBe(422);
      expect(russian(r.body.errors)).toBe(true);
    }
    const both = await v.raw('/api/basket/add/', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key(), origin: base() }, body: JSON.stringify({ product: p.id, idempotencyKey: key() }) });
    expect(both.status).toBe(422);
    expect(russian((await both.json()).errors)).toBe(true);
    expect(await quantityOf(v, p.id)).toBe(0);
  });

  it('a key is its owner’s: another guest with the same key is served on its own and never gets the first guest’s answer', async () => {
    const first = await guest();
    const second = await guest();
    const p = pool[4]!;
    await first.post('/api/basket/add/', { product: p.id, quantity: 2 });
    const k = key();
    const a = await keyed(first, '/api/basket/add/', { product: p.id }, k);
    expect(a.body.data).toEqual({ product_id: p.id, quantity: 3 });
    const b = await keyed(second, '/api/basket/add/', { product: p.id }, k);
    expect(b.body).toMatchObject({ status: 'success', data: { product_id: p.id, quantity: 1 } });
    expect(b.text).not.toBe(a.text);
    // …and each one's retry still gets its own answer.
    expect((await keyed(second, '/api/basket/add/', { product: p.id }, k)).text).toBe(b.text);
    expect((await keyed(first, '/api/basket/add/', { product: p.id }, k)).text).toBe(a.text);
    expect(await quantityOf(first, p.id)).toBe(3);
    expect(await quantityOf(second, p.id)).toBe(1);
  });

  it('five identical keyed adds sent at once add exactly one unit, and all five answer the same', async () => {
    const v = await guest();
    const p = pool[2]!;
    const k = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => keyed(v, '/api/basket/add/', { product: p.id }, k)));
    for (const r of answers) {
      expect(r.res.status).toBe(200);
      expect(r.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.body.data).toEqual({ product_id: p.id, quantity: 1 });
    expect(await quantityOf(v, p.id)).toBe(1);
  });
});

describe('the other writes a client may retry', () => {
  it('quick order «add all to basket» (list/add) with one key adds once', async () => {
    const v = await guest();
    const lines = [
      { product: pool[0]!.id, quantity: 2 },
      { product: pool[1]!.id, quantity: 1 },
    ];
    const k = key();
    const first = await keyed(v, '/api/basket/list/add/', { product_list: lines }, k);
    expect(first.body.status).toBe('success');
    const again = await Promise.all([keyed(v, '/api/basket/list/add/', { product_list: lines }, k), keyed(v, '/api/basket/list/add/', { product_list: lines }, k)]);
    for (const r of again) expect(r.text).toBe(first.text);
    expect(await quantityOf(v, pool[0]!.id)).toBe(2);
    expect(await quantityOf(v, pool[1]!.id)).toBe(1);
  });

  it('favourites and compare: a late retry of an add after the remove does not bring it back; a retried remove is not a 404', async () => {
    const v = await guest();
    const p = pool[3]!;
    for (const list of ['favorite', 'compare'] as const) {
      const addKey = key();
      const removeKey = key();
      const added = await keyed(v, `/api/${list}/add/`, { product_id: p.id }, addKey);
      expect(added.body.status).toBe('success');
      const removed = await keyed(v, `/api/${list}/remove/`, { product_id: p.id }, removeKey);
      expect(removed.body.status).toBe('success');
      const field = list === 'favorite' ? 'favorites' : 'compare';
      // The answer of the first add was lost and the client retries it after the remove.
      expect((await keyed(v, `/api/${list}/add/`, { product_id: p.id }, addKey)).text).toBe(added.text);
      expect((await v.get('/api/header/')).body.data[field]).not.toContain(p.id);
      const retriedRemove = await keyed(v, `/api/${list}/remove/`, { product_id: p.id }, removeKey);
      expect(retriedRemove.res.status).toBe(200);
      expect(retriedRemove.text).toBe(removed.text);
      expect((await v.get('/api/header/')).body.data[field]).not.toContain(p.id);
    }
  });

  it('«Повторить заказ» with one key fills the basket once; the same key of another user is that user’s own', async () => {
    const me = await freshCustomer();
    const v = new Visitor();
    expect((await v.post('/api/authentication/', { login: me.email, password: me.password })).body.status).toBe('success');
    const p = pool[4]!;
    await v.post('/api/basket/add/', { product: p.id, quantity: 1 });
    const placed = await placeOrder(v, pickupBody());
    expect(placed.body.status, JSON.stringify(placed.body.errors)).toBe('success');
    const number = placed.body.data.order_number as string;
    expect(await quantityOf(v, p.id)).toBe(0);
    const k = key();
    const first = await keyed(v, '/api/profile/orders/copy/', { order_number: number }, k);
    expect(first.body.status).toBe('success');
    expect(first.body.data.added).toEqual([expect.objectContaining({ product_id: p.id, quantity: 1 })]);
    const again = await keyed(v, '/api/profile/orders/copy/', { order_number: number }, k);
    expect(again.text).toBe(first.text);
    expect(await quantityOf(v, p.id)).toBe(1);
    // A guest using the same key gets no report of this user's order: it is a request of its own.
    const other = await guest();
    const foreign = await keyed(other, '/api/profile/orders/copy/', { order_number: number }, k);
    expect(foreign.res.status).not.toBe(200);
    expect(foreign.text).not.toContain(number);
    expect(foreign.text).not.toBe(first.text);
  });
});
