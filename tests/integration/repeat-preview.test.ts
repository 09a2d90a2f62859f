/**
 * «Повторить заказ» with a preview (issue 30), over HTTP: GET web/profile/basket/{order}/ (the spec's preview call) shows each
 * line then and now at the viewer's price, with a same-section substitute for a line no longer sold;
 * POST api/profile/orders/copy/ with `lines` adds exactly what was ticked and refuses a product that is
 * neither in the order nor offered for it; another user's and another company's order is 404 on both.
 *
 * Own server: the orders, the discontinued product and the section's key properties are written before
 * it starts (PGlite cannot be written while a server holds it), so which substitute wins is known here —
 * decided from the rows this file wrote, not by calling orders/substitutes.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, ne, notInArray } from 'drizzle-orm';
import { Visitor } from '../helpers/http';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { withoutPromotionPrices } from '../helpers/db';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { russian, key } from '../helpers/shop';
import { products, sectionProperties, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { insertFixtureOrder, type FixtureLine } from '../../src/server/seed/fixtures';
import { repeatOrderNumber } from '../../src/server/seed/fixture-sets';

const acc = fixture('repeat-preview');
const rival = fixture('repeat-preview-rival');

const RETAIL_ORDER = repeatOrderNumber(acc, 0);
const COMPANY_ORDER = repeatOrderNumber(acc, 1);
const RIVAL_ORDER = repeatOrderNumber(rival, 0);

type P = { id: number; name: string; article: string; price: string; sectionId: number };
/** A: bought at half today's price; B: at twice it; X: discontinued since; S1/S2: X's properties exactly, S1 priced closer; F: far properties; D: X's properties but not for sale; E: X's properties, another section. */
let A: P, B: P, X: P, S1: P, S2: P, F: P, D: P, E: P;

const half = (p: P) => (Number(p.price) / 2).toFixed(2);
const twice = (p: P) => (Number(p.price) * 2).toFixed(2);
const line = (p: P, price: string, quantity: number): FixtureLine => ({ productId: p.id, name: p.name, article: p.article, price, quantity });

async function prepare(db: Db) {
  await writeFixture(db, acc, rival);
  await withoutPromotionPrices(db);
  const [prop] = await db.select({ sectionId: sectionProperties.sectionId, code: sectionProperties.code }).from(sectionProperties).where(and(eq(sectionProperties.kind, 'number'), eq(sectionProperties.filterable, true))).orderBy(sectionProperties.sectionId).limit(1);
  if (!prop) throw new Error('the demo catalogue has no section with a numeric filter');
  const cols = { id: products.id, name: products.name, article: products.article, price: products.price, sectionId: products.sectionId };
  const pool = await db.select(cols).from(products).where(and(eq(products.active, true), eq(products.canBuy, true), gte(products.stockQty, 5), ne(products.sectionId, prop.sectionId))).orderBy(products.id).limit(8);
  if (pool.length < 8) throw new Error('not enough products in stock');
  [A, B, X, S1, S2, F, D, E] = pool as [P, P, P, P, P, P, P, P];
  // X, S1, S2, D and every product already there form the section; E stays in its own with X's properties.
  const moved = [X, S1, S2, D].map((p) => p.id);
  await db.update(products).set({ sectionId: prop.sectionId }).where(inArray(products.id, moved));
  for (const p of [X, S1, S2, D]) p.sectionId = prop.sectionId;
  const base = { [prop.code]: 100 };
  await db.update(products).set({ properties: { [prop.code]: 5000 } }).where(and(eq(products.sectionId, prop.sectionId), notInArray(products.id, moved)));
  await db.update(products).set({ properties: base, price: '200.00' }).where(eq(products.id, X.id));
  await db.update(products).set({ properties: { [prop.code]: 110 }, price: '205.00' }).where(eq(products.id, S1.id));
  await db.update(products).set({ properties: { [prop.code]: 110 }, price: '150.00' }).where(eq(products.id, S2.id));
  await db.update(products).set({ properties: base, canBuy: false }).where(eq(products.id, D.id));
  await db.update(products).set({ properties: base }).where(eq(products.id, E.id));
  X.price = '200.00';
  S1.price = '205.00';
  S2.price = '150.00';
  await db.update(products).set({ active: false, canBuy: false }).where(eq(products.id, X.id));
  const [{ companyId } = { companyId: null }] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, acc.employee.id));
  const [{ companyId: rivalId } = { companyId: null }] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, rival.admin.id));
  const lines = [line(A, half(A), 2), line(B, twice(B), 1), line(X, '200.00', 3)];
  await insertFixtureOrder(db, { number: RETAIL_ORDER, user: acc.retail, companyId: null, lines });
  await insertFixtureOrder(db, { number: COMPANY_ORDER, user: acc.employee, companyId, lines });
  await insertFixtureOrder(db, { number: RIVAL_ORDER, user: rival.admin, companyId: rivalId, lines: [line(A, A.price, 1)] });
}

