/**
 * The order half of the 1C exchange (server/exchange/sale.ts), called as the endpoint calls it, on
 * PGlite and PostgreSQL: an order of this file's own company comes out in `saleQuery` with its УНП,
 * lines, sums and VAT (the XML parsed back by an independent parser); after `saleSuccess` it is not
 * sent again until the store changes it; `saleFile` with «Отгружен» + ТТН moves the order through
 * `changeOrderStatus` (history, the buyer's notification with the ТТН) and the order page's read
 * shows the document; an unknown order number is a Russian error line and changes nothing else; a
 * DOCTYPE payload is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import * as t from '../../src/server/db/schema';
import { createTestDb, type TestDb } from '../helpers/db';
import { viewerFrom, type Viewer } from '../../src/server/http/guard';
import { reloadConfig } from '../../src/server/config';
import { ordersFor1C, saleFile, saleQuery, saleSuccess } from '../../src/server/exchange/sale';
import { exchangeSetup } from '../../src/server/exchange/status';
import { orderDetail } from '../../src/server/orders/read';
import { staffMoveOrder, staffOrderDetail } from '../../src/server/orders/staff';
import { moneyText, vatIncluded } from '../../src/server/lib/money';

let h: TestDb;
let buyer: Viewer;
let orderId: number;
const NUMBER = 'ИН-XS-1';
const UNP = '192837465';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xchg-sale-'));

const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, parseTagValue: false, isArray: (name) => ['Документ', 'Товар', 'ЗначениеРеквизита', 'Контакт'].includes(name) });
type Doc = Record<string, any>;
const documents = (xml: string): Doc[] => parser.parse(xml)['КоммерческаяИнформация']['Документ'] ?? [];
const reqOf = (d: Doc, name: string) => (d['ЗначенияРеквизитов']['ЗначениеРеквизита'] as Doc[]).find((r) => r['Наименование'] === name)?.['Значение'];
const orderRow = async () => (await h.db.select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!;
const fileFrom1C = (docs: { number: string; reqs: [string, string][] }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2025-03-05T10:00:00">${docs
    .map(
      (d) =>
        `<Документ><Ид>${d.number}</Ид><Номер>${d.number}</Номер><Дата>2025-03-05</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>BYN</Валюта><Сумма>1</Сумма><ЗначенияРеквизитов>${d.reqs
          .map(([n, v]) => `<ЗначениеРеквизита><Наименование>${n}</Наименование><Значение>${v}</Значение></ЗначениеРеквизита>`)
          .join('')}</ЗначенияРеквизитов></Документ>`,
    )
    .join('')}</КоммерческаяИнформация>`;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  reloadConfig();
  h = await createTestDb({ products: 40 });
  const [company] = await h.db
    .insert(t.companies)
    .values({ name: 'ООО «Тест & Обмен» <1С>', unp: UNP, legalAddress: 'г. Минск, ул. Обменная, 5', iban: 'BY00TEST30120000000000000000', bankName: 'ОАО «Банк»', bic: 'TESTBY2X', phone: '+375 17 000-00-00', email: 'office@xchg.by' })
    .returning();
  const [u] = await h.db
    .insert(t.users)
    .values({ id: 'xchg-admin', name: 'Иван Обменов', email: 'ivan@xchg.by', phone: '+375 29 000-11-22', companyId: company!.id, isContragentAdmin: true, sendStatus: true, notifyStatuses: ['shipped'] })
    .returning();
  buyer = viewerFrom({ user: { id: u!.id, name: u!.name, email: u!.email, phone: u!.phone, companyId: u!.companyId, isContragentAdmin: true, isStaff: false, permissions: u!.permissions, orderLimit: null }, staleSession: false } as App.Locals)!;
  const ps = await h.db.select().from(t.products).orderBy(asc(t.products.id)).limit(2);
  // 19.99 × 3 + 105.10 × 1 + delivery 12.50 = 177.57 (VAT included: 29.60).
  const [o] = await h.db
    .insert(t.orders)
    .values({ number: NUMBER, userId: u!.id, companyId: company!.id, payerCompanyId: company!.id, status: 'new', deliveryTypeId: '2', deliveryAddress: 'г. Минск, ул. Складская, 7', contactName: 'Иван Обменов', contactPhone: '+375 29 000-11-22', contactEmail: 'ivan@xchg.by', comment: 'Позвонить за час & не опаздывать', total: '177.57', vat: moneyText(vatIncluded('177.57')), paymentType: 'invoice', deliveryPrice: '12.50' })
    .returning();
  orderId = o!.id;
  await h.db.insert(t.orderItems).values([
    { orderId, productId: ps[0]!.id, name: ps[0]!.name, article: ps[0]!.article, price: '19.99', quantity: 3 },
    { orderId, productId: ps[1]!.id, name: ps[1]!.name, article: ps[1]!.article, price: '105.10', quantity: 1 },
  ]);
  await h.db.insert(t.orderStatusHistory).values({ orderId, status: 'new', actorKind: 'customer', actorUserId: u!.id });
});
afterAll(async () => {
  await h?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sale/query and sale/success', () => {
  it('a company order comes out with its УНП, requisites, lines, sums and VAT', async () => {
    const xml = await saleQuery(h.db, { now: new Date('2025-03-05T07:00:00Z') });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2025-03-05T10:00:00">')).toBe(true);
    const doc = documents(xml).find((d) => d['Ид'] === NUMBER)!;
    expect(doc).toBeDefined();
    expect(doc['Номер']).toBe(NUMBER);
    expect(doc['ХозОперация']).toBe('Заказ товара');
    expect(doc['Роль']).toBe('Продавец');
    expect(doc['Валюта']).toBe('BYN');
    expect(String(doc['Сумма'])).toBe('177.57');
    expect(String(doc['Налоги']['Налог']['Сумма'])).toBe('29.60');
    expect(doc['Налоги']['Налог']['Наименование']).toBe('НДС');
    const c = doc['Контрагенты']['Контрагент'];
    expect(String(c['ИНН'])).toBe(UNP);
    expect(c['КПП']).toBe('');
    expect(c['Наименование']).toBe('ООО «Тест &amp; Обмен» &lt;1С&gt;'); // escaped (the parser here does not decode entities)
    expect(c['ЮридическийАдрес']['Представление']).toBe('г. Минск, ул. Обменная, 5');
    expect((c['Контакты']['Контакт'] as Doc[]).map((k) => k['Значение'])).toContain('office@xchg.by');
    const goods = doc['Товары']['Товар'] as Doc[];
    expect(goods.map((g) => [String(g['ЦенаЗаЕдиницу']), String(g['Количество']), String(g['Сумма'])])).toEqual([
      ['19.99', '3', '59.97'],
      ['105.10', '1', '105.10'],
      ['12.50', '1', '12.50'],
    ]);
    const lines = await h.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, orderId)).orderBy(asc(t.orderItems.id));
    expect(String(goods[0]!['Артикул'])).toBe(lines[0]!.article);
    expect(String(goods[0]!['Ид'])).toBe(lines[0]!.article);
    expect(goods[0]!['БазоваяЕдиница']['#text']).toBe('шт');
    expect(reqOf(goods[0]!, 'ВидНоменклатуры')).toBe('Товар');
    expect(reqOf(doc, 'Статус заказа')).toBe('Новый');
    expect(reqOf(doc, 'Метод оплаты')).toMatch(/счёт/i);
    expect(reqOf(doc, 'Адрес доставки')).toBe('г. Минск, ул. Складская, 7');
    expect(reqOf(doc, 'Комментарий')).toBe('Позвонить за час &amp; не опаздывать');
    expect(reqOf(doc, 'Заказ оплачен')).toBe('false');
    // The sums of the lines add up to the document's sum, in kopecks.
    expect(goods.reduce((s, g) => s + Math.round(Number(g['Сумма']) * 100), 0)).toBe(17757);
    const [x] = await h.db.select().from(t.orderExchange).where(eq(t.orderExchange.orderId, orderId));
    expect(x!.sentAt).not.toBeNull();
    expect(x!.takenAt).toBeNull();
  });

  it('after success nothing is sent again, until the store changes the order', async () => {
    // Not confirmed: the same order goes out again, and the desk still counts it as waiting for 1C.
    const sent = documents(await saleQuery(h.db));
    expect(sent.some((d) => d['Ид'] === NUMBER)).toBe(true);
    expect(await ordersFor1C(h.db)).toEqual({ waiting: sent.length, lastTaken: null });
    await saleSuccess(h.db);
    const taken = await ordersFor1C(h.db);
    expect(taken.waiting).toBe(0);
    expect(Date.now() - taken.lastTaken!.getTime()).toBeLessThan(60_000);
    expect((await staffOrderDetail(h.db, NUMBER)).exchange).toEqual({ taken_at: taken.lastTaken!.toISOString(), changed_since: false, number_1c: null });
    expect(documents(await saleQuery(h.db))).toEqual([]);
    await saleSuccess(h.db);
    const [staff] = await h.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.isStaff, true)).limit(1);
    await staffMoveOrder(h.db, staff!.id, { orderId, from: 'new', to: 'confirmed' });
    expect((await ordersFor1C(h.db)).waiting).toBe(1);
    expect((await staffOrderDetail(h.db, NUMBER)).exchange.changed_since).toBe(true);
    const again = documents(await saleQuery(h.db));
    expect(again.map((d) => d['Ид'])).toEqual([NUMBER]);
    expect(reqOf(again[0]!, 'Статус заказа')).toBe('Подтверждён');
    await saleSuccess(h.db);
    expect((await ordersFor1C(h.db)).waiting).toBe(0);
    expect(documents(await saleQuery(h.db))).toEqual([]);
    await saleSuccess(h.db);
  });

  it('the desk\'s «Подключение 1С» gives the address at the public origin, the login and never the password; off without both variables', async () => {
    const saved = { SITE_URL: process.env.SITE_URL, EXCHANGE_LOGIN: process.env.EXCHANGE_LOGIN, EXCHANGE_PASSWORD: process.env.EXCHANGE_PASSWORD };
    const set = (env: Partial<typeof saved>) => {
      for (const [k, v] of Object.entries({ ...saved, ...env })) v === undefined ? delete process.env[k] : (process.env[k] = v);
      reloadConfig();
    };
    try {
      set({ SITE_URL: undefined, EXCHANGE_LOGIN: undefined, EXCHANGE_PASSWORD: undefined });
      const demo = await exchangeSetup(h.db, 'http://127.0.0.1:4321/desk/exchange/?page=2');
      expect(demo).toMatchObject({ address: 'http://127.0.0.1:4321/bitrix/admin/1c_exchange.php', login: '1c@demo.by', demo: true, orders: { waiting: 0 } });

      set({ SITE_URL: 'https://instrument.example/', EXCHANGE_LOGIN: 'site-1c', EXCHANGE_PASSWORD: 'a-long-secret-1c-password' });
      const real = await exchangeSetup(h.db, 'http://10.0.0.5:4321/desk/exchange/');
      expect(real).toMatchObject({ address: 'https://instrument.example/bitrix/admin/1c_exchange.php', login: 'site-1c', demo: false });
      expect(JSON.stringify(real)).not.toContain('a-long-secret-1c-password');

      // Only one of the pair: the endpoint refuses 1C, and the desk says the exchange is off.
      set({ EXCHANGE_LOGIN: 'site-1c', EXCHANGE_PASSWORD: undefined });
      expect((await exchangeSetup(h.db, 'http://127.0.0.1:4321/')).login).toBeNull();
    } finally {
      set({});
    }
  });
});

describe('sale/file', () => {
  it('«Отгружен» with a ТТН moves the order, writes history, tells the buyer, and the order page shows the ТТН', async () => {
    const before = await orderRow();
    expect(before.status).toBe('confirmed');
    const r = await saleFile(h.db, fileFrom1C([{ number: NUMBER, reqs: [['Статус заказа', 'Отгружен'], ['Номер ТТН', 'АА 1234567'], ['Дата ТТН', '2025-03-05'], ['Заказ оплачен', 'true'], ['Дата оплаты', '2025-03-04T00:00:00'], ['Номер по 1С', 'УТ-000123']] }]));
    expect(r).toEqual({ updated: 1, errors: [] });
    expect((await orderRow()).status).toBe('shipped');
    const history = await h.db.select().from(t.orderStatusHistory).where(eq(t.orderStatusHistory.orderId, orderId)).orderBy(asc(t.orderStatusHistory.id));
    expect(history.map((x) => x.status)).toEqual(['new', 'confirmed', 'picking', 'shipped']);
    expect(history.slice(2).every((x) => x.actorKind === 'system' && x.comment === 'Из 1С')).toBe(true);
    const notes = await h.db.select().from(t.notifications).where(eq(t.notifications.userId, 'xchg-admin'));
    // One notification for the move from 1C (the intermediate «picking» is not told), with the ТТН.
    const fromOneC = notes.filter((n) => n.title.includes('передан в доставку'));
    expect(fromOneC).toHaveLength(1);
    expect(fromOneC[0]!.text).toContain('ТТН № АА 1234567 от 05.03.2025');
    expect(fromOneC[0]!.text).toContain('Заказ оплачен 04.03.2025');
    expect(notes.some((n) => n.title.includes('собирается'))).toBe(false);
    const detail = await orderDetail(h.db, buyer, NUMBER, { page: 1, pageSize: 20 });
    expect(detail.status.id).toBe('shipped');
    expect(detail.documents.documents.map((d) => d.text)).toEqual(['ТТН № АА 1234567 от 05.03.2025']);
    expect(detail.documents.paid_on).toBe('2025-03-04');
    // What 1C changed is not sent back to 1C.
    expect(documents(await saleQuery(h.db))).toEqual([]);
    // An ЭСЧФ alone, later: a notification of its own.
    const r2 = await saleFile(h.db, fileFrom1C([{ number: NUMBER, reqs: [['Номер ЭСЧФ', '192837465-2025-0000000042']] }]));
    expect(r2).toEqual({ updated: 1, errors: [] });
    const after = await h.db.select().from(t.notifications).where(eq(t.notifications.userId, 'xchg-admin'));
    expect(after.some((n) => n.text.includes('ЭСЧФ № 192837465-2025-0000000042'))).toBe(true);
    expect((await orderDetail(h.db, buyer, NUMBER, { page: 1, pageSize: 20 })).documents.documents).toHaveLength(2);
  });

  it('an unknown order number is a Russian error; the other documents are still applied, nothing else changes', async () => {
    const snapshot = async () => ({
      orders: await h.db.select({ id: t.orders.id, status: t.orders.status, updatedAt: t.orders.updatedAt }).from(t.orders).orderBy(t.orders.id),
      history: (await h.db.select().from(t.orderStatusHistory)).length,
      docs: await h.db.select().from(t.orderDocuments).orderBy(t.orderDocuments.orderId, t.orderDocuments.kind),
    });
    const before = await snapshot();
    const r = await saleFile(h.db, fileFrom1C([{ number: 'ИН-99999999', reqs: [['Статус заказа', 'Выполнен']] }]));
    expect(r.updated).toBe(0);
    expect(r.errors).toEqual(['Заказ ИН-99999999 не найден на сайте: документ пропущен']);
    expect(await snapshot()).toEqual(before);
    const mixed = await saleFile(h.db, fileFrom1C([{ number: 'ИН-99999998', reqs: [] }, { number: NUMBER, reqs: [['Статус заказа', '[F] Выполнен']] }]));
    expect(mixed.updated).toBe(1);
    expect(mixed.errors).toEqual(['Заказ ИН-99999998 не найден на сайте: документ пропущен']);
    expect((await orderRow()).status).toBe('done');
    // A move the store does not allow is an error line, not a change.
    const back = await saleFile(h.db, fileFrom1C([{ number: NUMBER, reqs: [['Статус заказа', 'Принят']] }]));
    expect(back.errors).toEqual(['Заказ ИН-XS-1: переход из «Выполнен» в «Новый» невозможен, статус не изменён']);
    expect((await orderRow()).status).toBe('done');
  });

  it('refuses a DOCTYPE (entities) and malformed XML without changing anything', async () => {
    const before = await orderRow();
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><КоммерческаяИнформация><Документ><Ид>${NUMBER}</Ид><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>&lol2;</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></КоммерческаяИнформация>`;
    const r = await saleFile(h.db, bomb);
    expect(r.updated).toBe(0);
    expect(r.errors).toEqual(['Файл обмена отклонён: XML с DOCTYPE или сущностями не принимается']);
    const bad = await saleFile(h.db, '<КоммерческаяИнформация><Документ><Ид>x</Ид></КоммерческаяИнформация>');
    expect(bad.updated).toBe(0);
    expect(bad.errors[0]).toMatch(/^Файл обмена отклонён: XML не разобран/);
    const external = await saleFile(h.db, `<КоммерческаяИнформация><Документ><Ид>&xxe;</Ид></Документ></КоммерческаяИнформация>`);
    expect(external.errors[0]).toMatch(/неизвестная сущность/);
    expect(await orderRow()).toEqual(before);
  });
});
