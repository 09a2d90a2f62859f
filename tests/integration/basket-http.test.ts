/** Spec §7 basket, compare and favourites calls over HTTP against the built server, with good and bad input. */
import { freshCustomer } from '../helpers/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { base, Visitor, type Envelope } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own contractor admin and their basket (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('basket-http');

type Card = { id: number; article: string; canBuy: boolean; name: string };
let hits: Card[] = [];
let gone: number; // a product that cannot be bought (from the file's contractor admin's basket)

async function upload(v: Visitor, name: string, bytes: Uint8Array | Buffer, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await v.raw('/api/basket/file/', { method: 'POST', body: form, headers: { origin: base() } });
  return { res, body: (await res.json()) as Envelope };
}

const russian = (body: Envelope) => body.errors.length > 0 && body.errors.every((e) => /[а-яё]/i.test(e.message));

beforeAll(async () => {
  const main = await new Visitor().get('/web/main/');
  hits = main.body.data.hits;
  const admin = new Visitor();
  await admin.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
  const grid = await admin.get('/web/basket/products/');
  gone = grid.body.data.inactive[0].product_id;
});

describe('POST api/basket/add/, update/, remove/', () => {
  it('a guest gets a cookie, adds, the header follows, and the quantity adds up', async () => {
    const v = new Visitor();
    const [a] = hits as [Card];
    const first = await v.post('/api/basket/add/', { product: a.id });
    expect(first.body).toMatchObject({ status: 'success', data: { product_id: a.id, quantity: 1 } });
    expect(v.cookies.get('guest')).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const again = await v.post('/api/basket/add/', { product: a.id, quantity: 2, motivation: 'Y' });
    expect(again.body.data.quantity).toBe(3);
    const header = await v.get('/api/header/');
    expect(header.body.data.basket).toEqual([a.id]);
    const grid = await v.get('/web/basket/products/');
    expect(grid.body.data.grid.row[0]).toMatchObject({ product_id: a.id, quantity: 3, motivation: 'Y', can_buy: true });
    expect(grid.body.data.grid.row[0].category).toEqual({ code: expect.any(String), name: expect.any(String) });
  });

  it('refuses bad input in Russian: missing, wrong type, fractional, huge, unknown, not for sale, over the stock', async () => {
    const v = new Visitor();
    const [a] = hits as [Card];
    for (const body of [{}, { product: 'дрель' }, { product: a.id, quantity: 1.5 }, { product: a.id, quantity: 0 }, { product: a.id, quantity: 10 ** 9 }, { product: -1 }, { product: a.id, motivation: 'maybe' }]) {
      const r = await v.post('/api/basket/add/', body);
      expect(r.res.status, JSON.stringify(body)).toBe(422);
      expect(russian(r.body)).toBe(true);
    }
    const unknown = await v.post('/api/basket/add/', { product: 99_999_999 });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors[0]!.message).toBe('Товар не найден или снят с продажи');
    const notForSale = await v.post('/api/basket/add/', { product: gone });
    expect(notForSale.res.status).toBe(409);
    expect(notForSale.body.errors[0]!.message).toBe('Товар сейчас недоступен для заказа');
    // Over the stock: read the limit from the grid, then ask for one more.
    await v.post('/api/basket/add/', { product: a.id });
    const max = (await v.get('/web/basket/products/')).body.data.grid.row[0].max_quantity as number;
    const over = await v.post('/api/basket/add/', { product: a.id, quantity: max });
    expect(over.res.status).toBe(422);
    expect(over.body.errors[0]!.message).toBe(`Можно заказать не более ${max} шт., в корзине уже 1 шт.`);
    const junk = await v.raw('/api/basket/add/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: '{"product":' });
    expect(junk.status).toBe(400);
  });

  it('update sets the quantity within the limit; remove deletes; another visitor cannot touch my rows', async () => {
    const me = new Visitor();
    const other = new Visitor();
    const [a, b] = hits as [Card, Card];
    await me.post('/api/basket/add/', { product: a.id });
    await other.post('/api/basket/add/', { product: b.id });
    expect((await me.post('/api/basket/update/', { product: a.id, quantity: 2 })).body.data.quantity).toBe(2);
    expect((await me.post('/api/basket/update/', { product: a.id, quantity: 0 })).res.status).toBe(422);
    // The spec's shape {product, motivation} only flips the flag.
    expect((await me.post('/api/basket/update/', { product: a.id, motivation: 'Y' })).body.data.quantity).toBe(2);
    expect((await me.get('/web/basket/products/')).body.data.grid.row[0].motivation).toBe('Y');
    const neither = await me.post('/api/basket/update/', { product: a.id });
    expect(neither.res.status).toBe(422);
    expect(neither.body.errors[0]).toMatchObject({ field: 'quantity', message: 'Количество: обязательное поле' });
    expect((await me.post('/api/basket/update/', { product: a.id, quantity: 99_999 })).res.status).toBe(422);
    // b is in the other visitor's basket, not mine: a foreign id is "not in the basket".
    const foreign = await me.post('/api/basket/update/', { product: b.id, quantity: 3 });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.errors[0]!.message).toBe('Этого товара нет в корзине');
    expect((await me.post('/api/basket/remove/', { product_id: b.id })).res.status).toBe(404);
    expect((await other.get('/web/basket/products/')).body.data.grid.row[0]).toMatchObject({ product_id: b.id, quantity: 1 });
    expect((await me.post('/api/basket/remove/', { product_id: a.id, motivation: 'N' })).body.status).toBe('success');
    expect((await me.get('/api/header/')).body.data.basket).toEqual([]);
    expect((await me.post('/api/basket/remove/', { product_id: 'x' })).res.status).toBe(422);
  });

  it('50 parallel adds to one basket lose nothing', async () => {
    const v = new Visitor();
    const [, , c] = hits as [Card, Card, Card];
    await v.post('/api/basket/add/', { product: c.id }); // creates the cookie
    const results = await Promise.all(Array.from({ length: 49 }, () => v.post('/api/basket/add/', { product: c.id })));
    const okCount = results.filter((r) => r.body.status === 'success').length;
    const grid = await v.get('/web/basket/products/');
    const row = grid.body.data.grid.row.find((r: { product_id: number }) => r.product_id === c.id);
    expect(row.quantity).toBe(1 + okCount);
    expect(row.quantity).toBe(Math.min(50, row.max_quantity));
  });
});

