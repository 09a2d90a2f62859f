/**
 * Issue 30, product alerts, over HTTP on a server of this file's own (its outbox is read, its catalogue is
 * changed): a guest subscribes → a confirmation e-mail and nothing else → confirms by the link → stock arrives
 * → exactly one e-mail; a signed-in user gets one site notification and one e-mail; a second identical change
 * (5 → 7) sends nothing; out of stock and back is a new event; a price below the chosen one — for the
 * subscriber's own price (a contractor's company price) — one message, and a further drop nothing; the
 * unsubscribe link works without signing in; another user's and another company's id is refused (404) and
 * changes nothing; bad input gets a Russian 4xx. Stock and prices change the way the change log sees them:
 * an SQL UPDATE on PostgreSQL, the desk's price-list import (ordinary UPDATEs) on PGlite, whose database the
 * running server holds. Products are the file's own (codes alert-it-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { Visitor, type Envelope } from '../helpers/http';
import { branches, brands, products, sections, stocks } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

const acc = fixture('alerts');
const rival = fixture('alerts-rival');

/** The file's products: out of stock (stock alerts), in stock (price alerts), out of stock (never confirmed). */
const OWN = [
  { code: 'alert-it-drill', article: 'ALR-IT-1', price: '200.00', stock: 0 },
  { code: 'alert-it-saw', article: 'ALR-IT-2', price: '300.00', stock: 4 },
  { code: 'alert-it-sander', article: 'ALR-IT-3', price: '150.00', stock: 0 },
] as const;
const GUEST = 'guest-alerts@it-alerts.by';
const LURKER = 'unconfirmed@it-alerts.by';

let srv: OwnServer;
let ids: Record<string, number> = {};
let minsk = 0;
let staff: Visitor;
let retail: Visitor;
let admin: Visitor;
let employee: Visitor;
let stranger: Visitor;

async function prepare(db: Db) {
  await writeFixture(db, acc, rival);
  const [section] = await db.select({ id: sections.id }).from(sections).orderBy(sections.id).limit(1);
  const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(brands.id).limit(1);
  const rows = await db
    .insert(products)
    .values(OWN.map((p, i) => ({ code: p.code, article: p.article, articleNorm: p.article.replace(/-/g, ''), name: `Тестовый товар подписок ${i + 1}`, sectionId: section!.id, brandId: brand!.id, price: p.price })))
    .returning({ id: products.id, code: products.code });
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const [b] = await db.select({ id: branches.id }).from(branches).where(eq(branches.city, 'Минск')).limit(1);
  minsk = b!.id;
  await db.insert(stocks).values(OWN.map((p) => ({ productId: ids[p.code]!, branchId: minsk, quantity: p.stock })));
}

// ─── Outbox ───
type Mail = { file: string; to: string; subject: string; text: string };
function outbox(): Mail[] {
  const dir = path.join(srv.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => {
      try {
        const raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
        const to = typeof raw.to === 'string' ? raw.to : Array.isArray(raw.to) ? raw.to.map((a: { address: string }) => a.address).join(',') : '';
        return [{ file, to, subject: raw.subject ?? '', text: raw.text ?? '' }];
      } catch {
        return [];
      }
    });
}
const mailsTo = (to: string, subject?: string) => outbox().filter((m) => m.to === to && (!subject || m.subject.startsWith(subject)));
const linkIn = (text: string, label: string) => {
  const m = new RegExp(`${label}: (\\S+)`).exec(text);
  if (!m) throw new Error(`no «${label}» link in: ${text}`);
  return new URL(m[1]!);
};

async function until<T>(what: string, read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
/** Long enough for every node's feed (500 ms) and a check to have run: what has not come by then does not come. */
const settle = () => new Promise((r) => setTimeout(r, 3_000));

// ─── Changing the catalogue as an import would ───
async function upload<T = any>(v: Visitor, url: string, csv: string, fields: Record<string, string> = {}): Promise<{ res: Response; body: Envelope<T> }> {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'prices.csv');
  for (const [k, val] of Object.entries(fields)) form.append(k, val);
  const res = await v.raw(url, { method: 'POST', headers: { origin: srv.base }, body: form });
  return { res, body: (await res.json()) as Envelope<T> };
}

