/**
 * Issue 26 over HTTP against the built server: online payments through the sandbox provider (card and
 * ЕРИП), notifications verified, applied once and never trusted for the amount, refunds when the store
 * cancels a paid order, receipts, and Russian 4xx for bad input on every new call. The deadline and
 * the amount log run on a server of their own (helpers/own-server.ts: a short deadline, its log).
 * Products come from ids 200–249 only (other files use other ranges), so stock checks never meet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { base, messagesSent, Visitor } from '../helpers/http';
import { key, mailsTo, pickupBody, russian, signedIn, stockedProducts, stockOf, type StockedProduct, placeOrder } from '../helpers/shop';
import { freshCustomer } from '../helpers/accounts';
import { notice, sandboxAuth, sandboxKey, sendNotice, strangerKey } from '../helpers/payments';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { fixture } from '../helpers/fixtures';

/** This file's own people: a second customer, a store manager, a contractor admin whose company pays by invoice only. */
const acc = fixture('payments-http');

let pool: StockedProduct[] = [];
const take = () => {
  const p = pool.shift();
  if (!p) throw new Error('product pool exhausted');
  return p;
};
const kopecks = (byn: number) => Math.round(byn * 100);

async function guestOrder(payment: 'online' | 'erip', root?: string, product?: StockedProduct, email = `pay-${Date.now()}@example.by`) {
  const v = new Visitor(root);
  const p = product ?? take();
  expect((await v.post('/api/basket/add/', { product: p.id, quantity: 1 })).body.status).toBe('success');
  const { res, body } = await placeOrder(v, pickupBody({ payment, email }));
  expect(res.status, JSON.stringify(body.errors)).toBe(200);
  return { v, p, placed: body.data, email };
}

/** The payment state as the buyer's confirmation page shows it. */
async function shownStatus(v: Visitor, number: string): Promise<string> {
  const html = await (await v.raw(`/checkout/${encodeURIComponent(number)}/`)).text();
  return /data-testid="payment-status"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
}

const tokenOf = (url: string) => /\/payments\/sandbox\/([0-9a-f]{48})\//.exec(url)![1]!;

beforeAll(async () => {
  pool = await stockedProducts(200, 249, 3);
  expect(pool.length).toBeGreaterThan(12);
});

