/**
 * Spending limits per period (issue 28 #3): an employee with a 500 BYN limit placed four orders of
 * ~309 BYN — 1,236 BYN, no approval — because the limit counted one order at a time. With the admin's
 * «за месяц», every order of the Minsk month that is not cancelled counts, waiting ones included:
 * the first order goes through, the ones that would pass the limit wait for the admin; the checkout
 * says what is left before ordering; another company's admin cannot change the setting.
 * Products from ids 150–199 (other files take other ranges, so stock changes never meet).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pickupBody, signedIn, stockedProducts, type StockedProduct, placeOrder } from '../helpers/shop';
import { fixture } from '../helpers/fixtures';

const acc = fixture('spending-limits');
const rival = fixture('spending-limits-rival');
let pool: StockedProduct[] = [];

beforeAll(async () => {
  pool = (await stockedProducts(150, 199, 6)).filter((p) => p.price >= 60 && p.price <= 200);
  expect(pool.length).toBeGreaterThan(3);
});

describe('a limit per month', () => {
  it("another company's admin cannot set it (404, nothing changes); a wrong period is a Russian 422", async () => {
    const other = await signedIn(rival.admin.email);
    const r = await other.post('/api/personal/contragent/updateUser/', { userId: acc.supply.id, orderLimitPeriod: 'month' });
    expect(r.res.status).toBe(404);
    const admin = await signedIn(acc.admin.email);
    expect((await admin.get(`/web/personal/contragent/getUser/?userId=${acc.supply.id}`)).body.data.user.orderLimitPeriod).toBe('order');
    const bad = await admin.post('/api/personal/contragent/updateUser/', { userId: acc.supply.id, orderLimitPeriod: 'year' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0].message).toMatch(/на заказ, в день, в неделю или в месяц/);
  });

  it('splitting cannot get round it: three orders of 300–500 BYN each — the first goes through, the ones past the month’s 500 wait for the admin', async () => {
    const admin = await signedIn(acc.admin.email);
    const set = await admin.post('/api/personal/contragent/updateUser/', { userId: acc.supply.id, orderLimit: '500', orderLimitPeriod: 'month' });
    expect(set.body.data.user).toMatchObject({ orderLimit: '500.00', orderLimitPeriod: 'month' });
    const supply = await signedIn(acc.supply.email);
    const companyId = (await supply.get('/web/profile/get/')).body.data.user.companyId;
    const statuses: string[] = [];
    let spent = 0;
    for (let i = 0; i < 3; i++) {
      const p = pool[i]!;
      // Each order alone is within the limit (300 ≤ total < 500): per order, none would wait.
      expect((await supply.post('/api/basket/add/', { product: p.id, quantity: Math.ceil(300 / p.price) })).body.status).toBe('success');
      const state = (await supply.get('/web/orderCheckout/')).body.data;
      const total = state.basket.info.total as number;
      expect(total).toBeGreaterThanOrEqual(300);
      expect(total).toBeLessThan(500);
      // Before ordering: the limit and what is left of it.
      const left = Math.max(0, Math.round((500 - spent) * 100) / 100);
      expect(state.approval).toMatchObject({ limit: 500, period: 'month', text: `500,00 р. в месяц, осталось ${left.toFixed(2).replace('.', ',')} р.` });
      expect(state.delivery_totals['1'].needs_approval).toBe(spent + total > 500);
      const order = await placeOrder(supply, pickupBody({ payment: 'invoice', payerCompanyId: companyId, email: acc.supply.email }));
      expect(order.res.status, JSON.stringify(order.body.errors)).toBe(200);
      statuses.push(order.body.data.status);
      spent += total;
    }
    expect(statuses).toEqual(['new', 'approval', 'approval']);
  });

  it('two orders sent at once from two devices never both slip under the limit: at most one goes through; the next waits', async () => {
    const admin = await signedIn(acc.admin.email);
    expect((await admin.post('/api/personal/contragent/updateUser/', { userId: acc.employee.id, orderLimit: '500', orderLimitPeriod: 'day' })).res.status).toBe(200);
    const [phone, laptop] = [await signedIn(acc.employee.email), await signedIn(acc.employee.email)];
    const companyId = (await phone.get('/web/profile/get/')).body.data.user.companyId;
    const p = pool[3]!;
    expect((await phone.post('/api/basket/add/', { product: p.id, quantity: Math.ceil(300 / p.price) })).body.status).toBe('success');
    const body = () => pickupBody({ payment: 'invoice', payerCompanyId: companyId, email: acc.employee.email });
    const both = await Promise.all([placeOrder(phone, body()), placeOrder(laptop, body())]);
    // Both may read the same basket (then both are placed) or the second may find it emptied (409). The
    // employee's row, locked while the day is counted, puts them in turn: never two orders «new».
    for (const r of both) expect([200, 409]).toContain(r.res.status);
    const placed = both.filter((r) => r.res.status === 200).map((r) => r.body.data.status).sort();
    expect(placed).toEqual(placed.length === 2 ? ['approval', 'new'] : ['new']);
    // The day's orders are counted: the next order of the same size waits too.
    expect((await laptop.post('/api/basket/add/', { product: p.id, quantity: Math.ceil(300 / p.price) })).body.status).toBe('success');
    const next = await placeOrder(laptop, body());
    expect([next.res.status, next.body.data?.status]).toEqual([200, 'approval']);
  });
});
