/**
 * The spec's export calls and the feed URL over HTTP against the built server: good and bad input
 * for every call, another owner's ids and tokens refused without leaking anything, conditional pulls,
 * the pull log and the build facts, and the limit on bad tokens.
 */
import http from 'node:http';
import { describe, expect, it, beforeAll } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { base, Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own company admin, export-managing employee and customer (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('exports-http');

async function login(email: string): Promise<Visitor> {
  const v = new Visitor();
  const r = await v.post('/api/authentication/', { login: email, password: PASSWORD });
  expect(r.body.status).toBe('success');
  return v;
}

let admin: Visitor;
let foreman: Visitor;
let retail: Visitor;
const FULL = { title: 'Для сайта', source: 'brands', brandIds: [1, 2], fields: ['article', 'name', 'my_price', 'retail_price', 'stock'], format: 'yml', schedule: 'hourly' };

beforeAll(async () => {
  [admin, foreman, retail] = await Promise.all([login(acc.admin.email), login(acc.employee.email), login(acc.retail.email)]);
});

/** A GET with headers fetch() would replace (Sec-Fetch-*), as a browser sends them. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(base() + path, { headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    }).on('error', reject);
  });
}

const pull = (path: string, headers: Record<string, string> = {}) => fetch(base() + path, { headers, redirect: 'manual' });

describe('who may call', () => {
  it('guests get error 101 from every call', async () => {
    const guest = new Visitor();
    for (const path of ['/web/profile/export/list/', '/web/profile/export/create/', '/web/profile/export/update/?id=1', '/web/profile/generateapitoken/', '/web/profile/getapitoken/']) {
      const { res, body } = await guest.get(path);
      expect(res.status, path).toBe(401);
      expect(body.errors[0]!.code).toBe(101);
    }
    for (const path of ['/api/profile/export/add/', '/api/profile/export/remove/', '/api/profile/export/step/']) {
      const { res, body } = await guest.post(path, { id: 1 });
      expect(res.status, path).toBe(401);
      expect(body.errors[0]!.code).toBe(101);
    }
    const page = await guest.raw('/personal/unloading/');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login/?backurl=%2Fpersonal%2Funloading%2F');
  });

  it("company lists are the company's: the admin and an employee with manage_exports see the same; a retail customer sees only theirs", async () => {
    const [a, f, r] = await Promise.all([admin.get('/web/profile/export/list/'), foreman.get('/web/profile/export/list/'), retail.get('/web/profile/export/list/')]);
    const seeded = a.body.data.items.find((i: { name: string }) => i.name === 'Электроинструмент для сайта партнёра');
    expect(seeded).toMatchObject({ status: 'ready', format: 'csv', feedPath: `/feed/${seeded.id}.csv` });
    expect(f.body.data.items.map((i: { id: number }) => i.id)).toContain(seeded.id);
    expect(r.body.data.items.map((i: { id: number }) => i.id)).not.toContain(seeded.id);
  });
});

describe('creating step by step', () => {
  it('create/ gives the form; step/ saves each step, refuses bad input in Russian naming the field; add/ finishes', async () => {
    const form = await admin.get('/web/profile/export/create/');
    expect(form.body.data.form.formats.map((f: { code: string }) => f.code)).toEqual(['yml', 'csv', 'xlsx', 'json']);
    expect(form.body.data.form.sections.length).toBeGreaterThan(8);

    const noStart = await admin.post('/api/profile/export/step/', { step: 2, fields: ['name'] });
    expect(noStart.res.status).toBe(422);
    expect(noStart.body.errors[0].message).toBe('Начните с первого шага');

    const bad = await admin.post('/api/profile/export/step/', { step: 1, source: 'everything', sectionIds: 'x' });
    expect(bad.res.status).toBe(422);
    const fields = bad.body.errors.map((e) => e.field).sort();
    expect(fields).toEqual(['sectionIds', 'source']);
    expect(bad.body.errors.find((e) => e.field === 'source')!.message).toBe('Что выгружать: выберите одно из предложенных значений');
    expect(bad.body.errors.every((e: { message: string }) => /^[А-ЯЁ][^a-z]*$/.test(e.message))).toBe(true);

    const unknown = await admin.post('/api/profile/export/step/', { step: 1, source: 'sections', sectionIds: [999999] });
    expect(unknown.body.errors[0]).toMatchObject({ field: 'sectionIds', message: 'выберите разделы из списка' });

    const draft = await admin.post('/api/profile/export/step/', { step: 1, source: 'sections', draft: 'Y' });
    expect(draft.body.data).toMatchObject({ status: 'draft', step: 0, source: 'sections' });
    const id = draft.body.data.id;
    const step1 = await admin.post('/api/profile/export/step/', { id, step: 1, source: 'sections', sectionIds: [2], inStockOnly: 'Y' });
    expect(step1.body.data).toMatchObject({ step: 1, sectionIds: [2], inStockOnly: true });

    const early = await admin.post('/api/profile/export/add/', { id });
    expect(early.res.status).toBe(422);
    expect(early.body.errors[0]).toMatchObject({ field: 'fields', message: 'Заполните шаг 2 «Поля»: выберите хотя бы одно поле' });

    const badFields = await admin.post('/api/profile/export/step/', { id, step: 2, fields: ['name', 'password'] });
    expect(badFields.body.errors[0]).toMatchObject({ field: 'fields', message: 'Поля: выберите одно из предложенных значений' });
    const noFields = await admin.post('/api/profile/export/step/', { id, step: 2, fields: [] });
    expect(noFields.body.errors[0].message).toBe('Поля: выберите хотя бы одно поле');
    expect((await admin.post('/api/profile/export/step/', { id, step: 2, fields: ['article', 'name', 'my_price'] })).body.data.step).toBe(2);
    expect((await admin.post('/api/profile/export/step/', { id, step: 3, format: 'pdf' })).body.errors[0].field).toBe('format');
    expect((await admin.post('/api/profile/export/step/', { id, step: 3, format: 'csv' })).body.data).toMatchObject({ step: 3, format: 'csv' });
    const noName = await admin.post('/api/profile/export/add/', { id, title: '   ' });
    expect(noName.body.errors[0]).toMatchObject({ field: 'title', message: 'Заполните шаг 4 «Название и обновление»: обязательное поле' });

    const done = await admin.post('/api/profile/export/add/', { id, title: 'Дрели в наличии', schedule: 'always' });
    expect(done.body.data).toMatchObject({ status: 'ready', step: 4, name: 'Дрели в наличии', schedule: 'always', feedPath: `/feed/${id}.csv` });

    const edit = await admin.get(`/web/profile/export/update/?id=${id}`);
    expect(edit.body.data.item).toMatchObject({ id, name: 'Дрели в наличии', fields: ['article', 'name', 'my_price'] });
    expect(edit.body.data.form.fields.length).toBe(14);
    const badId = await admin.get('/web/profile/export/update/?id=abc');
    expect(badId.res.status).toBe(422);
    expect(badId.body.errors[0].field).toBe('id');

    // Editing a ready list saves whole steps only: a half choice is refused, not stored.
    const half = await admin.post('/api/profile/export/step/', { id, step: 1, source: 'brands', draft: 'Y' });
    expect(half.res.status).toBe(422);
    expect((await admin.get(`/web/profile/export/update/?id=${id}`)).body.data.item.source).toBe('sections');
  });

  it('add/ with every step at once; a bad body is a Russian 4xx', async () => {
    const ok = await admin.post('/api/profile/export/add/', FULL);
    expect(ok.body.data).toMatchObject({ status: 'ready', format: 'yml', brandIds: [1, 2] });
    const broken = await admin.raw('/api/profile/export/add/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: '{"title":' });
    expect(broken.status).toBe(400);
    const body = await broken.json();
    expect(body.errors[0].message).toMatch(/[а-я]/);
    const missing = await admin.post('/api/profile/export/add/', { title: 'x' });
    expect(missing.res.status).toBe(422);
    expect(missing.body.errors.map((e) => e.field)).toContain('fields');
  });

  it('step 1 takes a file of articles (XLSX or CSV) and says how many are in the catalogue', async () => {
    const csv = 'Артикул;Количество\nNO-SUCH-1;1\nNO-SUCH-2;2\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'list.csv');
    const res = await admin.raw('/api/profile/export/step/?step=1&draft=Y', { method: 'POST', headers: { origin: base() }, body: form });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ source: 'articles', articleCount: 2, articlesFound: 0, uploaded: { articles: 2 } });
    await admin.post('/api/profile/export/remove/', { id: body.data.id });
  });
});

describe("another owner's ids", () => {
  it("update/, step/, remove/ of the company's list by a retail customer: 404, nothing changed, nothing leaked", async () => {
    const mine = (await admin.post('/api/profile/export/add/', { ...FULL, title: 'Секретная' })).body.data;
    const peek = await retail.get(`/web/profile/export/update/?id=${mine.id}`);
    expect(peek.res.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain('Секретная');
    expect((await retail.post('/api/profile/export/step/', { id: mine.id, step: 4, title: 'Взлом', schedule: 'always' })).res.status).toBe(404);
    expect((await retail.post('/api/profile/export/add/', { id: mine.id, title: 'Взлом' })).res.status).toBe(404);
    expect((await retail.post('/api/profile/export/remove/', { id: mine.id })).res.status).toBe(404);
    expect((await admin.get(`/web/profile/export/update/?id=${mine.id}`)).body.data.item.name).toBe('Секретная');
    expect((await admin.post('/api/profile/export/remove/', { id: mine.id })).body.data).toEqual({ id: mine.id });
    expect((await admin.post('/api/profile/export/remove/', { id: mine.id })).res.status).toBe(404);
    expect((await admin.post('/api/profile/export/remove/', { id: 'один' })).res.status).toBe(422);
    expect((await admin.raw(`/personal/unloading/${mine.id}/`)).status).toBe(404);
  });
});

describe('the API token and the feed URL', () => {
  let ymlId: number;
  let token: string;

  beforeAll(async () => {
    ymlId = (await admin.post('/api/profile/export/add/', { ...FULL, title: 'YML для маркетплейса' })).body.data.id;
    const gen = await admin.post('/web/profile/generateapitoken/', { name: 'Маркетплейс' });
    token = gen.body.data.token;
  });

  it('generateapitoken/ shows the token once; getapitoken/ only masked; a link from another site cannot regenerate it', async () => {
    expect(token).toMatch(/^instr_/);
    const info = await foreman.get('/web/profile/getapitoken/');
    expect(info.body.data.items.find((i: { name: string }) => i.name === 'Маркетплейс')).toMatchObject({ masked: `instr_${'•'.repeat(12)}${token.slice(-4)}`, issuedBy: acc.admin.name, lists: null });
    expect(JSON.stringify(info.body)).not.toContain(token);
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const navigated = await rawGet('/web/profile/generateapitoken/', { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' });
    expect(navigated.status).toBe(403);
    expect(navigated.body).not.toContain('instr_');
    // A plain GET with the cookie and no fetch metadata (an <img>, an old browser, a script elsewhere) rotates nothing either (issue 28 #8).
    const plain = await rawGet('/web/profile/generateapitoken/', { cookie });
    expect(plain.status).toBe(403);
    expect(plain.body).toContain('Токен выпускается только кнопкой в личном кабинете');
    expect((await pull(`/feed/${ymlId}.xml?token=${token}`)).status).toBe(200);
  });

  it("pulls the YML feed with the token: valid XML with shop, BYN, categories and offers at the company's prices", async () => {
    const res = await pull(`/feed/${ymlId}.xml?token=${token}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    const shop = doc.yml_catalog.shop;
    expect(shop.currencies.currency['@id']).toBe('BYN');
    expect(shop.categories.category.length).toBeGreaterThan(8);
    const offers = shop.offers.offer;
    expect(offers.length).toBeGreaterThan(5);
    for (const o of offers.slice(0, 5)) {
      expect(o).toHaveProperty('url');
      expect(o).toHaveProperty('picture');
      expect(o).toHaveProperty('vendor');
      expect(o).toHaveProperty('vendorCode');
      expect(o.currencyId).toBe('BYN');
      const retailPrice = Number([o.param].flat().find((p: { '@name': string }) => p['@name'] === 'Розничная цена, BYN')['#text']);
      // Brands 1 and 2 carry the company's 12 % and 10 % discounts.
      expect(Number(o.price)).toBeLessThan(retailPrice);
    }
  });

  it('answers 304 to a poller that has it (If-None-Match, If-Modified-Since), and logs every pull', async () => {
    const first = await pull(`/feed/${ymlId}.xml`, { 'x-api-token': token });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const again = await pull(`/feed/${ymlId}.xml`, { 'x-api-token': token, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const since = await pull(`/feed/${ymlId}.xml`, { authorization: `Bearer ${token}`, 'if-modified-since': first.headers.get('last-modified')! });
    expect(since.status).toBe(304);
    const list = (await admin.get('/web/profile/export/list/')).body.data;
    const item = list.items.find((i: { id: number }) => i.id === ymlId);
    expect(item.pull.count).toBeGreaterThanOrEqual(4);
    expect(item.pull.ip).toBeTruthy();
    expect(item.build.rows).toBeGreaterThan(5);
    expect(item.build.size).toBeGreaterThan(1000);
    expect(list.tokens.items.find((i: { name: string }) => i.name === 'Маркетплейс').lastUsedIp).toBeTruthy();
  });

  it("refuses: no credential 401, a wrong extension or another owner's list 404, another owner's token 404", async () => {
    const none = await pull(`/feed/${ymlId}.xml`);
    expect(none.status).toBe(401);
    expect((await none.json()).errors[0].code).toBe(101);
    // The owner's own list in another format: 404 that says where it is (issue 30).
    const otherFormat = await pull(`/feed/${ymlId}.csv?token=${token}`);
    expect(otherFormat.status).toBe(404);
    expect((await otherFormat.json()).errors[0].message).toBe(`Эта выгрузка — в формате YML: /feed/${ymlId}.xml`);
    expect((await pull(`/feed/abc.xml?token=${token}`)).status).toBe(404);
    const retailList = (await retail.post('/api/profile/export/add/', { ...FULL, title: 'Моя', source: 'all', format: 'csv' })).body.data;
    const company = await pull(`/feed/${retailList.id}.csv?token=${token}`);
    expect(company.status).toBe(404);
    // Another owner's list says nothing of itself, not even its format.
    expect((await company.json()).errors[0].message).toBe('Выгрузка не найдена');
    // The spec's GET, as the page's own script sends it (fetch metadata: same-origin, not a navigation).
    const retailToken = (await (await retail.raw('/web/profile/generateapitoken/', { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } })).json()).data.token;
    expect(retailToken).toMatch(/^instr_/);
    expect((await pull(`/feed/${ymlId}.xml?token=${retailToken}`)).status).toBe(404);
    // The retail customer's own feed, at retail prices (CSV: BOM, ";", decimal commas).
    const own = await pull(`/feed/${retailList.id}.csv?token=${retailToken}`);
    expect(own.status).toBe(200);
    const rows = parseCsv(Buffer.from(await own.arrayBuffer()), { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual(['Артикул', 'Наименование', 'Ваша цена, BYN', 'Розничная цена, BYN', 'Остаток, всего']);
    expect(rows.slice(1, 20).every((r) => r[2] === r[3])).toBe(true);
    // The session works as well (the download button in the personal area).
    expect((await retail.raw(`/feed/${retailList.id}.csv`)).status).toBe(200);
    expect((await retail.raw(`/feed/${ymlId}.xml`)).status).toBe(404);
  });

  it("a colleague's new token leaves the admin's working; he cannot revoke the admin's (403); revoking one stops only it (issue 28 #8)", async () => {
    const fresh = (await foreman.post('/web/profile/generateapitoken/', { name: 'Прорабская таблица' })).body.data;
    expect(fresh.item).toMatchObject({ name: 'Прорабская таблица', issuedBy: acc.employee.name, canRevoke: true });
    expect((await pull(`/feed/${ymlId}.xml?token=${token}`)).status).toBe(200);
    expect((await pull(`/feed/${ymlId}.xml?token=${fresh.token}`)).status).toBe(200);
    const mine = (await admin.get('/web/profile/getapitoken/')).body.data.items.find((i: { name: string }) => i.name === 'Маркетплейс');
    const refused = await foreman.post('/web/profile/revokeapitoken/', { id: mine.id });
    expect(refused.res.status).toBe(403);
    expect(refused.body.errors[0].message).toBe('Чужой токен может отозвать только администратор компании');
    expect((await pull(`/feed/${ymlId}.xml?token=${token}`)).status).toBe(200);
    // Another owner (a retail customer) knows nothing of the company's token: 404, and it keeps working.
    expect((await retail.post('/web/profile/revokeapitoken/', { id: mine.id })).res.status).toBe(404);
    expect((await foreman.post('/web/profile/revokeapitoken/', { id: 'один' })).res.status).toBe(422);
    expect((await foreman.post('/web/profile/revokeapitoken/', { id: fresh.item.id })).body.data).toEqual({ id: fresh.item.id });
    const old = await pull(`/feed/${ymlId}.xml?token=${fresh.token}`);
    expect(old.status).toBe(401);
    expect((await old.json()).errors[0].message).toMatch(/отозван/);
    expect((await pull(`/feed/${ymlId}.xml?token=${token}`)).status).toBe(200);
  });

  it('a token for some lists opens those and gets a Russian 403 on the others', async () => {
    const other = (await admin.post('/api/profile/export/add/', { ...FULL, title: 'Только для склада', format: 'csv' })).body.data.id as number;
    const scoped = (await admin.post('/web/profile/generateapitoken/', { name: 'Партнёр', lists: [ymlId] })).body.data;
    expect(scoped.item.lists).toEqual([{ id: ymlId, name: 'YML для маркетплейса' }]);
    expect((await pull(`/feed/${ymlId}.xml?token=${scoped.token}`)).status).toBe(200);
    const outside = await pull(`/feed/${other}.csv?token=${scoped.token}`);
    expect(outside.status).toBe(403);
    expect((await outside.json()).errors[0].message).toBe('Этот API-токен не открывает эту выгрузку. Выпустите токен для неё в личном кабинете.');
    // Naming a list of another owner makes nothing.
    const retailList = (await retail.post('/api/profile/export/add/', { ...FULL, title: 'Чужая', format: 'csv' })).body.data.id as number;
    const before = (await admin.get('/web/profile/getapitoken/')).body.data.items.length;
    // A malformed scope names the field in Russian (the fuzz found «lists: заполнено неверно»).
    const malformed = await admin.post('/web/profile/generateapitoken/', { name: 'Кривой', lists: ['abc', -1] });
    expect(malformed.res.status).toBe(422);
    expect(malformed.body.errors[0].message).toBe('Списки выгрузки: заполнено неверно');
    const bad = await admin.post('/web/profile/generateapitoken/', { name: 'Взлом', lists: [retailList] });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0].message).toBe('Выберите выгрузки из своего списка');
    expect((await admin.get('/web/profile/getapitoken/')).body.data.items.length).toBe(before);
    expect((await admin.post('/web/profile/generateapitoken/', { name: 'x'.repeat(61) })).res.status).toBe(422);
  });

  it('too many bad tokens from one address: 429 in Russian', async () => {
    let last: Response | null = null;
    for (let i = 0; i < 22; i++) last = await pull(`/feed/${ymlId}.xml?token=instr_${'x'.repeat(43)}`);
    expect(last!.status).toBe(429);
    expect((await last!.json()).errors[0].message).toMatch(/Слишком много попыток/);
  });
});