describe('a card order through the sandbox', () => {
  it('the create answer carries payment {url, method, status}; the sandbox page, «Оплатить», a signed notice, paid', async () => {
    const { v, p, placed, email } = await guestOrder('online');
    expect(placed.payment).toMatchObject({ method: 'card', status: 'awaiting', url: expect.stringContaining('/payments/sandbox/') });
    expect(await shownStatus(v, placed.order_number)).toBe('Ожидает оплаты');
    const page = await (await fetch(placed.payment.url)).text();
    expect(page).toContain('Оплатить');
    expect(page).toContain('Отказ');
    expect(page).toContain('Закрыть');
    const before = await stockOf(p.id);
    const r = await fetch(`${base()}/api/payments/sandbox/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base() }, body: `token=${tokenOf(placed.payment.url)}&action=pay`, redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toContain(`/checkout/${encodeURIComponent(placed.order_number)}/`);
    expect(await shownStatus(v, placed.order_number)).toBe('Оплачен');
    expect(await stockOf(p.id)).toBe(before); // paid: the reservation stays
    await messagesSent();
    expect(mailsTo(email, 'оплачен').length).toBe(1);
    // The page no longer takes a second payment.
    expect(await (await fetch(placed.payment.url)).text()).toContain('Платёж проведён');
  });

  it('«Отказ»: not paid, the order is cancelled and its stock goes back', async () => {
    const { v, p, placed } = await guestOrder('online');
    const held = await stockOf(p.id);
    const r = await new Visitor().post('/api/payments/sandbox/', { token: tokenOf(placed.payment.url), action: 'decline' });
    expect(r.res.status).toBe(200);
    expect(await shownStatus(v, placed.order_number)).toBe('Не оплачен');
    expect(await stockOf(p.id)).toBe(held + 1);
  });

  it('«Закрыть» changes nothing: still awaiting, «Оплатить» leads to the same page', async () => {
    const { v, placed } = await guestOrder('online');
    const r = await new Visitor().post('/api/payments/sandbox/', { token: tokenOf(placed.payment.url), action: 'close' });
    expect(r.body.data.settled).toBe(false);
    expect(await shownStatus(v, placed.order_number)).toBe('Ожидает оплаты');
    const again = await v.raw(`/checkout/${encodeURIComponent(placed.order_number)}/pay/`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(placed.payment.url);
    // Another browser may not use the pay link.
    expect((await new Visitor().raw(`/checkout/${encodeURIComponent(placed.order_number)}/pay/`)).status).toBe(404);
  });
});

describe('notifications', () => {
  it('a wrong signature or wrong shop credentials → 401, nothing changes', async () => {
    const { v, placed } = await guestOrder('online');
    const body = notice({ uid: `t-${key()}`, status: 'successful', amount: kopecks(placed.total), tracking: placed.order_number });
    const key1 = await sandboxKey(inject('dataDir'));
    const stranger = await sendNotice(base(), body, { key: strangerKey() });
    expect(stranger.res.status).toBe(401);
    expect(russian(stranger.body.errors)).toBe(true);
    const tampered = await sendNotice(base(), body, { key: key1, tamper: (raw) => raw.replace('"successful"', '"successful" ') });
    expect(tampered.res.status).toBe(401);
    const wrongAuth = await sendNotice(base(), body, { key: key1, auth: sandboxAuth('not-the-secret') });
    expect(wrongAuth.res.status).toBe(401);
    const noSignature = await fetch(`${base()}/api/payments/notify/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: sandboxAuth() }, body: JSON.stringify(body) });
    expect(noSignature.status).toBe(401);
    expect(await shownStatus(v, placed.order_number)).toBe('Ожидает оплаты');
  });

  it('the same notice twice → one transition (one e-mail), the second answers 200 unchanged', async () => {
    const { v, placed, email } = await guestOrder('online');
    const body = notice({ uid: `t-${key()}`, status: 'successful', amount: kopecks(placed.total), tracking: placed.order_number });
    const k = await sandboxKey(inject('dataDir'));
    const first = await sendNotice(base(), body, { key: k });
    expect(first.res.status).toBe(200);
    expect(first.body.data).toMatchObject({ payment_status: 'paid', changed: true });
    const second = await sendNotice(base(), body, { key: k });
    expect(second.res.status).toBe(200);
    expect(second.body.data).toMatchObject({ payment_status: 'paid', changed: false });
    // A later "failed" for the same payment does not undo it either.
    const late = await sendNotice(base(), { ...body, transaction: { ...body.transaction, status: 'failed' } }, { key: k });
    expect(late.body.data).toMatchObject({ payment_status: 'paid', changed: false });
    expect(await shownStatus(v, placed.order_number)).toBe('Оплачен');
    await messagesSent();
    expect(mailsTo(email, 'оплачен').length).toBe(1);
  });

  it('an amount or currency that differs from the order → 409, refused, the order still awaits', async () => {
    const { v, placed } = await guestOrder('online');
    const k = await sandboxKey(inject('dataDir'));
    const less = await sendNotice(base(), notice({ uid: `t-${key()}`, status: 'successful', amount: kopecks(placed.total) - 1, tracking: placed.order_number }), { key: k });
    expect(less.res.status).toBe(409);
    expect(russian(less.body.errors)).toBe(true);
    const usd = await sendNotice(base(), notice({ uid: `t-${key()}`, status: 'successful', amount: kopecks(placed.total), currency: 'USD', tracking: placed.order_number }), { key: k });
    expect(usd.res.status).toBe(409);
    expect(await shownStatus(v, placed.order_number)).toBe('Ожидает оплаты');
  });

  it('bad input on every new call → Russian 4xx, never a 500', async () => {
    const k = await sandboxKey(inject('dataDir'));
    const cases: [number, Promise<{ res: Response; body: { errors: { message: string }[] } }>][] = [
      [400, sendNotice(base(), { transaction: { uid: 'x' } }, { key: k })],
      [400, sendNotice(base(), [1, 2], { key: k })],
      [404, sendNotice(base(), notice({ uid: 'x', status: 'successful', amount: 100, tracking: 'ИН-1' }), { key: k })],
      [422, new Visitor().post('/api/payments/sandbox/', { token: 'nope', action: 'pay' })],
      [422, new Visitor().post('/api/payments/sandbox/', { token: 'a'.repeat(48), action: 'steal' })],
      [404, new Visitor().post('/api/payments/sandbox/', { token: 'a'.repeat(48), action: 'pay' })],
      [422, placeOrder(new Visitor(), pickupBody({ payment: 'bitcoin' }))],
    ];
    for (const [status, call] of cases) {
      const { res, body } = await call;
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(russian(body.errors), JSON.stringify(body.errors)).toBe(true);
    }
    const notJson = await fetch(`${base()}/api/payments/notify/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(notJson.status).toBeLessThan(500);
    expect(notJson.status).toBeGreaterThanOrEqual(400);
  });
});

describe('ЕРИП', () => {
  it('instructions with an account number; the sandbox bank pays; the order is paid', async () => {
    const { v, placed } = await guestOrder('erip');
    expect(placed.payment).toMatchObject({ method: 'erip', status: 'awaiting', url: expect.stringContaining(`/checkout/`) });
    const html = await (await v.raw(`/checkout/${encodeURIComponent(placed.order_number)}/`)).text();
    expect(html).toContain('data-testid="erip-instructions"');
    const account = /data-testid="erip-account"[^>]*>(\d+)</.exec(html)![1]!;
    expect(placed.order_number).toContain(account);
    const sandbox = /href="(\/payments\/sandbox\/[0-9a-f]{48}\/)"/.exec(html)![1]!;
    expect((await new Visitor().post('/api/payments/sandbox/', { token: tokenOf(sandbox), action: 'pay' })).res.status).toBe(200);
    expect(await shownStatus(v, placed.order_number)).toBe('Оплачен');
  });
});

describe('refunds, receipts and ownership', () => {
  let buyer: Visitor;
  beforeAll(async () => {
    const { email, password } = await freshCustomer();
    buyer = new Visitor();
    expect((await buyer.post('/api/authentication/', { login: email, password })).body.status).toBe('success');
  });

  it('a paid order cancelled by the store is refunded through the provider; receipt_url in list and detail; another user gets 404', async () => {
    const p = take();
    expect((await buyer.post('/api/basket/add/', { product: p.id })).body.status).toBe('success');
    const placed = (await placeOrder(buyer, pickupBody({ payment: 'online' }))).body.data;
    await buyer.post('/api/payments/sandbox/', { token: tokenOf(placed.payment.url), action: 'pay' });
    const detail = (await buyer.get(`/web/profile/orders/${encodeURIComponent(placed.order_number)}/`)).body.data;
    expect(detail).toMatchObject({ payment_status: 'paid', receipt_url: expect.stringContaining('/receipt/'), payment: { status: 'paid', method: 'card' } });
    const list = (await buyer.get('/web/profile/orders/')).body.data.orders;
    expect(list.find((o: any) => o.order_number === placed.order_number)).toMatchObject({ receipt_url: detail.receipt_url, payment_status: 'paid' });
    const pdf = await buyer.raw(detail.receipt_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Twelve at once from one customer: each is the document or a Russian «wait for the previous one» (issue 28), never a 5xx.
    const burst = await Promise.all(Array.from({ length: 12 }, () => buyer.raw(detail.receipt_url)));
    for (const r of burst) {
      if (r.status === 200) {
        expect(r.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await r.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(r.status).toBe(429);
        expect((await r.json()).errors[0].message).toMatch(/^Предыдущий документ ещё готовится/);
      }
    }
    expect(burst.some((r) => r.status === 200)).toBe(true);
    // Another customer: the same number is not theirs (404, nothing read).
    const other = await signedIn(acc.retail.email);
    expect((await other.raw(detail.receipt_url)).status).toBe(404);
    expect((await other.raw(`/checkout/${encodeURIComponent(placed.order_number)}/receipt/`)).status).toBe(404);
    expect((await new Visitor().raw(`/checkout/${encodeURIComponent(placed.order_number)}/print/`)).status).toBe(404);

    const staff = await signedIn(acc.staff.email);
    const moved = await staff.post('/api/desk/orders/setStatus/', { id: detail.id, from: 'new', status: 'cancelled', comment: 'нет в наличии' });
    expect(moved.res.status, JSON.stringify(moved.body)).toBe(200);
    const after = (await buyer.get(`/web/profile/orders/${encodeURIComponent(placed.order_number)}/`)).body.data;
    expect(after).toMatchObject({ status: { id: 'cancelled' }, payment_status: 'refunded' });
  });

  it('the buyer cancelling their own paid order gets the money back too; the invoice stays 404 for a retail order', async () => {
    const p = take();
    await buyer.post('/api/basket/add/', { product: p.id });
    const placed = (await placeOrder(buyer, pickupBody({ payment: 'online' }))).body.data;
    await buyer.post('/api/payments/sandbox/', { token: tokenOf(placed.payment.url), action: 'pay' });
    const cancelled = await buyer.post('/api/profile/orders/cancel/', { order_number: placed.order_number });
    expect(cancelled.res.status).toBe(200);
    expect((await buyer.get(`/web/profile/orders/${encodeURIComponent(placed.order_number)}/`)).body.data.payment_status).toBe('refunded');
    expect((await buyer.raw(`/web/profile/orders/${encodeURIComponent(placed.order_number)}/invoice/`)).status).toBe(404);
  });

  it('a guest has the receipt on the confirmation; a cash order has one too', async () => {
    const v = new Visitor();
    await v.post('/api/basket/add/', { product: take().id });
    const placed = (await placeOrder(v, pickupBody())).body.data;
    expect(placed.payment).toBeUndefined();
    const r = await v.raw(`/checkout/${encodeURIComponent(placed.order_number)}/receipt/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect((await v.raw(`/checkout/${encodeURIComponent(placed.order_number)}/print/`)).status).toBe(200);
  });

  it('a contractor: invoice as before, online only where the company allows it', async () => {
    const admin = await signedIn(acc.admin.email);
    const s = (await admin.get('/web/orderCheckout/')).body.data;
    expect(s.payment.types.map((x: any) => x.id)).toContain('invoice');
    expect(s.payment.types.map((x: any) => x.id)).not.toContain('online');
  });
});

