/**
 * Issue 24, first part: a simulated 1C client speaks the "Обмен с сайтом" protocol (CommerceML 2)
 * to the built server exactly as 1C does — checkauth (Basic) → init → file in chunks → import — and the
 * new section and product appear at their addresses, with price, brand and properties; a second
 * exchange's price and stock show on the product page and in search. Bad input is answered `failure`
 * (or 401/413) with a Russian reason and leaves the catalogue as it was. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { openDatabase } from '../../src/server/db/client';
import { products, stocks, productPrices, warehouseBranches } from '../../src/server/db/schema';
import path from 'node:path';

const LOGIN = '1c@demo.by';
const PASSWORD = 'Demo2026pass';
const ADDRESS = '/bitrix/admin/1c_exchange.php';
let server: OwnServer;

const G_ROOT = 'grp-root-0001';
const G_CHILD = 'grp-child-0002';
const P_ID = 'a1b2c3d4-0000-1111-2222-333344445555';
const ARTICLE = 'XQ-7741';
const NAME = 'Перфоратор Обменный XQ-7741';
const PRODUCT_URL = '/perforator-obmennyy-xq-7741/';
const ROOT_URL = '/catalog/instrument-iz-1s/';
const CHILD_URL = '/catalog/instrument-iz-1s/perforatory-1s/';

const importXml = (opts: { full?: boolean; extra?: string } = {}) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-27T10:00:00">
  <Классификатор>
    <Ид>cls-1</Ид><Наименование>Классификатор (Каталог товаров)</Наименование>
    <Группы>
      <Группа><Ид>${G_ROOT}</Ид><Наименование>Инструмент из 1С</Наименование>
        <Группы><Группа><Ид>${G_CHILD}</Ид><Наименование>Перфораторы 1С</Наименование></Группа></Группы>
      </Группа>
    </Группы>
    <Свойства>
      <Свойство><Ид>prop-power</Ид><Наименование>Мощность, Вт</Наименование><ТипЗначений>Число</ТипЗначений></Свойство>
      <Свойство><Ид>prop-brand</Ид><Наименование>Бренд</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений><Справочник><ИдЗначения>b-1</ИдЗначения><Значение>Обменмаш</Значение></Справочник></ВариантыЗначений>
      </Свойство>
    </Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="${opts.full ? 'false' : 'true'}">
    <Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Каталог товаров</Наименование>
    <Товары>
      <Товар>
        <Ид>${P_ID}</Ид><Артикул>${ARTICLE}</Артикул><Наименование>${NAME}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>
        <Группы><Ид>${G_CHILD}</Ид></Группы>
        <Описание>Мощный перфоратор для проверки обмена &amp; тестов.</Описание>
        <ЗначенияСвойств>
          <ЗначенияСвойства><Ид>prop-power</Ид><Значение>1150</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>prop-brand</Ид><Значение>b-1</Значение></ЗначенияСвойства>
        </ЗначенияСвойств>
      </Товар>${opts.extra ?? ''}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const offersXml = (price: string, qty: number) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-27T10:00:00">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>
    <ТипыЦен>
      <ТипЦены><Ид>pt-wholesale</Ид><Наименование>Оптовая</Наименование><Валюта>BYN</Валюта></ТипЦены>
      <ТипЦены><Ид>pt-retail</Ид><Наименование>Розничная цена</Наименование><Валюта>BYN</Валюта></ТипЦены>
    </ТипыЦен>
    <Склады><Склад><Ид>wh-minsk</Ид><Наименование>Основной склад Минск</Наименование></Склад></Склады>
    <Предложения>
      <Предложение>
        <Ид>${P_ID}</Ид><Артикул>${ARTICLE}</Артикул><Наименование>${NAME}</Наименование>
        <Цены>
          <Цена><Представление>${price} BYN за шт</Представление><ИдТипаЦены>pt-retail</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Валюта>BYN</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>
          <Цена><ИдТипаЦены>pt-wholesale</ИдТипаЦены><ЦенаЗаЕдиницу>1000</ЦенаЗаЕдиницу><Валюта>BYN</Валюта></Цена>
        </Цены>
        <Количество>${qty}</Количество>
        <Склад ИдСклада="wh-minsk" КоличествоНаСкладе="${qty}"/>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

/** 1C's side of the protocol. */
class OneC {
  cookie = '';
  constructor(private address = ADDRESS) {}
  url(q: string) {
    return `${server.base}${this.address}?${q}`;
  }
  async call(q: string, init: RequestInit = {}) {
    const res = await fetch(this.url(q), { redirect: 'manual', ...init, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(init.headers as Record<string, string>) } });
    return { status: res.status, text: await res.text(), res };
  }
  async checkauth(login = LOGIN, password = PASSWORD) {
    const r = await this.call('type=catalog&mode=checkauth', { headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` } });
    const [status, name, value] = r.text.split('\n');
    if (status === 'success') this.cookie = `${name}=${value}`;
    return r;
  }
  async init() {
    const r = await this.call('type=catalog&mode=init');
    return { ...r, limit: Number(/file_limit=(\d+)/.exec(r.text)?.[1]) };
  }
  /** Uploads `body` in chunks of `chunk` bytes, as 1C does when a file exceeds file_limit. */
  async file(name: string, body: string | Buffer, chunk: number) {
    const buf = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const answers: string[] = [];
    for (let i = 0; i < buf.length; i += chunk) {
      const r = await this.call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, { method: 'POST', body: new Uint8Array(buf.subarray(i, i + chunk)), headers: { 'content-type': 'application/octet-stream' } });
      answers.push(`${r.status} ${r.text}`);
    }
    return answers;
  }
  /** `mode=import` repeated while the answer is `progress`, as 1C does; the last answer. */
  async import(name: string) {
    for (let i = 0; ; i++) {
      const r = await this.call(`type=catalog&mode=import&filename=${encodeURIComponent(name)}`);
      if (!r.text.startsWith('progress\n') || i > 200) return r;
    }
  }
  /** A whole exchange: checkauth → init → each file in chunks → import each. */
  async exchange(files: [string, string][], chunk = 700) {
    expect((await this.checkauth()).text).toMatch(/^success\n\w+\n\S+$/);
    const init = await this.init();
    expect(init.text).toMatch(/^zip=yes\nfile_limit=\d+$/);
    for (const [name, body] of files) expect(await this.file(name, body, Math.min(chunk, init.limit))).toEqual(expect.arrayContaining(['200 success']));
    const out: string[] = [];
    for (const [name] of files) out.push((await this.import(name)).text);
    return out;
  }
}

const page = async (p: string) => {
  const res = await fetch(server.base + p, { redirect: 'manual' });
  return { status: res.status, html: await res.text() };
};
const flat = (html: string) => html.replace(/[\s\u00a0\u202f]+/g, '');
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}
const search = async (q: string) => {
  const res = await fetch(`${server.base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q }) });
  return (await res.json()).data.products as { name: string; price: number; url: string; article: string }[];
};