describe('clear, inactive/remove and the grid', () => {
  it('the contractor sees discounted totals, removes inactive rows together, then clears', async () => {
    const admin = new Visitor();
    await admin.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
    const grid = await admin.get('/web/basket/products/?page=1&pageSize=50');
    const d = grid.body.data;
    expect(d.info.contractor).toBe(true);
    expect(d.info.discount_sum).toBeGreaterThan(0);
    expect(d.page_navigation.total).toBe(d.grid.row.length); // inactive rows are not counted
    expect(d.inactive.length).toBeGreaterThan(0);
    expect(d.motivation_block).toMatchObject({ free_delivery_from: 300 });
    const cat = d.categories[0].code;
    const filtered = await admin.get(`/web/basket/products/?page=3&category=${cat}`);
    expect(filtered.body.data.page_navigation.page).toBe(1);
    expect(filtered.body.data.grid.row.every((r: { category: { code: string } }) => r.category.code === cat)).toBe(true);
    const removed = await admin.post('/api/basket/inactive/remove/');
    expect(removed.body.data.removed).toBe(d.inactive.length);
    expect((await admin.get('/web/basket/products/')).body.data.inactive).toEqual([]);
    const cleared = await admin.post('/api/basket/clear/');
    expect(cleared.body.data.removed).toBe(d.grid.row.length);
    expect((await admin.get('/api/header/')).body.data.basket).toEqual([]);
  });

  it('bad grid parameters get a Russian 422', async () => {
    for (const q of ['page=0', 'page=abc', 'pageSize=100000', 'category=%3Cscript%3E']) {
      const r = await new Visitor().get(`/web/basket/products/?${q}`);
      expect(r.res.status, q).toBe(422);
      expect(russian(r.body)).toBe(true);
    }
  });
});

