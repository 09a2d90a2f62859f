/**
 * Checkout over HTTP against the built server: GET /web/orderCheckout/, POST /api/order/create/
 * (good and bad input, idempotency, stock races, approval), address and organization lists.
 * Products come from ids 300–449 only (orders-http uses 450–599), so stock checks never meet.
 */
import { freshCustomer } from '../helpers/accounts';
import { clearOfTimesOfDay, MINSK_CUT_OFF_UTC, MINSK_MIDNIGHT_UTC } from '../helpers/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, messagesSent, Visitor } from '../helpers/http';
import { key, mailsTo, pickupBody, russian, signedIn, stockedProducts, stockOf, type StockedProduct, placeOrder, checkoutTotal } from '../helpers/shop';
import { fixture } from '../helpers/fixtures';

/** This file's own company, its people and customer (tests/helpers/fixtures.ts), and an unrelated company (`rival`). */
/** The shared test server's ORDERS_MAIL_TO (its default). */
const ORDERS_MAIL_TO = 'sales@instrument.by';
const acc = fixture('checkout-http');
const rival = fixture('checkout-http-rival');
/** The id of `acc`'s company (the payer of its invoice orders), read from its admin's profile. */
let companyId = 0;

let pool: StockedProduct[] = [];
const take = () => {
  const p = pool.shift();
  if (!p) throw new Error('product pool exhausted');
  return p;
};
const minskToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(new Date());

async function guestWith(...lines: [StockedProduct, number][]): Promise<Visitor> {
  const v = new Visitor();
  for (const [p, q] of lines) expect((await v.post('/api/basket/add/', { product: p.id, quantity: q })).body.status).toBe('success');
  return v;
}

beforeAll(async () => {
  pool = await stockedProducts(300, 449, 4);
  expect(pool.length).toBeGreaterThan(20);
  companyId = (await (await signedIn(acc.admin.email)).get('/web/profile/get/')).body.data.user.companyId;
  expect(companyId).toBeGreaterThan(0);
});