beforeAll(async () => {
  server = await startOwnServer({ products: 120, env: { CHANGE_POLL_MS: '100', EXCHANGE_MAX_FILE_MB: '1' } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// Runs first: the catalogue's last test stops the server to read its database.
describe('1C exchange, type=sale', () => {
  const saleDoc = (number: string, reqs: [string, string][]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T12:00:00"><Документ><Ид>${number}</Ид><Номер>${number}</Номер><Дата>2026-11-27</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>BYN</Валюта><Сумма>1</Сумма><ЗначенияРеквизитов>${reqs
      .map(([n, v]) => `<ЗначениеРеквизита><Наименование>${n}</Наименование><Значение>${v}</Значение></ЗначениеРеквизита>`)
      .join('')}</ЗначенияРеквизитов></Документ></КоммерческаяИнформация>`;

  it("query → success → file: a store order goes out once, and 1C's answer is taken in", async () => {
    // A guest buys a product for pickup (the server signs the guest cookie on the first write).
    const listing = await (await fetch(`${server.base}/web/catalog/filter/clear/apply/?page_size=30`)).json();
    const item = (listing.data.items as { id: number; canBuy?: boolean; can_buy?: boolean; stock?: number }[]).find((i) => (i.stock ?? 1) > 2)!;
    let cookie = '';
    const post = async (p: string, body: unknown) => {
      const res = await fetch(server.base + p, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.base, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
      const set = res.headers.getSetCookie().find((c) => c.startsWith('guest='));
      if (set) cookie = set.split(';')[0]!;
      return res.json();
    };
    await post('/api/basket/add/', { product: item.id });
    const state = await (await fetch(`${server.base}/web/orderCheckout/`, { headers: { cookie } })).json();
    const placed = await post('/api/order/create/', { expectedTotal: state.data.delivery_totals['1'].total, idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: 1, name: 'Ольга Обменова', phone: '+375 29 555-44-33', email: 'olga@xchg-sale.by', payment: 'cash' });
    const number = placed.data.order_number as string;
    expect(number).toBeTruthy();

    const c = new OneC();
    const auth = await c.call('type=sale&mode=checkauth', { headers: { authorization: `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}` } });
    const [status, name, value] = auth.text.split('\n');
    expect(status).toBe('success');
    c.cookie = `${name}=${value}`;
    expect((await c.call('type=sale&mode=init')).text).toMatch(/^zip=no\nfile_limit=\d+$/);
    const query = await c.call('type=sale&mode=query');
    expect(query.res.headers.get('content-type')).toContain('xml');
    expect(query.text).toContain('<КоммерческаяИнформация');
    expect(query.text).toContain(`<Номер>${number}</Номер>`);
    expect(query.text).toContain('Ольга Обменова');
    expect((await c.call('type=sale&mode=success')).text).toBe('success');
    expect((await c.call('type=sale&mode=query')).text).not.toContain(`<Номер>${number}</Номер>`);

    // 1C sends a ТТН for it, and a document for an order the store does not have.
    const file = await c.call('type=sale&mode=file&filename=orders.xml', { method: 'POST', body: saleDoc(number, [['Номер ТТН', 'АА 7654321'], ['Дата ТТН', '2026-11-27']]) });
    expect(file.text).toBe('success');
    const unknown = await c.call('type=sale&mode=file&filename=orders.xml', { method: 'POST', body: saleDoc('НЕТ-ТАКОГО-1', [['Статус заказа', 'Отгружен']]) });
    expect(unknown.text).toMatch(/^failure\n.*[а-я]/);
    expect(unknown.text).toContain('НЕТ-ТАКОГО-1');
    const bomb = await c.call('type=sale&mode=file&filename=orders.xml', { method: 'POST', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><КоммерческаяИнформация/>' });
    expect(bomb.text).toMatch(/^failure\n/);
    // Without the session cookie: refused.
    expect((await new OneC().call('type=sale&mode=query')).status).toBe(401);
  });
});

describe('1C exchange, type=catalog', () => {
  it('answers at both addresses without a redirect, never cached', async () => {
    for (const address of [ADDRESS, '/1c_exchange.php']) {
      const c = new OneC(address);
      const r = await c.checkauth();
      expect(r.status).toBe(200);
      expect(r.text).toMatch(/^success\nstore_exchange\n[\w-]+$/);
      expect(r.res.headers.get('cache-control')).toBe('no-store');
      const post = await c.call('type=catalog&mode=file&filename=probe.txt', { method: 'POST', body: 'x' });
      expect(`${post.status} ${post.text}`).toBe('200 success');
    }
  });

  it('a full exchange creates the section and the product; a second one changes price and stock', async () => {
    const first = await new OneC().exchange([
      ['import.xml', importXml()],
      ['offers.xml', offersXml('4321.50', 7)],
    ]);
    expect(first).toEqual(['success', 'success']);

    const root = await until(() => page(ROOT_URL), (p) => p.status === 200);
    expect(root.status).toBe(200);
    expect(root.html).toContain('Инструмент из 1С');
    const child = await page(CHILD_URL);
    expect(child.status).toBe(200);
    expect(child.html).toContain('Перфораторы 1С');
    const product = await until(() => page(PRODUCT_URL), (p) => p.status === 200 && flat(p.html).includes('4321,50'));
    expect(product.status).toBe(200);
    expect(product.html).toContain(NAME);
    expect(product.html).toContain('Обменмаш');
    // «Мощность, Вт» became the section's number property «Мощность» in Вт (facets, range filter).
    expect(product.html).toContain('Мощность');
    expect(flat(product.html)).toMatch(/1150Вт/);
    expect(flat(product.html)).toContain('4321,50');

    // The page is now cached; the second exchange's change must reach it through the change feed.
    expect((await page(PRODUCT_URL)).status).toBe(200);
    const second = await new OneC().exchange([['offers.xml', offersXml('3999.90', 12)]], 500);
    expect(second).toEqual(['success']);
    const changed = await until(() => page(PRODUCT_URL), (p) => flat(p.html).includes('3999,90'), 3000);
    expect(flat(changed.html)).toContain('3999,90');
    expect(flat(changed.html)).not.toContain('4321,50');
    const found = await until(() => search(ARTICLE), (list) => list.some((p) => p.price === 3999.9), 3000);
    expect(found.find((p) => p.article === ARTICLE)).toMatchObject({ name: NAME, price: 3999.9, url: PRODUCT_URL });
  });

  it('refuses a wrong password (401), a missing session, and file names that leave the folder', async () => {
    const c = new OneC();
    const wrong = await c.checkauth(LOGIN, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/^failure\n.*[а-я]/);
    const nobody = await new OneC().call('type=catalog&mode=init');
    expect(nobody.status).toBe(401);
    expect(nobody.text).toMatch(/^failure\n.*сессия/);
    const ok = new OneC();
    await ok.checkauth();
    await ok.init();
    for (const name of ['../x.xml', '/etc/passwd', 'a\\b.xml', 'import_files/../../x.xml']) {
      const r = await ok.call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, { method: 'POST', body: '<x/>' });
      expect(r.text, name).toMatch(/^failure\n.*[а-я]/);
    }
    // EXCHANGE_MAX_FILE_MB=1 here: a file growing past it, chunk by chunk, is refused with 413 and removed.
    const big = await ok.file('big.xml', Buffer.alloc(1_200_000, 0x20), 400_000);
    expect(big[0]).toBe('200 success');
    expect(big[2]).toMatch(/^413 failure\nbig\.xml: .*МБ/);
    expect((await ok.import('big.xml')).text).toMatch(/^failure\n.*не был передан/);
  });

  it('malformed XML and a DOCTYPE are refused in Russian, the catalogue unchanged', async () => {
    const before = await page(PRODUCT_URL);
    const c = new OneC();
    await c.checkauth();
    await c.init();
    // A new product in the same file as a broken element: the transaction leaves nothing behind.
    const extra = `<Товар><Ид>new-broken-1</Ид><Артикул>BRK-1</Артикул><Наименование>Товар из сломанного файла</Наименование><Группы><Ид>${G_CHILD}</Ид></Группы></Товар>`;
    const broken = importXml({ extra }).replace('</Товары>', '<Товар><Ид>x</Товар></Товары>');
    await c.file('import.xml', broken, 4000);
    const r = await c.import('import.xml');
    expect(r.text).toMatch(/^failure\nimport\.xml: .*[а-я]/);
    expect(await search('BRK-1')).toEqual([]);

    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<КоммерческаяИнформация><x>&lol2;</x></КоммерческаяИнформация>`;
    await c.file('bomb.xml', bomb, 4000);
    const b = await c.import('bomb.xml');
    expect(b.text).toMatch(/^failure\nbomb\.xml: .*DOCTYPE/);

    const unknownType = offersXml('1.00', 1).replace('<ИдТипаЦены>pt-retail</ИдТипаЦены>', '<ИдТипаЦены>pt-nobody</ИдТипаЦены>');
    await c.file('prices.xml', unknownType, 4000);
    expect((await c.import('prices.xml')).text).toMatch(/^failure\nprices\.xml, предложение .*неизвестный тип цен/);

    const after = await page(PRODUCT_URL);
    expect(flat(after.html)).toContain('3999,90');
    expect(after.status).toBe(before.status);
  });

  it('a full package deactivates what it no longer lists; stock and prices are stored per warehouse and price type', async () => {
    const other = `<Товар><Ид>second-item-1</Ид><Артикул>XQ-7742</Артикул><Наименование>Перфоратор Второй XQ-7742</Наименование><Группы><Ид>${G_CHILD}</Ид></Группы></Товар>`;
    expect(await new OneC().exchange([['import.xml', importXml({ extra: other })]])).toEqual(['success']);
    expect((await until(() => page('/perforator-vtoroy-xq-7742/'), (p) => p.status === 200)).status).toBe(200);
    expect(await new OneC().exchange([['import.xml', importXml({ full: true })]])).toEqual(['success']);
    expect((await until(() => page('/perforator-vtoroy-xq-7742/'), (p) => p.status !== 200)).status).not.toBe(200);
    expect((await page(PRODUCT_URL)).status).toBe(200);

    await server.stop({ keepData: true });
    const handle = await openDatabase(server.databaseUrl ? { databaseUrl: server.databaseUrl } : { dataDir: path.join(server.dataDir, 'pglite') });
    try {
      const [p] = await handle.db.select().from(products).where(eq(products.externalId, P_ID));
      expect(p).toMatchObject({ article: ARTICLE, price: '3999.90', active: true, stockQty: 12 });
      expect(Object.values(p!.properties)).toContain(1150);
      const [gone] = await handle.db.select().from(products).where(eq(products.externalId, 'second-item-1'));
      expect(gone!.active).toBe(false);
      const rows = await handle.db.select().from(stocks).where(eq(stocks.productId, p!.id));
      expect(rows).toEqual([expect.objectContaining({ quantity: 12 })]);
      expect((await handle.db.select().from(productPrices).where(eq(productPrices.productId, p!.id))).map((r) => r.price).sort()).toEqual(['1000.00', '3999.90']);
      expect(await handle.db.select().from(warehouseBranches)).toEqual([expect.objectContaining({ externalId: 'wh-minsk', branchId: rows[0]!.branchId })]);
    } finally {
      await handle.close();
    }
  });
});
