/** Shared steps of the checkout and orders HTTP tests: signing in, products in stock, stock read-outs, the mail outbox. */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { Visitor } from './http';
import { PASSWORD } from './fixtures';

/** Signs `email` in with the fixture sets' password (tests/helpers/fixtures.ts). */
export async function signedIn(email: string): Promise<Visitor> {
  const v = new Visitor();
  const r = await v.post('/api/authentication/', { login: email, password: PASSWORD });
  if (r.body.status !== 'success') throw new Error(`login ${email} failed: ${JSON.stringify(r.body.errors)}`);
  return v;
}

export type StockedProduct = { id: number; stock: number; price: number; name: string; article: string };

/** Buyable products with at least `min` units, from the id range `from`…`to` (test files use disjoint ranges so their stock changes never meet). */
export async function stockedProducts(from: number, to: number, min = 3): Promise<StockedProduct[]> {
  const v = new Visitor();
  const ids = Array.from({ length: to - from + 1 }, (_, i) => ({ product: from + i, quantity: 1 }));
  await v.post('/api/basket/list/add/', { product_list: ids });
  const grid = await v.get(`/web/basket/products/?pageSize=200`);
  return (grid.body.data.grid.row as any[]).filter((r) => r.can_buy && r.stock >= min).map((r) => ({ id: r.product_id, stock: r.stock, price: r.price, name: r.name, article: r.article }));
}

/** Units of a product across all branches, as a fresh visitor's basket shows them. */
export async function stockOf(productId: number): Promise<number> {
  const v = new Visitor();
  await v.post('/api/basket/add/', { product: productId });
  const grid = await v.get('/web/basket/products/?pageSize=200');
  return ([...grid.body.data.grid.row, ...grid.body.data.inactive] as any[]).find((r) => r.product_id === productId).stock;
}

export type OutMail = { file: string; to: { address: string }[]; subject: string; text: string; html?: string; attachments?: { filename: string; contentType: string }[] };

/**
 * The shared server's mails. Other test files write to the outbox at the same time, and the server sends a
 * moment after the call that queued a mail (notifications/outbox.ts): a file still being written is left out,
 * and a test first waits for the outbox with `messagesSent` (helpers/http.ts).
 */
export function outbox(): OutMail[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.includes('-sms-'))
    .flatMap((f) => {
      try {
        return [{ file: f, ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }];
      } catch {
        return []; // still being written
      }
    });
}

export const mailsTo = (to: string, about: string) => outbox().filter((m) => m.to.some((x) => x.address === to) && (m.subject.includes(about) || m.text.includes(about)));

export const russian = (errors: { message: string }[]) => errors.length > 0 && errors.every((e) => /[а-яё]/i.test(e.message) && !/expected|invalid|received/i.test(e.message));

export const key = () => crypto.randomUUID();

/**
 * POST /api/order/create/ as the checkout page sends it: with the total the checkout state shows for the
 * body's delivery type (`expectedTotal` is required); a body's own `expectedTotal` wins.
 */
export async function placeOrder(v: Visitor, body: Record<string, unknown>) {
  return v.post('/api/order/create/', { expectedTotal: await checkoutTotal(v, String(body.deliveryTypeId ?? '2')), ...body });
}

/** The total GET /web/orderCheckout/ shows the visitor for a delivery type ('1' pickup, '2' delivery); 0 for an empty basket. */
export async function checkoutTotal(v: Visitor, type: string): Promise<number> {
  const state = (await v.get('/web/orderCheckout/')).body.data;
  return state?.delivery_totals?.[type]?.total ?? 0;
}

/** The body of POST /api/order/create/ for a pickup at branch 1 (overridable). */
export function pickupBody(extra: Record<string, unknown> = {}) {
  return { idempotencyKey: key(), deliveryTypeId: '1', branchId: 1, name: 'Алексей Тестов', phone: '+375 29 123-45-67', email: 'buyer@example.by', payment: 'cash', ...extra };
}
