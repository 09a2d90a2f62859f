/**
 * Orders in the personal area over HTTP: list, detail, repeat preview, repeat, cancel, approve and
 * the invoice PDF — who sees what, good and bad input, and another user's or another company's
 * order number answering 404 on every call while changing nothing. Products: ids 450–599.
 */
import { SELLER } from '../../src/config/seller';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { Visitor } from '../helpers/http';
import { pickupBody, russian, signedIn, stockedProducts, stockOf, type StockedProduct, placeOrder } from '../helpers/shop';
import { fixture } from '../helpers/fixtures';
import { fixtureOrderPlan } from '../../src/server/seed/fixture-sets';

/** This file's own accounts and orders (tests/helpers/fixtures.ts), and a second company's (`rival`). */
const acc = fixture('orders-http');
const rival = fixture('orders-http-rival');

let pool: StockedProduct[] = [];
const enc = encodeURIComponent;
/** The set's retail customer's newest order, its employee's newest; the rival company admin's newest («Новый»). */
let retailNumber = '';
let companyNumber = '';
const otherCompanyNumber = rival.orders.adminNew;
/** Every order of the rival company (its admin's and its employee's): all its admin sees. */
const otherCompanyNumbers = fixtureOrderPlan(rival).filter((o) => o.company).map((o) => o.number);

beforeAll(async () => {
  pool = await stockedProducts(450, 599, 4);
  const client = await signedIn(acc.retail.email);
  retailNumber = (await client.get('/web/profile/orders/')).body.data.orders[0].order_number;
  const foreman = await signedIn(acc.employee.email);
  companyNumber = (await foreman.get('/web/profile/orders/')).body.data.orders[0].order_number;
});