describe('quick order: find/, list/add/, list/update/, file/', () => {
  it('find reports found, not found and invalid lines; list/add adds the found ones in one step', async () => {
    const v = new Visitor();
    const [a, b] = hits as [Card, Card];
    const text = `${a.article.toLowerCase()} 3\n${b.article}; 2 шт\nНЕТ-ТАКОГО-999; 1\n${a.article}\t1,5`;
    const found = await v.post('/api/basket/find/', { search: text });
    expect(found.body.data).toMatchObject({ found: 2, not_found: 1, invalid: 1, total: 4 });
    const lines = found.body.data.rows.filter((r: { status: string }) => r.status === 'found').map((r: { product: { id: number }; quantity: number }) => ({ product: r.product.id, quantity: r.quantity }));
    const added = await v.post('/api/basket/list/add/', { product_list: lines });
    expect(added.body.data.added).toHaveLength(2);
    expect((await v.get('/api/header/')).body.data.basket.sort()).toEqual([a.id, b.id].sort());
    const set = await v.post('/api/basket/list/update/', { product_list: [{ product: a.id, quantity: 1 }] });
    expect(set.body.data.added[0]).toMatchObject({ product_id: a.id, quantity: 1 });
  });

  it('refuses empty, huge and malformed lists', async () => {
    const v = new Visitor();
    expect((await v.post('/api/basket/find/', { search: '' })).res.status).toBe(422);
    expect((await v.post('/api/basket/find/', { search: 'A1 1\n'.repeat(1200) })).res.status).toBe(422);
    const huge = await v.raw('/api/basket/find/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: JSON.stringify({ search: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    for (const product_list of [[], 'nope', [{ product: 'x' }], [{ product: hits[0]!.id, quantity: -2 }], Array.from({ length: 1001 }, () => ({ product: hits[0]!.id }))]) {
      const r = await v.post('/api/basket/list/add/', { product_list });
      expect(r.res.status).toBe(422);
      expect(russian(r.body)).toBe(true);
    }
    const unknown = await v.post('/api/basket/list/add/', { product_list: [{ product: 99_999_999, quantity: 1 }] });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors[0]!.message).toContain('99999999');
    const row = await v.post('/api/basket/list/add/', { product_list: [{ product: 'x', quantity: 1 }] });
    expect(row.body.errors[0]!.message).toMatch(/^Товар \(строка 1\)/);
  });

  it('a 500-row XLSX gives its report in under 2 s', async () => {
    const rows = [
      [{ value: 'Артикул' }, { value: 'Количество' }],
      ...Array.from({ length: 500 }, (_, i) => {
        const card = hits[i % hits.length]!;
        return [{ value: i % 5 === 4 ? `NOPE-${i}` : card.article }, { value: (i % 7) + 1, type: Number }];
      }),
    ];
    const xlsx = await writeXlsxFile(rows).toBuffer();
    // Up to three takes: other test files share the server and the two cores (and in CI the e2e suite
    // too), and a burst of their work can hold one answer up for seconds. A slow report (~250 ms here)
    // is slow in every take.
    const takes: number[] = [];
    for (let take = 0; take < 3; take++) {
      const v = new Visitor();
      const started = performance.now();
      const r = await upload(v, 'zakaz.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      takes.push(performance.now() - started);
      expect(r.body.status).toBe('success');
      expect(r.body.data).toMatchObject({ total: 500, found: 400, not_found: 100 });
      if (takes.at(-1)! < 2000) break;
    }
    expect(Math.min(...takes), takes.map((ms) => ms.toFixed(0)).join(', ')).toBeLessThan(2000);
    console.log(`500-row XLSX report: ${takes.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  });

  it('reads a Windows-1251 CSV and serves the samples, which parse back', async () => {
    const [a] = hits as [Card];
    // Encode Cyrillic as Windows-1251 by hand: А..я are 0xC0..0xFF.
    const text = `Артикул;Кол-во\r\n${a.article};4\r\n`;
    const bytes = Uint8Array.from([...text].map((ch) => (ch >= 'А' && ch <= 'я' ? ch.charCodeAt(0) - 0x410 + 0xc0 : ch.charCodeAt(0))));
    const r = await upload(new Visitor(), 'zakaz.csv', bytes, 'text/csv');
    expect(r.body.data).toMatchObject({ found: 1, total: 1 });
    expect(r.body.data.rows[0].quantity).toBe(4);
    for (const name of ['sample.xlsx', 'sample.csv']) {
      const sample = await new Visitor().raw(`/e-order/${name}`);
      expect(sample.status).toBe(200);
      const back = await upload(new Visitor(), name, new Uint8Array(await sample.arrayBuffer()));
      expect(back.body.data.found, name).toBe(3);
    }
  });

  it('refuses missing, empty, oversized, disguised, old-format and zip-bomb files without harm', async () => {
    const v = new Visitor();
    const notMultipart = await v.post('/api/basket/file/', { file: 'x' });
    expect(notMultipart.res.status).toBe(415);
    const form = new FormData();
    form.append('other', 'x');
    const missing = await v.raw('/api/basket/file/', { method: 'POST', body: form, headers: { origin: base() } });
    expect(missing.status).toBe(422);
    const cases: [string, Uint8Array, number, RegExp][] = [
      ['empty.csv', new Uint8Array(), 422, /В файле нет|Прикрепите/],
      ['big.csv', new Uint8Array(3 * 1024 * 1024).fill(65), 413, /не более 2 МБ/],
      ['binary.csv', Uint8Array.from({ length: 5000 }, (_, i) => i % 256), 422, /не похож на таблицу/],
      ['fake.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), 422, /повреждён/],
      ['old.xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 422, /XLS не поддерживается/],
      ['bomb.xlsx', zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }), 413, /после распаковки/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const r = await upload(v, name, bytes);
      expect(r.res.status, name).toBe(status);
      expect(r.body.errors[0]!.message, name).toMatch(message);
    }
    // The server is still fine.
    expect((await v.get('/api/header/')).res.status).toBe(200);
  });
});

describe('compare and favourites', () => {
  it('compare: add, sections with property names, clear a section, remove, clear all; bad input in Russian', async () => {
    const v = new Visitor();
    const [a, b] = hits as [Card, Card];
    await v.post('/api/compare/add/', { product_id: a.id });
    await v.post('/api/compare/add/', { product_id: b.id });
    await v.post('/api/compare/add/', { product_id: b.id }); // twice is once
    const data = (await v.get('/web/compare/')).body.data;
    expect(data.count).toBe(2);
    const sections = Object.values(data.sections) as { section_id: number; section_name: string; items: { id: number; section_id: number }[]; compare_properties_name: Record<string, string> }[];
    expect(sections[0]!.section_name).toBeTruthy();
    expect(sections[0]!.items[0]!.section_id).toBe(sections[0]!.section_id);
    expect(Object.keys(data.compare_properties_name).length).toBeGreaterThan(2);
    expect((await v.get('/api/header/')).body.data.compare.sort()).toEqual([a.id, b.id].sort());
    const first = sections[0]!;
    await v.post('/api/compare/clear/', { section_id: first.section_id });
    const after = (await v.get('/web/compare/')).body.data;
    expect(after.sections[String(first.section_id)]).toBeUndefined();
    expect((await v.post('/api/compare/clear/', { section_id: first.section_id })).res.status).toBe(404);
    const left = (Object.values(after.sections) as { items: { id: number }[] }[]).flatMap((s) => s.items.map((i) => i.id));
    for (const id of left) expect((await v.post('/api/compare/remove/', { product_id: id })).body.status).toBe('success');
    expect((await v.get('/web/compare/')).body.data.sections).toEqual({});
    expect((await v.post('/api/compare/remove/', { product_id: a.id })).res.status).toBe(404);
    expect((await v.post('/api/compare/add/', { product_id: 99_999_999 })).res.status).toBe(404);
    expect((await v.post('/api/compare/add/', {})).res.status).toBe(422);
    expect((await v.post('/api/compare/clear/', { section_id: 'all' })).res.status).toBe(422);
    await v.post('/api/compare/add/', { product_id: a.id });
    expect((await v.post('/api/compare/clear/')).body.data.removed).toBe(1);
  });

  it('favourites: sorts with their `by`, pages, removes, clears; bad input in Russian', async () => {
    const v = new Visitor();
    for (const c of hits.slice(0, 4)) expect((await v.post('/api/favorite/add/', { product_id: c.id })).body.status).toBe('success');
    const byPrice = (await v.get('/web/favorite/?sort=price_asc&page=1&timestamp=1700000000')).body.data;
    expect(byPrice.items).toHaveLength(4);
    const prices = byPrice.items.map((i: { price: number }) => i.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(byPrice.sort.find((s: { selected: boolean }) => s.selected)).toMatchObject({ code: 'price', by: 'asc' });
    expect(byPrice.sort.every((s: { by: string }) => s.by === 'asc' || s.by === 'desc')).toBe(true);
    expect(byPrice.page_navigation).toMatchObject({ page: 1, total: 4, pages: 1 });
    const newest = (await v.get('/web/favorite/')).body.data.items[0].id;
    expect(newest).toBe(hits[3]!.id);
    expect((await v.post('/api/favorite/remove/', { product_id: hits[0]!.id })).body.status).toBe('success');
    expect((await v.post('/api/favorite/remove/', { product_id: hits[0]!.id })).res.status).toBe(404);
    // An empty sort (a first load sends `sort=`) or an unknown one falls back to the default, newest first.
    for (const sort of ['', 'random']) {
      const fallback = await v.get(`/web/favorite/?sort=${sort}`);
      expect(fallback.res.status, `sort=${sort}`).toBe(200);
      expect(fallback.body.data.sort.find((s: { selected: boolean }) => s.selected)).toMatchObject({ code: 'date', by: 'desc' });
    }
    expect((await v.get('/web/favorite/?page=-1')).res.status).toBe(422);
    expect((await v.post('/api/favorite/add/', { product_id: 'one' })).res.status).toBe(422);
    expect((await v.post('/api/favorite/add/', { product_id: 99_999_999 })).res.status).toBe(404);
    expect((await v.post('/api/favorite/clear/')).body.data.removed).toBe(3);
    expect((await v.get('/api/header/')).body.data.favorites).toEqual([]);
  });
});

describe('login merges the guest lists into the user lists', () => {
  it('nothing from either side is lost, and the guest cookie is dropped', async () => {
    const [a, b, c] = hits as [Card, Card, Card];
    // An account of this test alone, registered afresh: its lists hold only what this test put there.
    const me = await freshCustomer();
    // The user's own lists, from an earlier session.
    const before = new Visitor();
    await before.post('/api/authentication/', { login: me.email, password: me.password });
    await before.post('/api/basket/add/', { product: a.id, quantity: 2 });
    await before.post('/api/favorite/add/', { product_id: b.id });
    // The same person as a guest on another device.
    const guest = new Visitor();
    await guest.post('/api/basket/add/', { product: a.id, quantity: 1 });
    await guest.post('/api/basket/add/', { product: c.id });
    await guest.post('/api/favorite/add/', { product_id: c.id });
    await guest.post('/api/compare/add/', { product_id: a.id });
    const login = await guest.post('/api/authentication/', { login: me.email, password: me.password });
    expect(login.body.status).toBe('success');
    // Astro deletes a cookie as `guest=deleted; Expires=<1970>`.
    expect(login.res.headers.getSetCookie().find((c) => c.startsWith('guest='))).toMatch(/Expires=Thu, 01 Jan 1970/i);
    guest.cookies.delete('guest');
    const header = (await guest.get('/api/header/')).body.data;
    expect(header.basket.sort()).toEqual([a.id, c.id].sort());
    expect(header.favorites.sort()).toEqual([b.id, c.id].sort());
    expect(header.compare).toEqual([a.id]);
    const rows = (await guest.get('/web/basket/products/')).body.data.grid.row;
    expect(rows.find((r: { product_id: number }) => r.product_id === a.id).quantity).toBe(3);
    // The other device sees the same.
    expect((await before.get('/api/header/')).body.data.basket.sort()).toEqual([a.id, c.id].sort());
  });
});
