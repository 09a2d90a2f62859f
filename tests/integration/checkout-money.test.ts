/**
 * The checkout state's money is the order's money: for every kind of buyer and BOTH delivery
 * types, `delivery_totals[type]` of GET /web/orderCheckout/ (goods, delivery, total, VAT, «needs
 * approval») is exactly what POST /api/order/create/ then charges and how it files the order.
 * The checkout island shows these numbers and computes none (docs/decisions/0120, «Money»).
 *
 * Its own server and company (not the demo accounts): a 12.5 % company discount and 10 % on one
 * brand, so contract prices end in half kopecks before rounding; an admin, an employee whose limit
 * the admin sets to the pickup total (pickup is within it, delivery is over it), an employee
 * without the right to order, a retail customer and a guest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { Visitor } from '../helpers/http';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { clearOfTimesOfDay, MINSK_CUT_OFF_UTC, MINSK_MIDNIGHT_UTC } from '../helpers/clock';
import { key, placeOrder } from '../helpers/shop';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { accounts, companies, companyDiscounts, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

type Totals = { sum: number; delivery_price: number; total: number; vat: number; needs_approval: boolean };
type Product = { id: number; price: number; stock: number };

const kop = (n: number) => Math.round(n * 100);
const ADMIN = 'admin@kopeyka.by';
const LIMITED = 'limited@kopeyka.by';
const NO_RIGHT = 'noright@kopeyka.by';
const RETAIL = 'retail@kopeyka.by';

async function prepare(db: Db) {
  const password = await hashPassword(DEMO_PASSWORD);
  const [company] = await db.insert(companies).values({ name: 'ООО «Копейка»', unp: '190777017', legalAddress: 'г. Минск, ул. Тестовая, 1', discountPercent: '12.50' }).returning();
  await db.insert(companyDiscounts).values({ companyId: company!.id, brandId: 1, percent: '10.00' });
  const people = [
    { id: 'kop-admin', email: ADMIN, name: 'Анна Копейкина', companyId: company!.id, isContragentAdmin: true, permissions: ['place_orders'], orderLimit: null },
    { id: 'kop-limited', email: LIMITED, name: 'Лев Лимитов', companyId: company!.id, isContragentAdmin: false, permissions: ['place_orders'], orderLimit: '100000.00' },
    { id: 'kop-noright', email: NO_RIGHT, name: 'Нина Безправ', companyId: company!.id, isContragentAdmin: false, permissions: [], orderLimit: null },
    { id: 'kop-retail', email: RETAIL, name: 'Роман Розничный', companyId: null, isContragentAdmin: false, permissions: [], orderLimit: null },
  ];
  for (const p of people) {
    await db.insert(users).values({ ...p, emailVerified: true });
    await db.insert(accounts).values({ id: `acc-${p.id}`, accountId: p.id, providerId: 'credential', userId: p.id, password });
  }
}

let srv: OwnServer;
let pool: Product[] = [];

async function login(email: string): Promise<Visitor> {
  const v = new Visitor(srv.base);
  const { body } = await v.post('/api/authentication/', { login: email, password: DEMO_PASSWORD });
  expect(body.status, `login ${email}`).toBe('success');
  return v;
}

/** Two products (×2 and ×1) of this test alone: cheap enough that delivery is charged (goods below 300). */
async function fill(v: Visitor): Promise<void> {
  const a = pool.shift()!;
  const b = pool.shift()!;
  expect(a && b, 'product pool exhausted').toBeTruthy();
  expect((await v.post('/api/basket/add/', { product: a.id, quantity: 2 })).body.status).toBe('success');
  expect((await v.post('/api/basket/add/', { product: b.id, quantity: 1 })).body.status).toBe('success');
}

/** The checkout state, and its per-type charge checked for being one coherent bill. */
async function state(v: Visitor) {
  const s = (await v.get('/web/orderCheckout/')).body.data;
  const byType = s.delivery_totals as Record<'1' | '2', Totals>;
  expect(Object.keys(byType).sort()).toEqual(['1', '2']);
  for (const t of Object.values(byType)) {
    expect(kop(t.total)).toBe(kop(t.sum) + kop(t.delivery_price));
    expect(t.sum).toBe(s.basket.info.sum);
  }
  expect(byType['1'].delivery_price).toBe(0);
  expect(byType['2'].delivery_price).toBe(s.delivery.price); // goods below the free-delivery threshold
  // The basket's info is the default type's (delivery) charge, and so is the approval flag.
  expect({ sum: s.basket.info.sum, delivery_price: s.basket.info.delivery_price, total: s.basket.info.total, vat: s.basket.info.vat }).toEqual({ sum: byType['2'].sum, delivery_price: byType['2'].delivery_price, total: byType['2'].total, vat: byType['2'].vat });
  expect(s.approval.required).toBe(byType['2'].needs_approval);
  return { s, byType };
}

function orderBody(type: '1' | '2', s: any, byType: Record<'1' | '2', Totals>, email: string) {
  const who = { idempotencyKey: key(), name: 'Тест Копейкин', phone: '+375 29 123-45-67', email, payment: 'cash', expectedTotal: byType[type].total };
  return type === '1' ? { ...who, deliveryTypeId: '1', branchId: s.branches[0].id } : { ...who, deliveryTypeId: '2', newAddressCity: 'Гомельская обл., г. Гомель', newAddressStreet: 'ул. Советская', newAddressHouse: '41', deliveryDate: s.delivery.dates[0].date };
}