let srv: OwnServer;
const enc = encodeURIComponent;

async function as(email: string): Promise<Visitor> {
  const v = new Visitor(srv.base);
  const r = await v.post('/api/authentication/', { login: email, password: PASSWORD });
  if (r.body.status !== 'success') throw new Error(`login ${email}: ${JSON.stringify(r.body.errors)}`);
  return v;
}
const preview = (v: Visitor, number: string) => v.get(`/web/profile/basket/${enc(number)}/`);
/** product id → quantity in the visitor's basket. */
async function basket(v: Visitor): Promise<Record<number, number>> {
  const rows = ((await v.get('/web/basket/products/?pageSize=200')).body.data?.grid?.row ?? []) as { product_id: number; quantity: number }[];
  return Object.fromEntries(rows.map((r) => [r.product_id, r.quantity]));
}

beforeAll(async () => {
  srv = await startOwnServer({ products: 120, prepare });
}, 180_000);

afterAll(async () => {
  await srv?.stop();
});

describe('GET web/profile/basket/{order}/ (the preview)', () => {
  it('shows each line then and now at the retail price, stock, and whether it can be bought', async () => {
    const v = await as(acc.retail.email);
    const { res, body } = await preview(v, RETAIL_ORDER);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const [a, b, x] = body.data.items;
    expect(a).toMatchObject({ product_id: A.id, quantity: 2, price_then: Number(half(A)), price_now: Number(A.price), price_change: 'up', can_buy: true, substitute: null });
    expect(a.stock).toBeGreaterThanOrEqual(5);
    expect(b).toMatchObject({ product_id: B.id, quantity: 1, price_then: Number(twice(B)), price_now: Number(B.price), price_change: 'down', can_buy: true });
    expect(x).toMatchObject({ product_id: X.id, quantity: 3, price_then: 200, price_now: null, price_change: null, can_buy: false, url: null });
  });

  it('offers for the discontinued line the closest product of its section, the price nearer the old one breaking the tie', async () => {
    const v = await as(acc.retail.email);
    const x = (await preview(v, RETAIL_ORDER)).body.data.items[2];
    // Not S2 (same properties, price further), not D (not for sale), not E (another section), not F.
    expect(x.substitute).toMatchObject({ product_id: S1.id, name: S1.name, article: S1.article, price_now: 205 });
    expect(x.substitute.stock).toBeGreaterThan(0);
  });

  it("prices the contractor's lines as the basket does (the one pricing home)", async () => {
    const v = await as(acc.employee.email);
    await v.post('/api/basket/clear/', {});
    const items = (await preview(v, COMPANY_ORDER)).body.data.items;
    expect(items[0].price_now).toBeLessThan(Number(A.price));
    await v.post('/api/profile/orders/copy/', { order_number: COMPANY_ORDER, lines: [{ product: A.id, quantity: 1 }, { product: B.id, quantity: 1 }] });
    const rows = (await v.get('/web/basket/products/')).body.data.grid.row as { product_id: number; price: number }[];
    expect(rows.find((r) => r.product_id === A.id)!.price).toBe(items[0].price_now);
    expect(rows.find((r) => r.product_id === B.id)!.price).toBe(items[1].price_now);
    await v.post('/api/basket/clear/', {});
  });

  it('answers an implausible or unknown order number with a Russian 404 and guests with 101', async () => {
    const v = await as(acc.retail.email);
    for (const number of ['x'.repeat(41), '<script>', "' OR 1=1--", 'ИН-1']) {
      const r = await preview(v, number);
      expect(r.res.status, number).toBe(404);
      expect(russian(r.body.errors)).toBe(true);
    }
    const g = await new Visitor(srv.base).get(`/web/profile/basket/${enc(RETAIL_ORDER)}/`);
    expect(g.res.status).toBe(401);
    expect(g.body.errors[0].code).toBe(101);
  });
});