/** Sets a product's Minsk stock and/or retail price: SQL on PostgreSQL, the desk's price list on PGlite. */
async function change(code: (typeof OWN)[number]['code'], to: { stock?: number; price?: string }) {
  const id = ids[code]!;
  if (srv.databaseUrl) {
    const c = new pg.Client({ connectionString: srv.databaseUrl });
    await c.connect();
    try {
      if (to.stock !== undefined) await c.query('UPDATE stocks SET quantity = $1 WHERE product_id = $2 AND branch_id = $3', [to.stock, id, minsk]);
      if (to.price !== undefined) await c.query('UPDATE products SET price = $1 WHERE id = $2', [to.price, id]);
    } finally {
      await c.end();
    }
    return;
  }
  const article = OWN.find((p) => p.code === code)!.article;
  const csv = `Артикул;Цена;Остаток Минск\n${article};${to.price?.replace('.', ',') ?? ''};${to.stock ?? ''}\n`;
  const preview = await upload(staff, '/api/desk/pricelist/preview/', csv);
  expect(preview.res.status, JSON.stringify(preview.body.errors)).toBe(200);
  const applied = await upload(staff, '/api/desk/pricelist/apply/', csv, { token: preview.body.data.token });
  expect(applied.res.status, JSON.stringify(applied.body.errors)).toBe(200);
}

async function signIn(email: string): Promise<Visitor> {
  const v = new Visitor(srv.base);
  const { body } = await v.post('/api/authentication/', { login: email, password: PASSWORD });
  if (body.status !== 'success') throw new Error(`login ${email}: ${JSON.stringify(body.errors)}`);
  return v;
}

const alertNotes = async (v: Visitor) => ((await v.get('/web/notifications/?page_size=50')).body.data.items as { kind: string; title: string; text: string; href?: string }[]).filter((n) => n.kind === 'alert');
const list = async (v: Visitor) => (await v.get('/api/product/subscriptions/')).body.data.items as { id: number; kind: string; product: { id: number; price: number }; target_price: number | null; threshold: number | null }[];

beforeAll(async () => {
  srv = await startOwnServer({ prepare });
  [staff, retail, admin, employee, stranger] = await Promise.all([acc.staff.email, acc.retail.email, acc.admin.email, acc.employee.email, rival.admin.email].map(signIn));
}, 240_000);

afterAll(async () => {
  await srv?.stop();
});

