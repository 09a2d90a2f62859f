/**
 * The W3C Nu Html Checker (vnu-jar, needs Java) over every storefront page type, as a guest with a
 * basket, a comparison and favourites, as a signed-in customer, and the personal area of a contractor
 * admin, the desk's content editor and a manager's orders and 1C pages: 0 errors. One checker run for
 * all pages (the JVM starts once).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { ensureJava } from '../helpers/java';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('html-validity');

const require = createRequire(import.meta.url);
const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string; lastLine?: number };

const guest = new Visitor();
const customer = new Visitor();
const editor = new Visitor();
const contractor = new Visitor();
const pages = new Map<string, { html: string; who: string }>();

async function fetchPage(v: Visitor, who: string, url: string, statuses = [200, 404]) {
  const res = await v.raw(url);
  expect(statuses, `${url}: HTTP ${res.status}`).toContain(res.status);
  pages.set(`${who} ${url}`, { html: await res.text(), who });
}

beforeAll(async () => {
  const { body: tree } = await guest.get('/web/section/list/');
  const top = tree.data.elektroinstrument;
  const mid = top.SUB_SECTIONS[0];
  const leaf = mid.SUB_SECTIONS[0];
  const { body: listing } = await guest.get(`/web/catalog/filter/clear/apply/?section_code=${leaf.CODE}`);
  const [a, b] = listing.data.items as { id: number; url: string }[];
  await guest.post('/api/basket/add/', { product: a!.id, quantity: 2 });
  await guest.post('/api/compare/add/', { product_id: a!.id });
  await guest.post('/api/compare/add/', { product_id: b!.id });
  await guest.post('/api/favorite/add/', { product_id: a!.id });
  const login = await customer.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD });
  expect(login.res.status).toBe(200);

  const guestPages = [
    '/', '/catalog/', top.URL, mid.URL, leaf.URL, `${leaf.URL}filter/in_stock-y/apply/`, '/catalog/hit/', '/catalog/novinki/', '/catalog/empty/',
    a!.url, '/brands/', '/brands/bosch/', '/search/?q=шуруповерт', '/search/?q=' + encodeURIComponent('самый мощный лобзик до 300 р кроме makita'), '/search/?q=' + encodeURIComponent('лобзик дешевле 1 р'), '/basket/', '/compare/', '/favourites/', '/e-order/', '/login/',
    '/actions/', '/filial/', '/filial/minsk/', '/where-buy/', '/media/', '/garant/', '/advantages/', '/agreement/', '/political/',
    '/dostavka-i-oplata/', '/o-kompanii/', '/circles/', '/guaranty-register/', '/request-feedback/', '/callback/', '/no-such-page/',
  ];
  for (const url of guestPages) await fetchPage(guest, 'guest', url);
  // An alert e-mail's links (issue 30) opened with a broken key: the page says so with 400.
  for (const url of ['/subscriptions/confirm/?key=broken', '/subscriptions/unsubscribe/?key=broken']) await fetchPage(guest, 'guest', url, [400]);
  // The alert forms' own page (a guest's e-mail field; a signed-in user's conditions).
  for (const kind of ['stock', 'price']) await fetchPage(guest, 'guest', `/subscriptions/new/?product=${a!.id}&kind=${kind}`);
  await fetchPage(customer, 'customer', `/subscriptions/new/?product=${a!.id}&kind=price`);
  for (const url of ['/', a!.url, leaf.URL, '/basket/']) await fetchPage(customer, 'customer', url);
  // Pages with an editor's picture, and the desk's content editor (issue 25).
  for (const url of ['/actions/osennyaya-rasprodazha-akkumulyatornogo-instrumenta/', '/media/katalog-elektroinstrumenta-2026/']) await fetchPage(guest, 'guest', url);
  // A task understood in the query (issue 27): its chip beside the results.
  await fetchPage(guest, 'guest', `/search/?q=${encodeURIComponent('чем резать керамогранит до 150 р')}`);
  // The personal area as a contractor admin works in it all day (issue 30: a <script> after </html>, aria-label on plain text).
  expect((await contractor.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD })).res.status).toBe(200);
  await contractor.post('/api/basket/add/', { product: a!.id, quantity: 1 });
  const personal = ['/personal/summary/', '/personal/orders/', '/personal/details/', '/personal/discounts/', '/personal/notifications/', '/personal/addresses/', '/personal/requests/', '/personal/requests/new/', '/personal/users/', '/personal/users/new/', '/personal/actions/', '/personal/consumables/', '/personal/subscriptions/', '/personal/unloading/', '/personal/unloading/new/', '/basket/', '/checkout/'];
  for (const url of personal) await fetchPage(contractor, 'contractor', url);
  const orderUrl = /href="(\/personal\/orders\/[^/"?]+\/)"/.exec(pages.get('contractor /personal/orders/')!.html)?.[1];
  const formUrl = /href="(\/personal\/requests\/new\/[^/"?]+\/)"/.exec(pages.get('contractor /personal/requests/new/')!.html)?.[1];
  expect(orderUrl, 'an order of the set in the list').toBeTruthy();
  expect(formUrl, 'a request form in the list').toBeTruthy();
  for (const url of [orderUrl!, formUrl!]) await fetchPage(contractor, 'contractor', url);
  expect((await editor.post('/api/authentication/', { login: acc.editor.email, password: PASSWORD })).res.status).toBe(200);
  for (const url of ['/desk/content/', '/desk/content/edit/?kind=promotion&code=osennyaya-rasprodazha-akkumulyatornogo-instrumenta', '/desk/content/edit/?kind=media&code=katalog-elektroinstrumenta-2026', '/desk/content/edit/?kind=page&code=garant', '/desk/content/edit/?kind=page', '/garant/', '/desk/search-tasks/', '/desk/search-tasks/?edit=new'])
    await fetchPage(editor, 'editor', url);
  // The desk as a manager works orders and 1C in it (decision 0360): the list, one order of the set, the exchange.
  const manager = new Visitor();
  expect((await manager.post('/api/authentication/', { login: acc.staff.email, password: PASSWORD })).res.status).toBe(200);
  for (const url of ['/desk/orders/', `/desk/orders/?q=${acc.company.unp}&from=2020-01-01`, `/desk/orders/${encodeURIComponent(acc.orders.adminNew)}/`, '/desk/exchange/']) await fetchPage(manager, 'manager', url);
});

describe('Nu Html Checker', () => {
  it('finds no error on any storefront page', () => {
    const java = ensureJava();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
    const names = new Map<string, string>();
    let i = 0;
    for (const [key, page] of pages) {
      const file = path.join(dir, `page-${++i}.html`);
      fs.writeFileSync(file, page.html);
      names.set(`file:${file}`, key);
    }
    let out = '';
    try {
      out = execFileSync(java, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', ...[...names.keys()].map((n) => n.slice(5))], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const report = JSON.parse(out.trim() || '{"messages":[]}') as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${names.get(m.url) ?? m.url} (line ${m.lastLine ?? '?'}): ${m.message} — ${(m.extract ?? '').trim().slice(0, 120)}`);
    expect(pages.size).toBeGreaterThan(35);
    expect(errors).toEqual([]);
  }, 600_000);
});
