/**
 * Issue 24 point 3: the desk's price-list import over HTTP, on a server of its own. The test adds
 * its own staff member and its own three products (prepare), so it changes nothing the demo or other
 * files rely on. Preview of an XLSX and of a CSV (Windows-1251 too) shows old → new and the faulty
 * rows in Russian; apply writes prices and stock per branch that the product page shows (through the
 * change feed); an unknown article is reported and not applied; rows with errors block a plain apply;
 * a stale token is refused; non-staff are refused; a 3 MB file gets 413 in Russian; the journal has it.
 * A large list: on PostgreSQL no reader ever sees it half applied; on PGlite (the embedded leg) the store
 * answers while it is written, between its short transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { hashPassword } from 'better-auth/crypto';
import { Visitor, type Envelope } from '../helpers/http';
import { ldOfType } from '../helpers/html';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { accounts, branches, brands, products, sections, stocks, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

const STAFF = 'plist-staff@test.by';
const OWN = [
  { code: 'plist-test-drill', article: 'PLT-001', price: '100.00' },
  { code: 'plist-test-saw', article: 'PLT-002', price: '250.50' },
  { code: 'plist-test-grinder', article: 'PLT-003', price: '80.00' },
];
/** Products of the large list only this file touches: PLT-B-0001 … */
const BULK = 3000;
const bulkArticle = (i: number) => `PLT-B-${String(i + 1).padStart(4, '0')}`;
let bulkIds: number[] = [];

let srv: OwnServer;
let staff: Visitor;
let branchIds: Record<string, number> = {};

async function prepare(db: Db) {
  const [section] = await db.select({ id: sections.id }).from(sections).orderBy(sections.id).limit(1);
  const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(brands.id).limit(1);
  const rows = await db
    .insert(products)
    .values(OWN.map((p, i) => ({ code: p.code, article: p.article, articleNorm: p.article.replace(/-/g, ''), name: `Тестовый товар прайса ${i + 1}`, sectionId: section!.id, brandId: brand!.id, price: p.price })))
    .returning({ id: products.id });
  const bulk = await db
    .insert(products)
    .values(Array.from({ length: BULK }, (_, i) => ({ code: `plist-bulk-${i + 1}`, article: bulkArticle(i), articleNorm: bulkArticle(i).replace(/-/g, ''), name: `Товар большого прайса ${i + 1}`, sectionId: section!.id, brandId: brand!.id, price: '10.00' })))
    .returning({ id: products.id });
  bulkIds = bulk.map((r) => r.id);
  const bs = await db.select({ id: branches.id, city: branches.city }).from(branches);
  branchIds = Object.fromEntries(bs.map((b) => [b.city, b.id]));
  await db.insert(stocks).values(rows.map((r) => ({ productId: r.id, branchId: branchIds['Минск']!, quantity: 5 })));
  await db.insert(users).values({ id: 'plist-staff', name: 'Прайс Тестов', email: STAFF, emailVerified: true, active: true, isStaff: true, permissions: ['prices'] });
  await db.insert(accounts).values({ id: 'acc-plist-staff', accountId: 'plist-staff', providerId: 'credential', userId: 'plist-staff', password: await hashPassword(DEMO_PASSWORD) });
}

async function signIn(email: string): Promise<Visitor> {
  const v = new Visitor(srv.base);
  const { body } = await v.post('/api/authentication/', { login: email, password: DEMO_PASSWORD });
  if (body.status !== 'success') throw new Error(`login ${email}: ${JSON.stringify(body.errors)}`);
  return v;
}

async function upload<T = any>(v: Visitor, url: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}): Promise<{ res: Response; body: Envelope<T> }> {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  for (const [k, val] of Object.entries(fields)) form.append(k, val);
  const res = await v.raw(url, { method: 'POST', headers: { origin: srv.base }, body: form });
  return { res, body: (await res.json()) as Envelope<T> };
}

async function xlsx(rows: (string | number | null)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Прайс');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Windows-1251 bytes of Cyrillic and ASCII text (what Excel in Russian saves as CSV). */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => {
    const c = ch.codePointAt(0)!;
    if (c < 128) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    if (ch === 'ё') return 0xb8;
    if (ch === 'Ё') return 0xa8;
    return 0x3f;
  }));
}