describe('stock alerts', () => {
  let guestAlertMail: Mail;

  it('a guest subscribes: one confirmation e-mail, no alert yet; a signed-in user subscribes in one call', async () => {
    const guest = new Visitor(srv.base);
    const r = await guest.post('/api/product/subscribe/', { product_id: ids['alert-it-drill'], kind: 'stock', email: GUEST });
    expect(r.res.status, JSON.stringify(r.body.errors)).toBe(200);
    expect(r.body.data).toEqual({ alert: null, confirm: 'sent' });
    const [confirm] = await until('confirmation e-mail', () => mailsTo(GUEST), (m) => m.length === 1);
    expect(confirm!.subject).toMatch(/^Подтвердите подписку/);
    expect(confirm!.text).toContain('Тестовый товар подписок 1');

    const u = await retail.post('/api/product/subscribe/', { product_id: ids['alert-it-drill'], kind: 'stock' });
    expect(u.res.status, JSON.stringify(u.body.errors)).toBe(200);
    expect(u.body.data.alert).toMatchObject({ kind: 'stock', confirmed: true, product: { id: ids['alert-it-drill'], in_stock: false } });
    expect((await list(retail)).map((a) => a.id)).toEqual([u.body.data.alert.id]);
    // Nobody else sees it.
    expect(await list(stranger)).toEqual([]);
  });

  it('an unconfirmed guest gets nothing when the stock arrives', async () => {
    const lurker = new Visitor(srv.base);
    expect((await lurker.post('/api/product/subscribe/', { product_id: ids['alert-it-sander'], kind: 'stock', email: LURKER })).res.status).toBe(200);
    await until('confirmation', () => mailsTo(LURKER), (m) => m.length === 1);
    await change('alert-it-sander', { stock: 6 });
    await settle();
    expect(mailsTo(LURKER).map((m) => m.subject)).toEqual([expect.stringMatching(/^Подтвердите подписку/)]);
  });

  it('the guest confirms by the link; stock arrives → exactly one e-mail to the guest, one notification and one e-mail to the user', async () => {
    const link = linkIn(mailsTo(GUEST)[0]!.text, 'Подтвердить подписку');
    expect(link.pathname).toBe('/subscriptions/confirm/');
    const page = await fetch(`${srv.base}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-alert-confirm="ok"');
    // A forged key confirms nothing.
    const forged = await fetch(`${srv.base}/subscriptions/confirm/?key=${link.searchParams.get('key')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
    expect(forged.status).toBe(400);

    await change('alert-it-drill', { stock: 5 });
    const [mail] = await until('the guest’s alert e-mail', () => mailsTo(GUEST, 'Товар поступил'), (m) => m.length >= 1);
    guestAlertMail = mail!;
    expect(mail!.text).toContain('«Тестовый товар подписок 1» снова в наличии');
    expect(mail!.text).toMatch(/Отписаться от этих сообщений: http/);
    const notes = await until('the user’s notification', () => alertNotes(retail), (n) => n.length >= 1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Товар поступил в продажу' });
    await until('the user’s e-mail', () => mailsTo(acc.retail.email, 'Товар поступил'), (m) => m.length >= 1);
    await settle();
    expect(mailsTo(GUEST, 'Товар поступил')).toHaveLength(1);
    expect(mailsTo(acc.retail.email, 'Товар поступил')).toHaveLength(1);
    expect(await alertNotes(retail)).toHaveLength(1);
  });

  it('a second identical change (still in stock, 5 → 7) sends nothing', async () => {
    await change('alert-it-drill', { stock: 7 });
    await settle();
    expect(mailsTo(GUEST, 'Товар поступил')).toHaveLength(1);
    expect(mailsTo(acc.retail.email, 'Товар поступил')).toHaveLength(1);
    expect(await alertNotes(retail)).toHaveLength(1);
  });

  it('out of stock and back is a new event: one more message each', async () => {
    await change('alert-it-drill', { stock: 0 });
    await settle();
    expect(mailsTo(GUEST, 'Товар поступил')).toHaveLength(1);
    await change('alert-it-drill', { stock: 2 });
    await until('the second arrival', () => mailsTo(GUEST, 'Товар поступил'), (m) => m.length === 2);
    await until('the user’s second notification', () => alertNotes(retail), (n) => n.length === 2);
    await settle();
    expect(mailsTo(GUEST, 'Товар поступил')).toHaveLength(2);
    expect(await alertNotes(retail)).toHaveLength(2);
  });

  it('the unsubscribe link works without signing in (it asks first); afterwards nothing comes', async () => {
    const link = linkIn(guestAlertMail.text, 'Отписаться от этих сообщений');
    const key = link.searchParams.get('key')!;
    const ask = await fetch(`${srv.base}${link.pathname}${link.search}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('data-unsubscribe="ask"');
    const guest = new Visitor(srv.base);
    const bad = await guest.post('/api/product/unsubscribe/', { key: key.slice(0, -2) + 'zz' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.message).toMatch(/[а-я]/);
    const done = await guest.post('/api/product/unsubscribe/', { key });
    expect(done.res.status, JSON.stringify(done.body.errors)).toBe(200);
    expect((await guest.post('/api/product/unsubscribe/', { key })).res.status).toBe(404);
    await change('alert-it-drill', { stock: 0 });
    await settle();
    await change('alert-it-drill', { stock: 3 });
    // The user (still subscribed) is told; the guest is not.
    await until('the user’s third notification', () => alertNotes(retail), (n) => n.length === 3);
    await settle();
    expect(mailsTo(GUEST, 'Товар поступил')).toHaveLength(2);
  });
});

describe('price alerts', () => {
  it('below the chosen price: one message, a further drop nothing; «any drop» at a contractor’s own price: one message a day', async () => {
    // Retail 300: the retail customer wants below 250; the contractor admin any drop of what his company pays.
    const r = await retail.post('/api/product/subscribe/', { product_id: ids['alert-it-saw'], kind: 'price', price: '250,00' });
    expect(r.res.status, JSON.stringify(r.body.errors)).toBe(200);
    expect(r.body.data.alert).toMatchObject({ kind: 'price', target_price: 250, threshold: 250, product: { price: 300 } });
    const a = await admin.post('/api/product/subscribe/', { product_id: ids['alert-it-saw'], kind: 'price' });
    expect(a.res.status, JSON.stringify(a.body.errors)).toBe(200);
    const own = a.body.data.alert.product.price as number;
    // catalog/pricing.ts: the company's percent off retail (below 300), the threshold is that price.
    expect(own).toBeLessThan(300);
    expect(a.body.data.alert).toMatchObject({ target_price: null, threshold: own });
    const pct = Math.round((1 - own / 300) * 100);
    const at = (retailPrice: number) => (Math.round(retailPrice * (100 - pct)) / 100).toFixed(2).replace('.', ',');
    const before = (await alertNotes(retail)).length;

    // 290: the admin's price drops — told; retail 290 is not below 250.
    await change('alert-it-saw', { price: '290.00' });
    const [note] = await until('the admin’s price notification', () => alertNotes(admin), (n) => n.length >= 1);
    expect(note!.title).toBe('Цена снизилась');
    expect(note!.text).toContain(at(290));
    await until('the admin’s price e-mail', () => mailsTo(acc.admin.email, 'Цена снизилась'), (m) => m.length === 1);
    await settle();
    expect(await alertNotes(retail)).toHaveLength(before);
    expect((await list(admin)).find((x) => x.kind === 'price')).toMatchObject({ threshold: Number(at(290).replace(',', '.')) });

    // 240: below 250 for retail — told once; the admin's second drop within a day waits (one price message a day).
    await change('alert-it-saw', { price: '240.00' });
    await until('the retail price notification', () => alertNotes(retail), (n) => n.length === before + 1);
    await change('alert-it-saw', { price: '230.00' });
    await settle();
    expect(await alertNotes(retail)).toHaveLength(before + 1);
    expect(mailsTo(acc.retail.email, 'Цена снизилась')).toHaveLength(1);
    expect(await alertNotes(admin)).toHaveLength(1);
    expect(mailsTo(acc.admin.email, 'Цена снизилась')).toHaveLength(1);
  });

  it('a chosen price not below the current one is refused in Russian', async () => {
    const r = await retail.post('/api/product/subscribe/', { product_id: ids['alert-it-saw'], kind: 'price', price: 5000 });
    expect(r.res.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({ field: 'price' });
    expect(r.body.errors[0]!.message).toMatch(/^Цена: укажите цену ниже текущей/);
  });
});

describe('ownership and bad input', () => {
  it('another user’s id (same company) and another company’s id are refused with 404 and change nothing', async () => {
    const [mine] = (await list(admin)).filter((a) => a.kind === 'price');
    expect(mine).toBeTruthy();
    for (const other of [employee, stranger, retail]) {
      const r = await other.post('/api/product/unsubscribe/', { id: mine!.id });
      expect(r.res.status).toBe(404);
      expect(r.body.errors[0]!.code).toBe(104);
      expect(r.body.errors[0]!.message).toMatch(/[а-я]/);
    }
    expect((await list(admin)).map((a) => a.id)).toContain(mine!.id);
    // The owner may.
    expect((await admin.post('/api/product/unsubscribe/', { id: mine!.id })).res.status).toBe(200);
    expect((await list(admin)).map((a) => a.id)).not.toContain(mine!.id);
  });

  it('the personal page lists the alerts with «Отписаться»; a plain form post unsubscribes', async () => {
    const html = await (await retail.raw('/personal/subscriptions/')).text();
    expect(html).toContain('Тестовый товар подписок 1');
    expect(html).toContain('Отписаться');
    const [one] = await list(retail);
    const res = await retail.raw('/api/product/unsubscribe/', { method: 'POST', headers: { origin: srv.base, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, body: `id=${one!.id}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/personal/subscriptions/?removed=1');
    expect((await list(retail)).map((a) => a.id)).not.toContain(one!.id);
  });

  it('without a session: 101; bad input: a Russian 4xx, never 500', async () => {
    const guest = new Visitor(srv.base);
    const list401 = await guest.get('/api/product/subscriptions/');
    expect(list401.res.status).toBe(401);
    expect(list401.body.errors[0]!.code).toBe(101);
    const un401 = await guest.post('/api/product/unsubscribe/', { id: 1 });
    expect(un401.body.errors[0]!.code).toBe(101);
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ product_id: ids['alert-it-drill'], kind: 'stock' }, 422, 'email'],
      [{ product_id: ids['alert-it-drill'], kind: 'stock', email: 'не почта' }, 422, 'email'],
      [{ product_id: ids['alert-it-drill'], kind: 'когда-нибудь', email: GUEST }, 422, 'kind'],
      [{ product_id: 'abc', kind: 'stock', email: GUEST }, 422, 'product_id'],
      [{ product_id: 2_000_000_000, kind: 'stock', email: GUEST }, 404, 'product_id'],
      [{ product_id: ids['alert-it-saw'], kind: 'stock', email: GUEST }, 422, 'kind'],
      [{ product_id: ids['alert-it-saw'], kind: 'price', price: -5, email: GUEST }, 422, 'price'],
      [{ product_id: ids['alert-it-drill'], kind: 'stock', branch_id: 999_999, email: GUEST }, 422, 'branch_id'],
    ];
    for (const [body, status, field] of cases) {
      const r = await guest.post('/api/product/subscribe/', body);
      expect(r.res.status, JSON.stringify(body)).toBe(status);
      expect(r.body.errors[0]!.field).toBe(field);
      const msg = r.body.errors[0]!.message;
      expect(msg, msg).toMatch(/[а-яё]/i);
      expect(msg, msg).not.toMatch(/product_id|branch_id|kind|email|price|expected|invalid/);
    }
    // Garbage JSON.
    const broken = await guest.raw('/api/product/subscribe/', { method: 'POST', headers: { origin: srv.base, 'content-type': 'application/json' }, body: '{"product_id":' });
    expect(broken.status).toBe(400);
  });

  it('a guest address gets at most three confirmation e-mails a day', async () => {
    const to = 'many@it-alerts.by';
    const guest = new Visitor(srv.base);
    // The drill is in stock now; the sander too: make the drill a stock-less product again for this.
    await change('alert-it-drill', { stock: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await guest.post('/api/product/subscribe/', { product_id: ids['alert-it-drill'], kind: 'stock', email: to })).res.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await until('three confirmations', () => mailsTo(to), (m) => m.length === 3);
  });
});