describe('GET /web/orderCheckout/', () => {
  it('an empty basket cannot be ordered and says why', async () => {
    const { res, body } = await new Visitor().get('/web/orderCheckout/');
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ can_order: false, reason: 'Корзина пуста: добавьте товары, чтобы оформить заказ', user: null, deliveryTypeId: '2' });
  });

  it('a guest basket: both ways to get it, real dates, every branch with now/later, payment online (card, ЕРИП) or on receipt', async () => {
    const [a, b] = [take(), take()];
    const v = await guestWith([a, 2], [b, 1]);
    // Read before the call: if Minsk's midnight passes meanwhile, the server's day is this one or a later one.
    const today = minskToday();
    const { body } = await v.get('/web/orderCheckout/');
    const s = body.data;
    expect(s.deliveryType).toEqual({ self: { id: '1', name: 'Самовывоз' }, delivery: { id: '2', name: 'Доставка' } });
    expect(s.basket.items.map((i: any) => i.product_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(s.basket.info.total).toBeCloseTo(a.price * 2 + b.price + s.basket.info.delivery_price, 2);
    expect(s.basket.info.vat).toBeCloseTo((s.basket.info.total * 20) / 120, 2);
    expect(s.delivery.dates).toHaveLength(10);
    expect(s.delivery.dates[0].date > today).toBe(true);
    expect(s.branches.length).toBeGreaterThanOrEqual(7);
    for (const br of s.branches) {
      expect(br.lines).toHaveLength(2);
      for (const l of br.lines) expect(l.now + l.later).toBe(l.product_id === a.id ? 2 : 1);
      expect(br.ready_date >= today).toBe(true);
      expect(br).toMatchObject({ address: expect.any(String), hours: expect.any(String), map_url: expect.stringContaining('openstreetmap.org') });
    }
    // Issue 26: a retail buyer pays online (card, ЕРИП) or on receipt; cash stays the default.
    expect(s.payment.types.map((p: any) => p.id)).toEqual(['online', 'erip', 'cash', 'card']);
    expect(s.payment.default).toBe('cash');
    expect(s.can_order).toBe(true);
    expect(s.sessid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a contractor sees the company prices, saved addresses, payers and invoice payment', async () => {
    // The company's buyer (the file's own set, so no other file touches the basket); emptied again at the end.
    const admin = await signedIn(acc.supply.email);
    // A product of its own in the basket (the company's 7 % applies to every product).
    expect((await admin.post('/api/basket/add/', { product: take().id })).res.status).toBe(200);
    const s = (await admin.get('/web/orderCheckout/')).body.data;
    expect(s.basket.items.some((i: any) => i.price < i.base_price)).toBe(true);
    expect(s.payment.default).toBe('invoice');
    expect(s.organizations[0]).toMatchObject({ name: acc.company.name, unp: acc.company.unp });
    expect(s.addresses.length).toBeGreaterThanOrEqual(2);
    expect(s.user).toMatchObject({ name: acc.supply.name, email: acc.supply.email });
    expect((await admin.post('/api/basket/clear/')).res.status).toBe(200);
  });
});

describe('POST /api/order/create/', () => {
  it('a guest buys two products for pickup: the order, the stock, the basket, the e-mail and a confirmation only that browser sees', async () => {
    const [a, b] = [take(), take()];
    const before = [await stockOf(a.id), await stockOf(b.id)];
    const v = await guestWith([a, 2], [b, 1]);
    const { res, body } = await placeOrder(v, pickupBody({ email: 'guest-pickup@example.by' }));
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ status: 'new', repeated: false, order_number: expect.stringMatching(/^ИН-\d+$/) });
    const number = body.data.order_number as string;
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([before[0]! - 2, before[1]! - 1]);
    const grid = (await v.get('/web/basket/products/')).body.data;
    expect(grid.grid.row.map((r: any) => r.product_id)).not.toContain(a.id);
    const page = await v.raw(body.data.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(number);
    expect(html).toContain('/registration/?email=guest-pickup%40example.by');
    expect((await new Visitor().raw(body.data.url)).status).toBe(404);
    expect((await (await signedIn(acc.retail.email)).raw(body.data.url)).status).toBe(404);
    await messagesSent();
    const [mail] = mailsTo('guest-pickup@example.by', number);
    expect(mail!.subject).toBe(`Заказ ${number} принят — Инструмент.by`);
    expect(mail!.text).toContain(a.name);
    expect(mail!.html).toContain('<table');
    // The store hears of it too, once, with what to work on and the desk's page of the order.
    const [toStore, ...more] = mailsTo(ORDERS_MAIL_TO, `Новый заказ ${number} `);
    expect(more).toEqual([]);
    expect(toStore!.subject).toMatch(new RegExp(`^Новый заказ ${number} на [\\d\\s]+,\\d{2} р\\. — `));
    expect(toStore!.text).toContain('Покупатель: гость, без учётной записи');
    expect(toStore!.text).toContain('guest-pickup@example.by');
    expect(toStore!.text).toContain(`${a.name} (арт. ${a.article}) — 2 шт.`);
    expect(toStore!.text).toContain('Самовывоз: ');
    expect(toStore!.text).toContain(`/desk/orders/${encodeURIComponent(number)}/`);
  });

  it('the same idempotency key twice, in a row or at once, makes one order', async () => {
    const client = await signedIn(acc.retail.email);
    const count = async () => (await client.get('/web/profile/orders/')).body.data.page_navigation.total as number;
    const before = await count();
    const a = take();
    await client.post('/api/basket/add/', { product: a.id });
    // One body for all three: a replay must send exactly what the first call did.
    const body = pickupBody({ email: acc.retail.email, expectedTotal: await checkoutTotal(client, '1') });
    const [x, y] = await Promise.all([placeOrder(client, body), placeOrder(client, body)]);
    const z = await placeOrder(client, body);
    expect([x.res.status, y.res.status, z.res.status]).toEqual([200, 200, 200]);
    expect(new Set([x.body.data.order_number, y.body.data.order_number, z.body.data.order_number]).size).toBe(1);
    expect(z.body.data.repeated).toBe(true);
    expect(await count()).toBe(before + 1);
    // Somebody else replaying that key gets nothing of it.
    const other = await guestWith([take(), 1]);
    const stolen = await placeOrder(other, body);
    expect(stolen.res.status).toBe(409);
    expect(JSON.stringify(stolen.body)).not.toContain(x.body.data.order_number);
  });

  it('a retail user has a new address delivered on the first possible date', async () => {
    // A customer of this test alone, registered afresh: no saved address of theirs comes first.
    const me = await freshCustomer();
    const client = new Visitor();
    expect((await client.post('/api/authentication/', { login: me.email, password: me.password })).body.status).toBe('success');
    const a = take();
    await client.post('/api/basket/add/', { product: a.id });
    // The first delivery date moves at the cut-off hour and at midnight (Minsk): the order below must be
    // sent on the same side of them as the dates were read.
    await clearOfTimesOfDay([MINSK_CUT_OFF_UTC, MINSK_MIDNIGHT_UTC], 30_000);
    const s = (await client.get('/web/orderCheckout/')).body.data;
    const suggest = (await client.post('/api/address/list/', { search: 'Гомель, Советская 41' })).body.data.items;
    expect(suggest.find((i: any) => i.source === 'locality').value).toBe('Гомельская обл., г. Гомель, Советская 41');
    // The locality field's suggestions (issue 30): the buyer picks «Гомель» with its region.
    const localities = (await client.post('/api/address/listWithSeparation/', { search: 'гомел' })).body.data.suggestions;
    const city = localities.find((l: any) => l.locality === 'Гомель');
    expect(city).toMatchObject({ value: 'Гомельская обл., г. Гомель', region: 'Гомельская обл.', kind: 'г.' });
    const address = { newAddressCity: city.value, newAddressRegion: city.region, newAddressStreet: 'ул. Советская', newAddressHouse: '41 а', newAddressBuilding: '', newAddressFlat: '17', newAddressEntrance: '2' };
    const { body } = await placeOrder(client, { idempotencyKey: key(), deliveryTypeId: '2', ...address, deliveryDate: s.delivery.dates[0].date, name: 'Иван Петров', phone: '80291112233', email: me.email, payment: 'card', expectedTotal: s.basket.info.total });
    expect(body.status).toBe('success');
    const detail = (await client.get(`/web/profile/orders/${encodeURIComponent(body.data.order_number)}/`)).body.data;
    expect(detail.delivery).toMatchObject({
      type: '2',
      date: s.delivery.dates[0].date,
      address: 'Гомельская обл., г. Гомель, ул. Советская, д. 41А, кв. 17, подъезд 2',
      address_fields: { city: 'Гомель', region: 'Гомельская обл.', street: 'ул. Советская', house: '41А', building: null, flat: '17', entrance: '2' },
    });
    // The confirmation page shows the same line.
    const page = await client.raw(body.data.url);
    expect(await page.text()).toContain('Гомельская обл., г. Гомель, ул. Советская, д. 41А, кв. 17, подъезд 2');
    expect(detail.contact.phone).toBe('+375 29 111-22-33');
    expect(detail.totals.total).toBeCloseTo(s.basket.info.total, 2);
    expect(detail.totals.delivery_price).toBe(a.price < 300 ? 15 : 0);
  }, 120_000);

  it('refuses bad input in plain Russian, naming the field, and makes no order', async () => {
    const v = await guestWith([take(), 1]);
    const tomorrowish = (await v.get('/web/orderCheckout/')).body.data.delivery.dates[0].date;
    const minsk = { newAddressCity: 'Минск', newAddressStreet: 'ул. Ленина', newAddressHouse: '1' };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'idempotencyKey'],
      [pickupBody({ name: '' }), 'name'],
      [pickupBody({ phone: '12345' }), 'phone'],
      [pickupBody({ email: 'не почта' }), 'email'],
      [pickupBody({ deliveryTypeId: '3' }), 'deliveryTypeId'],
      [pickupBody({ branchId: undefined }), 'branchId'],
      [pickupBody({ branchId: 'один' }), 'branchId'],
      [pickupBody({ deliveryTypeId: '2', branchId: undefined }), 'newAddressCity'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, deliveryDate: '2020-01-01' }), 'deliveryDate'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, deliveryDate: '23.11.2026' }), 'deliveryDate'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressCity: 'Мн', deliveryDate: tomorrowish }), 'newAddressCity'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressCity: 'Минскк', deliveryDate: tomorrowish }), 'newAddressCity'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressHouse: '1-3', deliveryDate: tomorrowish }), 'newAddressHouse'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressHouse: 'первый', deliveryDate: tomorrowish }), 'newAddressHouse'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressStreet: '', deliveryDate: tomorrowish }), 'newAddressStreet'],
      [pickupBody({ deliveryTypeId: '2', ...minsk, newAddressFlat: 'у двери', deliveryDate: tomorrowish }), 'newAddressFlat'],
      // An old client sending the line alone: refused, naming the fields it now needs.
      [pickupBody({ deliveryTypeId: '2', newAddressAddress: 'Минск, ул. Ленина 1', deliveryDate: tomorrowish }), 'newAddressAddress'],
      [pickupBody({ deliveryTypeId: '2', newAddressAddress: 'Минск, ул. Ленина 1', deliveryDate: tomorrowish }), 'newAddressHouse'],
      [pickupBody({ deliveryTypeId: '2', addressId: 1, deliveryDate: tomorrowish }), 'addressId'],
      [pickupBody({ branchId: 999 }), 'branchId'],
      [pickupBody({ payment: 'invoice', payerCompanyId: 1 }), 'payment'],
      [pickupBody({ payment: 'bitcoin' }), 'payment'],
      [pickupBody({ comment: 'х'.repeat(1001) }), 'comment'],
    ];
    for (const [body, field] of cases) {
      const r = await placeOrder(v, body);
      expect(r.res.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors.map((e: any) => e.field), JSON.stringify(r.body.errors)).toContain(field);
      expect(russian(r.body.errors), JSON.stringify(r.body.errors)).toBe(true);
    }
    const junk = await v.raw('/api/order/create/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: '{"name":' });
    expect(junk.status).toBe(400);
    // An order without the total the buyer saw is refused, whatever the prices (issue 28 #11).
    for (const missing of [undefined, '', 'много', -1]) {
      const r = await v.post('/api/order/create/', pickupBody(missing === undefined ? {} : { expectedTotal: missing }));
      expect(r.res.status, String(missing)).toBe(422);
      expect(r.body.errors).toEqual([expect.objectContaining({ field: 'expectedTotal', message: 'Сумма заказа: укажите ту, что покупатель видит при оформлении, — без неё заказ не принимается' })]);
    }
    const moved = await placeOrder(v, pickupBody({ expectedTotal: 0.01 }));
    expect(moved.res.status).toBe(409);
    expect(moved.body.errors[0].message).toMatch(/^Цены изменились/);
    expect(moved.body.data.total).toBeGreaterThan(0);
    expect((await v.get('/web/basket/products/')).body.data.grid.row).toHaveLength(1);
    const empty = await placeOrder(new Visitor(), pickupBody());
    expect(empty.res.status).toBe(409);
    expect(empty.body.errors[0].message).toBe('Корзина пуста: добавьте товары, чтобы оформить заказ');
  });

  it('two buyers of the last units: one gets them, the other a Russian message naming the line; stock never below zero', async () => {
    const p = take();
    const units = await stockOf(p.id);
    const [first, second] = [await guestWith([p, units]), await guestWith([p, units])];
    const results = await Promise.all([placeOrder(first, pickupBody()), placeOrder(second, pickupBody())]);
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.res.status === 409)!;
    expect(loser.body.errors[0].message).toContain(`«${p.name}» (арт. ${p.article})`);
    expect(loser.body.data.shortages[0]).toMatchObject({ product_id: p.id, available: 0, quantity: units });
    expect(await stockOf(p.id)).toBe(0);
    // Now out of stock, it can still be ordered "под заказ" — only when the buyer accepts that.
    const late = await guestWith([p, 1]);
    expect((await late.get('/web/orderCheckout/')).body.data.basket.items[0].on_order).toBe(true);
    const accepted = await placeOrder(late, pickupBody({ onOrder: [p.id] }));
    expect(accepted.body.status).toBe('success');
    expect(await stockOf(p.id)).toBe(0);
  });

  it('an employee without the right to order is refused with 403, and says so on the checkout', async () => {
    const keeper = await signedIn(acc.storekeeper.email);
    await keeper.post('/api/basket/add/', { product: take().id });
    const s = (await keeper.get('/web/orderCheckout/')).body.data;
    expect(s.can_order).toBe(false);
    const r = await placeOrder(keeper, pickupBody({ payment: 'invoice', payerCompanyId: companyId }));
    expect(r.res.status).toBe(403);
    expect(r.body.errors[0].message).toBe('Вам не разрешено оформлять заказы от имени компании. Обратитесь к администратору вашей компании.');
    // The basket page says so already, in place of «Оформить заказ» (issue 30).
    const basket = await (await keeper.raw('/basket/')).text();
    expect(basket).toMatch(/data-testid="basket-refusal"[^>]*>Вам не разрешено оформлять заказы/);
    expect(basket).not.toContain('href="/checkout/"');
  });

  it('an employee over their limit waits for the admin, who approves; invoice only; both are told', async () => {
    const supply = await signedIn(acc.supply.email);
    const p = pool.find((x) => x.price * 3 > 600 && x.stock >= 3) ?? take();
    pool = pool.filter((x) => x !== p);
    await supply.post('/api/basket/add/', { product: p.id, quantity: Math.max(1, Math.min(p.stock, Math.ceil(600 / p.price))) });
    const s = (await supply.get('/web/orderCheckout/')).body.data;
    expect(s.payment).toMatchObject({ invoice_only: true, default: 'invoice' });
    expect(s.approval).toEqual({ required: s.basket.info.total > 500, limit: 500, period: 'order', text: '500,00 р. на один заказ' });
    const cash = await placeOrder(supply, pickupBody({ email: acc.supply.email }));
    expect(cash.res.status).toBe(422);
    expect(cash.body.errors[0].message).toBe('Способ оплаты: Вам доступна только оплата по счёту');
    const { body } = await placeOrder(supply, pickupBody({ email: acc.supply.email, payment: 'invoice', payerCompanyId: companyId }));
    expect(body.data.status).toBe('approval');
    const number = body.data.order_number as string;
    await messagesSent();
    expect(mailsTo(acc.admin.email, number).some((m) => m.subject.includes('ждёт вашего согласования'))).toBe(true);
    expect(mailsTo(acc.supply.email, number)[0]!.attachments).toHaveLength(1);
    // Not the store's to work yet: no «Новый заказ» until the admin approves.
    expect(mailsTo(ORDERS_MAIL_TO, `Новый заказ ${number} `)).toEqual([]);
    // Only the company admin decides.
    expect((await supply.post('/api/profile/orders/approve/', { order_number: number, approve: 'Y' })).res.status).toBe(403);
    expect((await (await signedIn(rival.admin.email)).post('/api/profile/orders/approve/', { order_number: number, approve: 'Y' })).res.status).toBe(404);
    const admin = await signedIn(acc.admin.email);
    const list = (await admin.get('/web/profile/orders/?filter=approval')).body.data.orders;
    expect(list.find((o: any) => o.order_number === number)).toMatchObject({ can_approve: true, buyer: acc.supply.name });
    const ok = await admin.post('/api/profile/orders/approve/', { order_number: number, approve: 'Y', comment: 'Согласовано, берите' });
    expect(ok.body.data.status).toBe('new');
    expect((await admin.post('/api/profile/orders/approve/', { order_number: number, approve: 'N' })).res.status).toBe(409);
    await messagesSent();
    expect(mailsTo(acc.supply.email, number).some((m) => m.text.includes('Согласовано, берите'))).toBe(true);
    const toStore = mailsTo(ORDERS_MAIL_TO, `Новый заказ ${number} `);
    expect(toStore).toHaveLength(1);
    expect(toStore[0]!.subject).toContain(`${acc.company.name}, УНП ${acc.company.unp}`);
    expect(toStore[0]!.text).toContain(`Покупатель: ${acc.supply.name} (${acc.supply.email}), ${acc.company.name}, УНП ${acc.company.unp}`);
    expect((await admin.post('/api/profile/orders/approve/', { order_number: number, approve: 'может быть' })).res.status).toBe(422);
  });

  it('a rejected order gives its stock back', async () => {
    const supply = await signedIn(acc.supply.email);
    const p = take();
    const before = await stockOf(p.id);
    await supply.post('/api/basket/add/', { product: p.id, quantity: Math.min(p.stock, 3) });
    const total = (await supply.get('/web/orderCheckout/')).body.data.basket.info.total;
    const { body } = await placeOrder(supply, pickupBody({ payment: 'invoice', payerCompanyId: companyId }));
    expect(await stockOf(p.id)).toBe(before - Math.min(p.stock, 3));
    if (total <= 500) return expect(body.data.status).toBe('new');
    const admin = await signedIn(acc.admin.email);
    expect((await admin.post('/api/profile/orders/approve/', { order_number: body.data.order_number, approve: 'N', comment: 'Дорого' })).body.data.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(before);
    await messagesSent();
    expect(mailsTo(acc.supply.email, body.data.order_number).some((m) => m.text.includes('Дорого'))).toBe(true);
    expect(mailsTo(ORDERS_MAIL_TO, `Новый заказ ${body.data.order_number} `)).toEqual([]);
  });
});