describe('POST api/profile/orders/copy/ with lines', () => {
  it('adds exactly the ticked products at the ticked quantities, a substitute included', async () => {
    const v = await as(acc.retail.email);
    await v.post('/api/basket/clear/', {});
    const { body } = await v.post('/api/profile/orders/copy/', { order_number: RETAIL_ORDER, lines: [{ product: A.id, quantity: 1 }, { product: S1.id, quantity: 2 }] });
    expect(body.status).toBe('success');
    expect(body.data.added.map((a: any) => a.product_id).sort()).toEqual([A.id, S1.id].sort());
    expect(body.data.refused).toEqual([]);
    expect(await basket(v)).toEqual({ [A.id]: 1, [S1.id]: 2 });
    await v.post('/api/basket/clear/', {});
  });

  it('refuses a product neither in the order nor offered for it with a Russian 422 naming the row, adding nothing', async () => {
    const v = await as(acc.retail.email);
    await v.post('/api/basket/clear/', {});
    for (const forged of [F.id, D.id, E.id, S2.id, 999_999]) {
      const r = await v.post('/api/profile/orders/copy/', { order_number: RETAIL_ORDER, lines: [{ product: A.id, quantity: 1 }, { product: forged, quantity: 1 }] });
      expect(r.res.status, String(forged)).toBe(422);
      expect(r.body.errors[0].field).toBe('lines.1.product');
      expect(r.body.errors[0].message).toContain('Товар (строка 2)');
      expect(russian(r.body.errors)).toBe(true);
    }
    expect(await basket(v)).toEqual({});
  });

  it('checks the selection: quantities 1..9999, no product twice, not empty', async () => {
    const v = await as(acc.retail.email);
    await v.post('/api/basket/clear/', {});
    const bad: [unknown, string][] = [
      [[{ product: A.id, quantity: 0 }], 'lines.0.quantity'],
      [[{ product: A.id, quantity: 10_000 }], 'lines.0.quantity'],
      [[{ product: A.id, quantity: 1.5 }], 'lines.0.quantity'],
      [[{ product: 'abc', quantity: 1 }], 'lines.0.product'],
      [[{ product: A.id, quantity: 1 }, { product: A.id, quantity: 2 }], 'lines.1.product'],
      [[], 'lines'],
      ['всё', 'lines'],
    ];
    for (const [lines, field] of bad) {
      const r = await v.post('/api/profile/orders/copy/', { order_number: RETAIL_ORDER, lines });
      expect(r.res.status, JSON.stringify(lines)).toBe(422);
      expect(r.body.errors[0].field).toBe(field);
      expect(russian(r.body.errors)).toBe(true);
    }
    expect(await basket(v)).toEqual({});
  });

  it('without lines adds every line still sold, as before, and refuses the discontinued one', async () => {
    const v = await as(acc.retail.email);
    await v.post('/api/basket/clear/', {});
    const { body } = await v.post('/api/profile/orders/copy/', { order_number: RETAIL_ORDER });
    expect(body.data.added.map((a: any) => [a.product_id, a.quantity]).sort((p: number[], q: number[]) => p[0]! - q[0]!)).toEqual([[A.id, 2], [B.id, 1]].sort((p, q) => p[0]! - q[0]!));
    expect(body.data.refused).toEqual([{ product_id: X.id, name: X.name, article: X.article, reason: 'Товар снят с продажи' }]);
    expect(await basket(v)).toEqual({ [A.id]: 2, [B.id]: 1 });
    await v.post('/api/basket/clear/', {});
  });

  it('a retry with the same idempotency key adds nothing twice', async () => {
    const v = await as(acc.retail.email);
    await v.post('/api/basket/clear/', {});
    const body = { order_number: RETAIL_ORDER, lines: [{ product: B.id, quantity: 3 }], idempotencyKey: key() };
    const first = await v.post('/api/profile/orders/copy/', body);
    const again = await v.post('/api/profile/orders/copy/', body);
    expect(again.body.data).toEqual(first.body.data);
    expect(await basket(v)).toEqual({ [B.id]: 3 });
    await v.post('/api/basket/clear/', {});
  });
});

describe("another user's or another company's order", () => {
  it('answers 404 to the preview and to the copy, with and without lines, and changes no basket', async () => {
    const retail = await as(acc.retail.email);
    const employee = await as(acc.employee.email);
    const other = await as(rival.admin.email);
    await employee.post('/api/basket/add/', { product: B.id, quantity: 1 });
    const pairs: [Visitor, string, string][] = [
      [retail, COMPANY_ORDER, "another user's"],
      [retail, RIVAL_ORDER, "another company's"],
      [employee, RIVAL_ORDER, "another company's"],
      [employee, RETAIL_ORDER, "another user's"],
      [other, COMPANY_ORDER, "another company's"],
      [other, RETAIL_ORDER, "another user's"],
    ];
    for (const [v, number, whose] of pairs) {
      const before = await basket(v);
      const calls = [
        await preview(v, number),
        await v.post('/api/profile/orders/copy/', { order_number: number }),
        await v.post('/api/profile/orders/copy/', { order_number: number, lines: [{ product: A.id, quantity: 1 }] }),
      ];
      for (const r of calls) {
        expect(r.res.status, `${whose} ${number}`).toBe(404);
        expect(r.body.errors[0].message).toBe('Заказ не найден');
      }
      expect(await basket(v)).toEqual(before);
    }
    expect(await basket(employee)).toEqual({ [B.id]: 1 });
    // The owners still see theirs.
    expect((await preview(other, RIVAL_ORDER)).body.data.items).toHaveLength(1);
    expect((await preview(employee, COMPANY_ORDER)).body.data.items).toHaveLength(3);
    await employee.post('/api/basket/clear/', {});
  });
});