describe('GET web/profile/orders/', () => {
  it('pages 9 at a time, newest first, with the status filter led by «Все заказы»', async () => {
    const admin = await signedIn(acc.admin.email);
    const { res, body } = await admin.get('/web/profile/orders/');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const d = body.data;
    expect(d.statuses[0]).toMatchObject({ id: 'all', name: 'Все заказы' });
    expect(d.statuses.map((s: any) => s.id)).toEqual(expect.arrayContaining(['approval', 'new', 'confirmed', 'picking', 'ready', 'shipped', 'done', 'cancelled']));
    expect(d.orders).toHaveLength(9);
    expect(d.page_navigation).toMatchObject({ page: 1, page_size: 9 });
    const dates = d.orders.map((o: any) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const done = (await admin.get('/web/profile/orders/?filter=done&page=2&page_size=3')).body.data;
    expect(done.filter).toBe('done');
    expect(done.page_navigation).toMatchObject({ page: 2, page_size: 3 });
    expect(done.orders.every((o: any) => o.status.id === 'done')).toBe(true);
    for (const q of ['?page=0', '?page=abc', '?page_size=0', '?page_size=500', '?filter=DROP%20TABLE']) {
      const r = await admin.get(`/web/profile/orders/${q}`);
      expect(r.res.status, q).toBe(422);
      expect(russian(r.body.errors)).toBe(true);
    }
  });

  it('an admin and an employee with company_orders see the company; an employee without it only their own', async () => {
    const ids = async (email: string) => (await (await signedIn(email)).get('/web/profile/orders/?page_size=50')).body.data.orders.map((o: any) => o.order_number) as string[];
    const [admin, keeper, foreman, client, other] = await Promise.all([acc.admin.email, acc.storekeeper.email, acc.employee.email, acc.retail.email, rival.admin.email].map(ids));
    expect(admin).toContain(companyNumber);
    expect(keeper).toContain(companyNumber);
    expect(foreman).toContain(companyNumber);
    expect(foreman.length).toBeLessThan(admin.length);
    expect(client).toContain(retailNumber);
    expect(client).not.toContain(companyNumber);
    expect(other).toContain(otherCompanyNumber);
    expect([...other].sort()).toEqual([...otherCompanyNumbers].sort());
  });

  it('guests get code 101 on every orders call', async () => {
    const g = new Visitor();
    for (const r of [await g.get('/web/profile/orders/'), await g.get(`/web/profile/orders/${enc(retailNumber)}/`), await g.get(`/web/profile/basket/${enc(retailNumber)}/`), await g.post('/api/profile/orders/copy/', { order_number: retailNumber }), await g.post('/api/profile/orders/cancel/', { order_number: retailNumber })]) {
      expect(r.res.status).toBe(401);
      expect(r.body.errors[0].code).toBe(101);
    }
  });
});

describe('GET web/profile/orders/{order_number}/', () => {
  it('shows the lines a page at a time with showMore, totals, delivery and history', async () => {
    const admin = await signedIn(acc.admin.email);
    const many = (await admin.get('/web/profile/orders/?page_size=50')).body.data.orders.find((o: any) => o.positions >= 3);
    const first = (await admin.get(`/web/profile/orders/${enc(many.order_number)}/?page=1&page_size=2`)).body.data;
    expect(first.basket.items).toHaveLength(2);
    expect(first.showMore).toBe(true);
    const all = (await admin.get(`/web/profile/orders/${enc(many.order_number)}/?page_size=50`)).body.data;
    expect(all.showMore).toBe(false);
    expect(all.totals.sum).toBeCloseTo(all.basket.items.reduce((s: number, l: any) => s + l.sum, 0), 2);
    expect(all.history[0]).toMatchObject({ status: { id: expect.any(String), name: expect.any(String) }, actor: expect.any(String) });
    expect((await admin.get(`/web/profile/orders/${enc(many.order_number)}/?page=-1`)).res.status).toBe(422);
    expect((await admin.get('/web/profile/orders/%3Cscript%3E/')).res.status).toBe(404);
  });
});

describe("another user's or another company's order", () => {
  it('answers 404 on every orders call and changes nothing', async () => {
    const client = await signedIn(acc.retail.email);
    const other = await signedIn(rival.admin.email);
    const foreman = await signedIn(acc.employee.email);
    const adminOwn = (await (await signedIn(acc.admin.email)).get('/web/profile/orders/?filter=new')).body.data.orders.find((o: any) => o.mine);
    const pairs: [Visitor, string][] = [
      [client, companyNumber],
      [client, otherCompanyNumber],
      [other, retailNumber],
      [other, companyNumber],
      [foreman, retailNumber],
      [foreman, otherCompanyNumber],
      [foreman, adminOwn.order_number],
    ];
    for (const [v, number] of pairs) {
      // Every basket here is this file's own (it was not, while the retail buyer was the demo one checkout-http also used).
      const watchBasket = true;
      const basketBefore = (await v.get('/api/header/')).body.data.basket;
      const calls = [
        await v.get(`/web/profile/orders/${enc(number)}/`),
        await v.get(`/web/profile/basket/${enc(number)}/`),
        await v.post('/api/profile/orders/copy/', { order_number: number }),
        await v.post('/api/profile/orders/cancel/', { order_number: number }),
      ];
      for (const r of calls) {
        expect(r.res.status, number).toBe(404);
        expect(r.body.errors[0].message).toBe('Заказ не найден');
      }
      expect((await v.raw(`/web/profile/orders/${enc(number)}/invoice/`)).status).toBe(404);
      expect((await v.raw(`/personal/orders/${enc(number)}/`)).status).toBe(404);
      if (watchBasket) expect((await v.get('/api/header/')).body.data.basket).toEqual(basketBefore);
    }
    // The owners still see their orders unchanged.
    expect((await (await signedIn(rival.admin.email)).get(`/web/profile/orders/${enc(otherCompanyNumber)}/`)).body.data.status.id).toBe('new');
    expect((await other.post('/api/profile/orders/approve/', { order_number: companyNumber, approve: 'N' })).res.status).toBe(404);
  });
});

describe('repeat, cancel, invoice', () => {
  it('«Повторить заказ» previews and refills the basket with a report', async () => {
    const foreman = await signedIn(acc.employee.email);
    const preview = (await foreman.get(`/web/profile/basket/${enc(companyNumber)}/`)).body.data;
    expect(preview.items.length).toBeGreaterThan(0);
    expect(preview.items[0]).toMatchObject({ name: expect.any(String), quantity: expect.any(Number), can_buy: expect.any(Boolean) });
    await foreman.post('/api/basket/clear/', {});
    const { body } = await foreman.post('/api/profile/orders/copy/', { order_number: companyNumber });
    expect(body.data.added.length + body.data.refused.length).toBe(preview.items.length);
    const basket = (await foreman.get('/api/header/')).body.data.basket;
    for (const a of body.data.added) expect(basket).toContain(a.product_id);
    for (const bad of [{}, { order_number: '' }, { order_number: 'x'.repeat(41) }]) {
      const r = await foreman.post('/api/profile/orders/copy/', bad);
      expect(r.res.status).toBe(422);
      expect(russian(r.body.errors)).toBe(true);
    }
    expect((await foreman.post('/api/profile/orders/copy/', { order_number: 'ИН-1' })).res.status).toBe(404);
    await foreman.post('/api/basket/clear/', {});
  });

  it('cancelling a new order gives its stock back; a confirmed one cannot be cancelled', async () => {
    const foreman = await signedIn(acc.employee.email);
    const p = pool.shift()!;
    const before = await stockOf(p.id);
    await foreman.post('/api/basket/clear/', {});
    await foreman.post('/api/basket/add/', { product: p.id, quantity: 2 });
    const { body } = await placeOrder(foreman, pickupBody({ branchId: 2 }));
    const number = body.data.order_number;
    expect(await stockOf(p.id)).toBe(before - 2);
    const ok = await foreman.post('/api/profile/orders/cancel/', { order_number: number });
    expect(ok.body.data.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(before);
    const again = await foreman.post('/api/profile/orders/cancel/', { order_number: number });
    expect(again.res.status).toBe(409);
    expect(again.body.errors[0].message).toBe('Отменить можно только новый заказ. Позвоните нам, и мы поможем.');
    expect(await stockOf(p.id)).toBe(before);
    const confirmed = (await foreman.get('/web/profile/orders/?filter=confirmed')).body.data.orders[0];
    if (confirmed) expect((await foreman.post('/api/profile/orders/cancel/', { order_number: confirmed.order_number })).res.status).toBe(409);
    const detail = (await foreman.get(`/web/profile/orders/${enc(number)}/`)).body.data;
    expect(detail.history.map((h: any) => h.status.id)).toEqual(['new', 'cancelled']);
  });

  it('the invoice is a PDF «Счёт на оплату» with both requisites, VAT and the total in Russian words', async () => {
    const admin = await signedIn(acc.admin.email);
    const res = await admin.raw(`/web/profile/orders/${enc(companyNumber)}/invoice/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await res.arrayBuffer());
    const { text: raw } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const text = raw.replace(/\s+/g, ' ');
    const detail = (await admin.get(`/web/profile/orders/${enc(companyNumber)}/?page_size=100`)).body.data;
    expect(text).toContain(`Счёт на оплату № ${companyNumber}`);
    expect(text).toContain(`${SELLER.legalName}, УНП ${SELLER.unp}`);
    expect(text).toContain(`${acc.company.name}, УНП ${acc.company.unp}`);
    expect(text).toContain('BY20ALFA30122345670010270000');
    expect(text).toContain('НДС (20 %)');
    expect(text).toMatch(/Всего к оплате: [А-Я][а-я ]+ белорусск(ий рубль|их рубля|их рублей) \d\d копе/);
    expect(text).toContain(detail.basket.items[0].article);
    const retail = await signedIn(acc.retail.email);
    expect((await retail.raw(`/web/profile/orders/${enc(retailNumber)}/invoice/`)).status).toBe(404);
  });
});