describe('address and organization lists', () => {
  it('suggests localities with their region for anyone, saved addresses first for a user', async () => {
    const guest = (await new Visitor().post('/api/address/listWithSeparation/', { search: 'барановичи' })).body.data;
    expect(guest.saved).toEqual([]);
    expect(guest.suggestions[0]).toMatchObject({ locality: 'Барановичи', region: 'Брестская обл.', kind: 'г.' });
    const admin = await signedIn(acc.admin.email);
    const list = (await admin.post('/api/address/list/', { search: 'минск' })).body.data.items;
    expect(list[0]).toMatchObject({ source: 'saved', address_id: expect.any(Number) });
    expect(list.some((i: any) => i.value === 'г. Минск')).toBe(true);
    const long = await new Visitor().post('/api/address/list/', { search: 'x'.repeat(201) });
    expect(long.res.status).toBe(422);
    expect(russian(long.body.errors)).toBe(true);
  });

  it('lists the payer companies a user may act for; guests get code 101', async () => {
    const admin = await signedIn(acc.admin.email);
    expect((await admin.post('/api/organization/list/', { search: acc.company.unp.slice(0, 4) })).body.data.items).toHaveLength(1);
    // Another company on the same server, found by its name, is not one the admin may act for.
    expect((await admin.post('/api/organization/list/', { search: rival.name })).body.data.items).toHaveLength(0);
    expect((await (await signedIn(acc.retail.email)).post('/api/organization/list/', {})).body.data.items).toEqual([]);
    const guest = await new Visitor().post('/api/organization/list/', {});
    expect(guest.res.status).toBe(401);
    expect(guest.body.errors[0].code).toBe(101);
  });
});