describe('the deadline and the amount log (a server of its own)', () => {
  let own: OwnServer;
  beforeAll(async () => {
    own = await startOwnServer({ env: { PAYMENT_DEADLINE_MINUTES: '0.05', PAYMENT_SWEEP_MS: '300' } });
  }, 180_000);
  afterAll(async () => own?.stop());

  it('an unpaid card order gives its stock back at the deadline, the buyer is told; money arriving later goes back', async () => {
    const products = (await (async () => {
      const v = new Visitor(own.base);
      await v.post('/api/basket/list/add/', { product_list: Array.from({ length: 30 }, (_, i) => ({ product: 20 + i, quantity: 1 })) });
      return ((await v.get('/web/basket/products/?pageSize=200')).body.data.grid.row as any[]).filter((r) => r.can_buy && r.stock >= 3);
    })());
    const p = { id: products[0].product_id } as StockedProduct;
    const stock = async () => {
      const v = new Visitor(own.base);
      await v.post('/api/basket/add/', { product: p.id });
      return ((await v.get('/web/basket/products/?pageSize=200')).body.data.grid.row as any[])[0].stock as number;
    };
    const before = await stock();
    const { v, placed } = await guestOrder('online', own.base, p, 'late@example.by');
    expect(await stock()).toBe(before - 1);
    const until = Date.now() + 15_000;
    while (Date.now() < until && (await shownStatus(v, placed.order_number)) !== 'Не оплачен') await new Promise((r) => setTimeout(r, 300));
    expect(await shownStatus(v, placed.order_number)).toBe('Не оплачен');
    expect(await stock()).toBe(before);
    expect(own.log()).not.toMatch(/deadline sweep failed/);

    // The amount differs: refused and logged.
    const k = await sandboxKey(own.dataDir);
    const wrong = await sendNotice(own.base, notice({ uid: 'late-1', status: 'successful', amount: kopecks(placed.total) + 100, tracking: placed.order_number }), { key: k });
    expect(wrong.res.status).toBe(409);
    expect(own.log()).toContain(`order ${placed.order_number}: notification late-1 refused, amount differs`);
    // The buyer pays on the (still open) payment page after all, too late: the money goes straight back.
    expect((await new Visitor(own.base).post('/api/payments/sandbox/', { token: tokenOf(placed.payment.url), action: 'pay' })).res.status).toBe(200);
    expect(await shownStatus(v, placed.order_number)).toBe('Деньги возвращены');
  }, 60_000);
});