/** The product page's price (JSON-LD offer) and stock per branch city (the stock table). */
async function shown(code: string): Promise<{ price: number; stock: Record<string, number> }> {
  const html = await (await new Visitor(srv.base).raw(`/${code}/`)).text();
  const offer = ldOfType(html, 'Product')?.offers;
  const price = Number((Array.isArray(offer) ? offer[0] : offer)?.price);
  const table = /<table class="stock-table">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const stock: Record<string, number> = {};
  for (const m of table.matchAll(/<b>([^<]+)<\/b>[\s\S]*?<td[^>]*>([^<]*)<\/td>/g)) stock[m[1]!] = Number.parseInt(m[2]!, 10) || 0;
  return { price, stock };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(async () => {
  srv = await startOwnServer({ prepare });
  staff = await signIn(STAFF);
}, 180_000);

afterAll(async () => {
  await srv?.stop();
});

describe('price-list import in the desk', () => {
  it('the page is there for staff, with the branch columns', async () => {
    const res = await staff.raw('/desk/pricelist/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Прайс-лист');
    expect(html).toContain('«Остаток Минск»');
  });

  it('XLSX preview: old → new price and stock per branch, unknown article and bad cells in Russian; nothing written', async () => {
    const file = await xlsx([
      ['Артикул', 'Цена, BYN', 'Остаток Минск', 'остаток гомель'],
      ['PLT-001', 119.9, 7, 3],
      ['PLT-002', '250,50', 6, null],
      ['PLT-003', 80, 5, null],
      ['NO-SUCH-1', 10, 1, 1],
      ['PLT-003', 'дорого', -2, 1],
    ]);
    const { res, body } = await upload(staff, '/api/desk/pricelist/preview/', 'прайс.xlsx', file);
    expect(res.status, JSON.stringify(body.errors)).toBe(200);
    const plan = body.data;
    // PLT-003 twice: the unchanged row and the faulty one are both duplicates.
    expect(plan.counts).toMatchObject({ rows: 5, found: 4, not_found: 1, errors: 3, changed_rows: 2, prices: 1, stocks: 3, same: 0 });
    const byArticle = Object.fromEntries(plan.rows.map((r: any) => [r.article, r]));
    expect(byArticle['PLT-001']).toMatchObject({ status: 'change', price: { old: 100, new: 119.9 } });
    expect(byArticle['PLT-001'].stocks).toEqual(
      expect.arrayContaining([
        { branch_id: branchIds['Минск'], branch: 'Минск', old: 5, new: 7 },
        { branch_id: branchIds['Гомель'], branch: 'Гомель', old: 0, new: 3 },
      ]),
    );
    expect(byArticle['PLT-002']).toMatchObject({ status: 'change', price: null, stocks: [{ branch: 'Минск', old: 5, new: 6 }] });
    expect(byArticle['NO-SUCH-1']).toMatchObject({ status: 'error', product: null, errors: ['артикул не найден в каталоге'] });
    expect(byArticle['PLT-003'].status).toBe('error');
    expect(byArticle['PLT-003'].errors.join(' | ')).toContain('Цена: не число');
    expect(byArticle['PLT-003'].errors.join(' | ')).toContain('остаток не может быть отрицательным');
    // Errors block a plain apply; nothing changed.
    const refused = await upload(staff, '/api/desk/pricelist/apply/', 'прайс.xlsx', file, { token: plan.token });
    expect(refused.res.status).toBe(422);
    expect(refused.body.errors[0]!.message).toContain('Применить без строк с ошибками');
    expect((await shown('plist-test-drill')).price).toBe(100);
  });

  it('CSV (Windows-1251, «;»): apply → product pages show the new price and stock; the faulty row is not applied', async () => {
    const text = 'Артикул;Цена;Остаток Минск;Остаток Филиал в Бресте\r\nPLT-001;"119,90";7;4\r\nPLT-003;95;0;\r\nNO-SUCH-2;12;1;1\r\nPLT-001;1;1;1\r\n';
    // A duplicate article: both rows of PLT-001 are errors (which one is meant?).
    let { res, body } = await upload(staff, '/api/desk/pricelist/preview/', 'прайс.csv', cp1251(text));
    expect(res.status, JSON.stringify(body.errors)).toBe(200);
    const dup = body.data.rows.filter((r: any) => r.article === 'PLT-001');
    expect(dup).toHaveLength(2);
    expect(dup[0].errors[0]).toBe('артикул повторяется, см. строку 5');
    // Without the duplicate: PLT-001 and PLT-003 change, NO-SUCH-2 is an error.
    const fixed = text.replace('PLT-001;1;1;1\r\n', '');
    ({ res, body } = await upload(staff, '/api/desk/pricelist/preview/', 'прайс.csv', cp1251(fixed)));
    const plan = body.data;
    expect(plan.counts).toMatchObject({ rows: 3, found: 2, not_found: 1, errors: 1, changed_rows: 2 });
    expect(plan.rows.find((r: any) => r.article === 'PLT-003')).toMatchObject({ price: { old: 80, new: 95 }, stocks: [{ branch: 'Минск', old: 5, new: 0 }] });
    // A stale token (another file's) is refused.
    const stale = await upload(staff, '/api/desk/pricelist/apply/', 'прайс.csv', cp1251(fixed), { token: '0'.repeat(32), skip_errors: '1' });
    expect(stale.res.status).toBe(409);
    const applied = await upload(staff, '/api/desk/pricelist/apply/', 'прайс.csv', cp1251(fixed), { token: plan.token, skip_errors: '1' });
    expect(applied.res.status, JSON.stringify(applied.body.errors)).toBe(200);
    expect(applied.body.data).toMatchObject({ prices: 2, stocks: 3, rows: 2, skipped: 1 });
    const drill = await until(() => shown('plist-test-drill'), (s) => s.price === 119.9 && s.stock['Брест'] === 4);
    expect(drill.price).toBe(119.9);
    expect(drill.stock).toMatchObject({ Минск: 7, Брест: 4 });
    const grinder = await until(() => shown('plist-test-grinder'), (s) => s.price === 95);
    expect(grinder.price).toBe(95);
    expect(grinder.stock['Минск']).toBe(0);
    // The unknown article created nothing.
    expect((await new Visitor(srv.base).raw('/api/catalog/product/?code=NO-SUCH-2')).status).not.toBe(200);
    // The same token again: the catalogue has changed since, so it is refused.
    const again = await upload(staff, '/api/desk/pricelist/apply/', 'прайс.csv', cp1251(fixed), { token: plan.token, skip_errors: '1' });
    expect(again.res.status).toBe(409);
    expect(again.body.errors[0]!.message).toContain('Проверьте файл ещё раз');
    // The journal: who, file, how many.
    const log = await (await staff.raw('/desk/log/')).text();
    expect(log).toContain('импорт прайс-листа');
    expect(log).toContain('Прайс Тестов');
    expect(log).toContain('прайс.csv');
    expect(log).toMatch(/цен изменено: 2, остатков изменено: 3, строк с ошибками пропущено: 1/);
  });

  it(`a list of ${BULK} rows: on PostgreSQL never seen half applied; on PGlite pages are answered while it is written, and it ends whole`, { timeout: 120_000 }, async () => {
    const text = `Артикул;Цена\r\n${Array.from({ length: BULK }, (_, i) => `${bulkArticle(i)};11,50`).join('\r\n')}\r\n`;
    const preview = await upload(staff, '/api/desk/pricelist/preview/', 'большой.csv', cp1251(text));
    expect(preview.body.data.counts).toMatchObject({ rows: BULK, changed_rows: BULK, errors: 0 });
    // The first and the last product of the list, read in one statement (one snapshot on either database).
    const [first, last] = [bulkIds[0]!, bulkIds[BULK - 1]!];
    const prices = async () => {
      const { body } = await new Visitor(srv.base).post('/api/catalog/product/', { productId: [first, last] });
      const byId = new Map(body.data.map((c: any) => [c.id, c.price]));
      return [byId.get(first), byId.get(last)];
    };
    let finished = false;
    const applying = upload(staff, '/api/desk/pricelist/apply/', 'большой.csv', cp1251(text), { token: preview.body.data.token }).finally(() => (finished = true));
    const seen = new Set<string>();
    while (!finished) seen.add(JSON.stringify(await prices()));
    const applied = await applying;
    expect(applied.res.status, JSON.stringify(applied.body.errors)).toBe(200);
    expect(applied.body.data).toMatchObject({ prices: BULK, rows: BULK, skipped: 0 });
    expect(await prices()).toEqual([11.5, 11.5]);
    const half = JSON.stringify([11.5, 10]);
    if (srv.databaseUrl) {
      expect([...seen], 'read while one transaction wrote the list').not.toContain(half);
    } else {
      // The first batch committed while the last was still to come, and the store answered then.
      expect([...seen], 'read between the short transactions').toContain(half);
    }
  });

  it('the same preview applied twice at once (a double press, two tabs): one 200, one 409, one journal entry', { timeout: 120_000 }, async () => {
    const text = `Артикул;Цена\r\n${Array.from({ length: BULK }, (_, i) => `${bulkArticle(i)};12,25`).join('\r\n')}\r\n`;
    const preview = await upload(staff, '/api/desk/pricelist/preview/', 'дважды.csv', cp1251(text));
    expect(preview.body.data.counts).toMatchObject({ rows: BULK, changed_rows: BULK });
    const both = await Promise.all([0, 1].map(() => upload(staff, '/api/desk/pricelist/apply/', 'дважды.csv', cp1251(text), { token: preview.body.data.token })));
    expect(both.map((r) => r.res.status).sort()).toEqual([200, 409]);
    const log = await (await staff.raw('/desk/log/')).text();
    expect(log.split('дважды.csv').length - 1).toBe(1);
    const { body } = await new Visitor(srv.base).post('/api/catalog/product/', { productId: [bulkIds[0], bulkIds[BULK - 1]] });
    expect(body.data.map((c: any) => c.price)).toEqual([12.25, 12.25]);
  });

  it('a file without the article column or with an unknown branch column is refused in Russian', async () => {
    let r = await upload(staff, '/api/desk/pricelist/preview/', 'x.csv', new TextEncoder().encode('Код;Цена\nPLT-001;5\n'));
    expect(r.res.status).toBe(422);
    expect(r.body.errors[0]!.message).toContain('«Артикул»');
    r = await upload(staff, '/api/desk/pricelist/preview/', 'x.csv', new TextEncoder().encode('Артикул;Остаток Пинск\nPLT-001;5\n'));
    expect(r.res.status).toBe(422);
    expect(r.body.errors[0]!.message).toContain('«Остаток Пинск»');
  });

  it('non-staff are refused: a guest 401, a customer 403 (page and calls)', async () => {
    const file = new TextEncoder().encode('Артикул;Цена\nPLT-002;1\n');
    const guest = await upload(new Visitor(srv.base), '/api/desk/pricelist/preview/', 'x.csv', file);
    expect(guest.res.status).toBe(401);
    const customer = await signIn('client@demo.by');
    expect((await customer.raw('/desk/pricelist/')).status).toBe(403);
    for (const url of ['/api/desk/pricelist/preview/', '/api/desk/pricelist/apply/']) {
      const r = await upload(customer, url, 'x.csv', file, { token: 'a'.repeat(32), skip_errors: '1' });
      expect([r.res.status, r.body.errors[0]!.message]).toEqual([403, 'Раздел доступен только сотрудникам магазина']);
    }
    expect((await shown('plist-test-saw')).price).toBe(250.5);
  });

  it('a 3 MB file: 413 in Russian', async () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(0x41);
    const { res, body } = await upload(staff, '/api/desk/pricelist/preview/', 'big.csv', big);
    expect(res.status).toBe(413);
    expect(body.errors[0]!.message).toBe('Файл слишком большой: не более 2 МБ');
  });
});