/** Fills the basket, reads the state, orders by `type`; the order must be charged exactly the state's totals for that type. */
async function orderAndCompare(v: Visitor, type: '1' | '2', email: string, opts: { signedIn: boolean; before?: () => Promise<void> }) {
  await fill(v);
  await opts.before?.();
  // The first delivery date moves at the cut-off hour and at Minsk midnight: read and order on one side of them.
  await clearOfTimesOfDay([MINSK_CUT_OFF_UTC, MINSK_MIDNIGHT_UTC], 30_000);
  const { s, byType } = await state(v);
  const { res, body } = await placeOrder(v, orderBody(type, s, byType, email));
  expect(res.status, JSON.stringify(body.errors)).toBe(200);
  expect(body.data.total).toBe(byType[type].total);
  expect(body.data.status).toBe(byType[type].needs_approval ? 'approval' : 'new');
  if (opts.signedIn) {
    const detail = (await v.get(`/web/profile/orders/${encodeURIComponent(body.data.order_number)}/`)).body.data;
    const { needs_approval, ...money } = byType[type];
    expect(detail.totals).toEqual(money);
    expect(detail.status.id).toBe(needs_approval ? 'approval' : 'new');
    expect(detail.delivery.type).toBe(type);
  }
  return { s, byType, placed: body.data };
}

beforeAll(async () => {
  srv = await startOwnServer({ prepare });
  const guest = new Visitor(srv.base);
  await guest.post('/api/basket/list/add/', { product_list: Array.from({ length: 120 }, (_, i) => ({ product: i + 1, quantity: 1 })) });
  const rows = (await guest.get('/web/basket/products/?pageSize=200')).body.data.grid.row as any[];
  pool = rows.filter((r) => r.can_buy && r.stock >= 4 && r.price < 60).map((r) => ({ id: r.product_id, price: r.price, stock: r.stock }));
  expect(pool.length).toBeGreaterThanOrEqual(20);
}, 240_000);
afterAll(async () => {
  await srv?.stop();
});

describe('the checkout state charges what the order creation charges, for each delivery type', () => {
  for (const type of ['1', '2'] as const) {
    it(`a guest, delivery type ${type}`, async () => {
      const { byType } = await orderAndCompare(new Visitor(srv.base), type, 'guest-kopeyka@example.by', { signedIn: false });
      expect(byType['1'].needs_approval || byType['2'].needs_approval).toBe(false);
    }, 120_000);

    it(`a retail customer, delivery type ${type}`, async () => {
      const { byType } = await orderAndCompare(await login(RETAIL), type, RETAIL, { signedIn: true });
      expect(byType['1'].needs_approval || byType['2'].needs_approval).toBe(false);
    }, 120_000);

    it(`a contractor admin (company prices, no limit), delivery type ${type}`, async () => {
      const v = await login(ADMIN);
      const { s, byType } = await orderAndCompare(v, type, ADMIN, { signedIn: true });
      expect(s.basket.items.every((i: any) => i.price < i.base_price)).toBe(true);
      expect(byType['1'].needs_approval || byType['2'].needs_approval).toBe(false);
      expect(s.approval).toEqual({ required: false, limit: null, period: 'order', text: null });
    }, 120_000);
  }

  it('an employee whose limit is the pickup total: pickup is placed as new, delivery (15 more) waits for approval — as the state said', async () => {
    const admin = await login(ADMIN);
    const v = await login(LIMITED);
    // The admin sets the limit to exactly what this basket costs for pickup.
    const setLimit = async () => {
      const { byType } = await state(v);
      const r = await admin.post('/api/personal/contragent/updateUser/', { userId: 'kop-limited', orderLimit: byType['1'].total.toFixed(2) });
      expect(r.body.status, JSON.stringify(r.body.errors)).toBe('success');
    };
    const pickup = await orderAndCompare(v, '1', LIMITED, { signedIn: true, before: setLimit });
    expect(pickup.s.approval.limit).toBe(pickup.byType['1'].total);
    expect(pickup.byType['1'].needs_approval).toBe(false);
    expect(pickup.byType['2'].needs_approval).toBe(true);
    expect(pickup.placed.status).toBe('new');

    const delivery = await orderAndCompare(v, '2', LIMITED, { signedIn: true, before: setLimit });
    expect(delivery.byType['1'].needs_approval).toBe(false);
    expect(delivery.byType['2'].needs_approval).toBe(true);
    expect(delivery.placed.status).toBe('approval');
  }, 180_000);

  it('an employee without the right to order sees the same totals and is refused', async () => {
    const v = await login(NO_RIGHT);
    await fill(v);
    const { s, byType } = await state(v);
    expect(s.can_order).toBe(false);
    expect(byType['2'].total).toBeGreaterThan(byType['1'].total);
    const r = await placeOrder(v, orderBody('1', s, byType, NO_RIGHT));
    expect(r.res.status).toBe(403);
  }, 120_000);
});