describe('checkout trust', () => {
  it('the checkout and the confirmation show who sells and link the agreement and the privacy policy', async () => {
    const v = new Visitor();
    await v.post('/api/basket/add/', { product: take().id });
    const checkout = await (await v.raw('/checkout/')).text();
    for (const html of [checkout]) {
      expect(html).toContain('data-testid="seller-requisites"');
      expect(html).toContain('УНП 193456782');
      expect(html).toContain('href="/agreement/"');
      expect(html).toContain('href="/political/"');
    }
    expect(checkout).toContain('/registration/?backurl=%2Fcheckout%2F');
    const placed = (await placeOrder(v, pickupBody())).body.data;
    const done = await (await v.raw(placed.url)).text();
    expect(done).toContain('УНП 193456782');
    expect(done).toContain('href="/political/"');
  });

  it('an empty phone or e-mail is told apart from a malformed one, with the format expected', async () => {
    const v = new Visitor();
    const empty = await placeOrder(v, pickupBody({ phone: '', email: ' ' }));
    expect(empty.res.status).toBe(422);
    expect(empty.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'phone', message: 'Телефон: обязательное поле' }), expect.objectContaining({ field: 'email', message: expect.stringMatching(/обязательное поле$/) })]));
    const wrong = await placeOrder(v, pickupBody({ phone: '12345', email: 'ivan@' }));
    expect(wrong.body.errors.find((e: any) => e.field === 'phone')?.message).toBe('Телефон: заполнено неверно, ожидается формат +375 29 123-45-67');
    expect(wrong.body.errors.find((e: any) => e.field === 'email')?.message).toMatch(/заполнено неверно, ожидается формат ivan@example\.by$/);
  });

  it('registration started from the checkout carries the way back to it', async () => {
    const html = await (await new Visitor().raw('/registration/?backurl=%2Fcheckout%2F')).text();
    // The island's props (Astro serializes them HTML-escaped: backUrl → [0, "/checkout/"]).
    expect(html).toMatch(/backUrl&quot;:\[0,&quot;\/checkout\/&quot;/);
    // Only a local path is taken.
    const evil = await (await new Visitor().raw('/registration/?backurl=https%3A%2F%2Fevil.example%2F')).text();
    expect(evil).not.toContain('evil.example');
  });
});
