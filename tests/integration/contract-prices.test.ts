/**
 * Issue 10's acceptance: a contractor sees the contract price on every page type and call that
 * shows a price, and a guest sees the retail price in the same places (so each case can fail both
 * ways). Each place is its own test: leaving the pricing step out of any one of them fails a test
 * named after it.
 *
 * The expected prices are computed here from the database rows (the company's general percent, its
 * rows per brand and per section with the section's ancestors, money in whole kopecks), not by
 * calling catalog/pricing.ts: a mistake in the one pricing function must not be repeated by the test.
 *
 * Own server: the file's data set is written and the rows are read (and one product is made the most popular hit, so that it leads
 * every listing it is in) before the server starts; PGlite cannot be read while the server runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, max } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { Visitor } from '../helpers/http';
import { ldOfType } from '../helpers/html';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { withoutPromotionPrices } from '../helpers/db';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { branches, brands, companies, companyDiscounts, productExpendables, products, sections, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

/** The file's own data set (tests/helpers/fixtures.ts), written into its own server's database: its admin is the contractor. */
const acc = fixture('contract-prices');
const CONTRACTOR = acc.admin.email;

type Priced = { id: number; code: string; retail: number; contract: number; brandId: number; sectionId: number; active: boolean };
/** What a product should cost: retail for everyone, contract for the contractor's company. */
const expected = new Map<string, Priced>();
/** The product followed through every place: most popular, a hit, in stock, with a brand discount above the general one. */
let P: { id: number; code: string; article: string; name: string; url: string; sectionId: number; sectionCode: string; sectionUrl: string; brandCode: string; percent: number };
/** A product with consumables (the expendables call and the basket's motivation block need one). */
let withConsumables: { id: number; code: string };
let branchCode: string;
/** Section codes and names by id (the listing and search checks pick a section). */
let sectionCodes: Map<number, string>;
let sectionNames: Map<number, string>;

/** The contract price from the rows, in kopecks: the best of the general, brand and section (with ancestors) percents. */
async function computeExpected(db: Db) {
  const [admin] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, CONTRACTOR));
  const [company] = await db.select().from(companies).where(eq(companies.id, admin!.companyId!));
  const rules = await db.select().from(companyDiscounts).where(eq(companyDiscounts.companyId, company!.id));
  const sectionRows = await db.select({ id: sections.id, parentId: sections.parentId, code: sections.code, name: sections.name }).from(sections);
  const parent = new Map(sectionRows.map((s) => [s.id, s.parentId]));
  sectionCodes = new Map(sectionRows.map((s) => [s.id, s.code]));
  sectionNames = new Map(sectionRows.map((s) => [s.id, s.name]));
  const general = Number(company!.discountPercent);
  const brandPct = (brandId: number) => Math.max(0, ...rules.filter((r) => r.brandId === brandId).map((r) => Number(r.percent)));
  const sectionPct = (sectionId: number) => {
    let best = 0;
    for (let id: number | null | undefined = sectionId; id != null; id = parent.get(id)) best = Math.max(best, ...rules.filter((r) => r.sectionId === id).map((r) => Number(r.percent)));
    return best;
  };
  const percentOf = (p: { brandId: number; sectionId: number }) => Math.min(100, Math.max(general, brandPct(p.brandId), sectionPct(p.sectionId)));
  const all = await db.select({ id: products.id, code: products.code, price: products.price, brandId: products.brandId, sectionId: products.sectionId, active: products.active }).from(products);
  for (const p of all) {
    const kopecks = Math.round(Number(p.price) * 100);
    expected.set(p.code, { id: p.id, code: p.code, retail: kopecks / 100, contract: Math.round((kopecks * (100 - percentOf(p))) / 100) / 100, brandId: p.brandId, sectionId: p.sectionId, active: p.active });
  }
  return { general, percentOf };
}

async function prepare(db: Db) {
  await writeFixture(db, acc);
  await withoutPromotionPrices(db);
  const { general, percentOf } = await computeExpected(db);
  const candidates = await db
    .select({ id: products.id, code: products.code, article: products.article, name: products.name, brandId: products.brandId, sectionId: products.sectionId, brandCode: brands.code })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.active, true), eq(products.canBuy, true), gt(products.stockQty, 5)))
    .orderBy(desc(products.popularity), products.id);
  const chosen = candidates.find((c) => percentOf(c) > general);
  if (!chosen) throw new Error('the demo data has no product with a discount above the general one');
  const [top] = await db.select({ n: max(products.popularity) }).from(products);
  await db.update(products).set({ popularity: (top!.n ?? 0) + 1000, isHit: true }).where(eq(products.id, chosen.id));
  const chain: { code: string; parentId: number | null }[] = [];
  for (let id: number | null = chosen.sectionId; id != null; ) {
    const [s] = await db.select({ code: sections.code, parentId: sections.parentId }).from(sections).where(eq(sections.id, id));
    chain.unshift(s!);
    id = s!.parentId;
  }
  P = { ...chosen, url: `/${chosen.code}/`, sectionCode: chain.at(-1)!.code, sectionUrl: `/catalog/${chain.map((s) => s.code).join('/')}/`, percent: percentOf(chosen) };
  const [fits] = await db
    .select({ id: products.id, code: products.code })
    .from(productExpendables)
    .innerJoin(products, eq(products.id, productExpendables.productId))
    .where(and(eq(products.active, true), eq(products.canBuy, true), gt(products.stockQty, 2)))
    .orderBy(products.id)
    .limit(1);
  withConsumables = fits!;
  const [branch] = await db.select({ code: branches.code }).from(branches).orderBy(branches.sort, branches.id).limit(1);
  branchCode = branch!.code;
}

// ---- what a place shows, read the way a visitor reads it -------------------------------------

type Shown = { code: string; price: number };

const codeOf = (url: string) => /^\/([^/?#]+)\/$/.exec(url)?.[1] ?? url;
/** «1 234,56 р.» → 1234.56 */
const money = (s: string) => Number(s.replace(/&nbsp;|\s/g, '').replace(/р\.$/, '').replace(',', '.'));
/** Islands rendered on the server put empty comments between text pieces. */
const clean = (html: string) => html.replace(/<!-- -->/g, '');

/** Product cards (components/ProductCard.astro): the price a card shows first. */
function cards(html: string): Shown[] {
  return [...clean(html).matchAll(/<article class="card">([\s\S]*?)<\/article>/g)].map((m) => ({
    code: /class="card__name" href="\/([^"/]+)\/"/.exec(m[1]!)![1]!,
    price: money(/<span class="price">([^<]+)<\/span>/.exec(m[1]!)![1]!),
  }));
}

/** Repeated blocks of an island, each starting at `marker`: the product link and the price matched by `price`. */
function blocks(html: string, marker: string, price: RegExp, link = /href="\/([^"/]+)\/"/): Shown[] {
  return clean(html)
    .split(marker)
    .slice(1)
    .map((part) => ({ code: link.exec(part)![1]!, price: money(price.exec(part)![1]!) }));
}

const fromCards = (items: { url: string; price: number; personalPrice: number | null }[]): Shown[] => items.map((c) => ({ code: codeOf(c.url), price: c.personalPrice ?? c.price }));

// ---- the two visitors ------------------------------------------------------------------------

let srv: OwnServer;
let contractor: Visitor;
let guest: Visitor;

async function page(v: Visitor, url: string): Promise<string> {
  const res = await v.raw(url);
  expect(res.status, url).toBe(200);
  return res.text();
}
async function json(v: Visitor, url: string, body?: unknown): Promise<any> {
  const r = body === undefined ? await v.get(url) : await v.post(url, body);
  expect(r.body.status, `${url}: ${JSON.stringify(r.body.errors)}`).toBe('success');
  return r.body.data;
}

/** The basket, favourites and comparison of a visitor hold P (and, in the basket, a tool with consumables). */
async function fillLists(v: Visitor) {
  await json(v, '/api/basket/add/', { product: P.id });
  await json(v, '/api/basket/add/', { product: withConsumables.id });
  await json(v, '/api/favorite/add/', { product_id: P.id });
  await json(v, '/api/compare/add/', { product_id: P.id });
}

let promotion: string;
let media: string;

beforeAll(async () => {
  srv = await startOwnServer({ products: 600, prepare });
  contractor = new Visitor(srv.base);
  const login = await contractor.post('/api/authentication/', { login: CONTRACTOR, password: PASSWORD });
  expect(login.body.status).toBe('success');
  guest = new Visitor(srv.base);
  await Promise.all([fillLists(contractor), fillLists(guest)]);
  // A running promotion and a media item that show products (whichever the content has today).
  const promos = (await json(guest, '/web/actions/')).items as { code: string }[];
  for (const p of promos) if (!promotion && (await json(guest, `/web/actions/${p.code}/`)).products.length) promotion = p.code;
  for (const m of ['obzor-ushm-125', 'kak-vybrat-perforator', 'katalog-elektroinstrumenta-2026', 'listovka-akkumulyatornaya-platforma'])
    if (!media && (await guest.get(`/web/media/materials/${m}/`)).body.data?.products?.length) media = m;
  expect(promotion, 'a running promotion with products').toBeTruthy();
  expect(media, 'a media item with products').toBeTruthy();
}, 240_000);

afterAll(async () => {
  await srv?.stop();
});

// ---- the places ------------------------------------------------------------------------------

type Place = {
  name: string;
  read: (v: Visitor) => Promise<Shown[]>;
  /** The place is about P (it must be among what is shown); otherwise whatever it shows is checked. */
  hasP?: boolean;
  contractorOnly?: boolean;
};

const places: Place[] = [
  { name: 'product page: the price box', hasP: true, read: async (v) => [{ code: P.code, price: money(/class="pricebox__price" data-testid="(?:personal|retail)-price">([^<]+)</.exec(await page(v, P.url))![1]!) }] },
  { name: 'product page: the cards under the product (kit variants, similar, consumables)', read: async (v) => cards(await page(v, P.url)) },
  { name: 'print version of the product page (/print-detail/)', hasP: true, read: async (v) => [{ code: P.code, price: money(/class="pricebox__price" data-testid="(?:personal|retail)-price">([^<]+)</.exec(await page(v, `/print-detail/?code=${P.code}`))![1]!) }] },
  { name: 'level-3 listing page', hasP: true, read: async (v) => cards(await page(v, P.sectionUrl)) },
  { name: 'brand page', hasP: true, read: async (v) => cards(await page(v, `/brands/${P.brandCode}/`)) },
  { name: 'search results page (/search/)', hasP: true, read: async (v) => cards(await page(v, `/search/?q=${encodeURIComponent(P.article)}`)) },
  { name: 'search suggestions (api/searchHeader/)', hasP: true, read: async (v) => fromCards((await json(v, '/api/searchHeader/', { query: P.article })).products) },
  { name: 'favourites page (/favourites/)', hasP: true, read: async (v) => blocks(await page(v, '/favourites/'), 'data-testid="favorite-item"', /data-testid="favorite-price">([^<]+)</) },
  { name: 'favourites call (web/favorite/)', hasP: true, read: async (v) => fromCards((await json(v, '/web/favorite/')).items) },
  { name: 'comparison page (/compare/)', hasP: true, read: async (v) => blocks(await page(v, '/compare/'), 'data-testid="compare-item"', /<b>([^<]+)<\/b>/) },
  {
    name: 'comparison call (web/compare/): the items and their «Цена» row',
    hasP: true,
    read: async (v) => {
      const items = Object.values((await json(v, '/web/compare/')).sections as Record<string, { items: { url: string; price: number; personalPrice: number | null; properties: { price: string } }[] }>).flatMap((s) => s.items);
      return [...fromCards(items), ...items.map((i) => ({ code: codeOf(i.url), price: money(i.properties.price) }))];
    },
  },
  { name: 'home page', hasP: true, read: async (v) => cards(await page(v, '/')) },
  { name: 'home call (web/main/)', hasP: true, read: async (v) => { const d = await json(v, '/web/main/'); return fromCards([...d.hits, ...d.novelties]); } },
  { name: 'promotion page (/actions/{code}/)', read: async (v) => cards(await page(v, `/actions/${promotion}/`)) },
  { name: 'promotion call (web/actions/{code}/)', read: async (v) => fromCards((await json(v, `/web/actions/${promotion}/`)).products) },
  { name: 'promotions for me (/personal/actions/{slug}/)', contractorOnly: true, read: async (v) => cards(await page(v, `/personal/actions/${promotion}/`)) },
  { name: 'disc selector (/circles/)', read: async (v) => cards(await page(v, '/circles/')) },
  { name: 'media page with products (/media/{slug}/)', read: async (v) => cards(await page(v, `/media/${media}/`)) },
  { name: 'media call (web/media/materials/{code}/)', read: async (v) => fromCards((await json(v, `/web/media/materials/${media}/`)).products) },
  { name: 'branch page (/filial/{code}/)', read: async (v) => cards(await page(v, `/filial/${branchCode}/`)) },
  { name: 'branch call (web/affiliates/{code}/)', read: async (v) => fromCards((await json(v, `/web/affiliates/${branchCode}/`)).products) },
  { name: 'basket page (/basket/): the rows', hasP: true, read: async (v) => blocks(await page(v, '/basket/'), '<li class="brow" data-testid="basket-row"', /<div class="brow__price"><b>([^<]+)<\/b>/, /class="brow__name" href="\/([^"/]+)\/"/) },
  {
    name: 'basket page (/basket/): the motivation block',
    read: async (v) => {
      const html = clean(await page(v, '/basket/'));
      const block = html.slice(html.indexOf('data-testid="motivation-block"'));
      return blocks(block.slice(0, block.indexOf('</ul>')), '<li', /<span>([^<]+)<\/span>/);
    },
  },
  { name: 'basket call (web/basket/products/): the rows', hasP: true, read: async (v) => (await json(v, '/web/basket/products/?pageSize=200')).grid.row.map((r: { url: string; price: number }) => ({ code: codeOf(r.url), price: r.price })) },
  { name: 'basket call (web/basket/products/): the motivation block', read: async (v) => fromCards((await json(v, '/web/basket/products/')).motivation_block.products) },
  { name: 'quick order (api/basket/find/)', hasP: true, read: async (v) => (await json(v, '/api/basket/find/', { search: `${P.article} 2` })).rows.map((r: { product: { url: string; price: number } }) => ({ code: codeOf(r.product.url), price: r.product.price })) },
  { name: 'listing call (web/catalog/filter/…/apply/)', hasP: true, read: async (v) => fromCards((await json(v, `/web/catalog/filter/clear/apply/?section_code=${P.sectionCode}`)).items) },
  { name: 'brand listing call (web/brands/{code}/)', hasP: true, read: async (v) => fromCards((await json(v, `/web/brands/${P.brandCode}/`)).items) },
  { name: 'section call (api/catalog/section/)', hasP: true, read: async (v) => fromCards((await json(v, '/api/catalog/section/', { section_code: P.sectionCode })).items) },
  { name: 'card call (api/catalog/product/)', hasP: true, read: async (v) => fromCards([await json(v, '/api/catalog/product/', { productId: P.id })]) },
  { name: 'find by article (api/catalog/find/)', hasP: true, read: async (v) => fromCards((await json(v, '/api/catalog/find/', { search: P.article })).items) },
  { name: 'similar products (api/catalog/similar/)', read: async (v) => fromCards((await json(v, `/api/catalog/similar/?product_id=${P.id}`)).items) },
  {
    name: 'product detail call (web/product/detail/{code}/): the product, its kit variants and similar',
    hasP: true,
    read: async (v) => {
      const d = await json(v, `/web/product/detail/${P.code}/`);
      return fromCards([d.product, ...d.line, ...d.similar]);
    },
  },
  { name: 'consumables call (api/product/expendableMaterials/)', read: async (v) => fromCards((await json(v, '/api/product/expendableMaterials/', { code: withConsumables.code })).items) },
  { name: 'checkout call (/web/orderCheckout/)', hasP: true, read: async (v) => (await json(v, '/web/orderCheckout/')).basket.items.map((i: { url: string; price: number }) => ({ code: codeOf(i.url), price: i.price })) },
  { name: 'checkout page (/checkout/)', hasP: true, read: async (v) => blocks(await page(v, '/checkout/'), 'data-testid="checkout-line"', /×\s*([^<]+)</) },
  {
    name: 'repeat-order preview (web/profile/basket/{order}/)',
    contractorOnly: true,
    read: async (v) => {
      const order = (await json(v, '/web/profile/orders/')).orders[0].order_number;
      return (await json(v, `/web/profile/basket/${encodeURIComponent(order)}/`)).items.filter((i: { url: string | null }) => i.url).map((i: { url: string; price: number }) => ({ code: codeOf(i.url), price: i.price }));
    },
  },
  {
    name: 'discounts page examples (web/personal/discounts/)',
    contractorOnly: true,
    read: async (v) => {
      const d = await json(v, '/web/personal/discounts/');
      return [d.base, ...d.brands, ...d.sections].filter((x) => x.example).map((x: { example: { url: string; yourPrice: number } }) => ({ code: codeOf(x.example.url), price: x.example.yourPrice }));
    },
  },
  {
    name: 'CSV export of the company (/feed/{id}.csv, «Ваша цена»)',
    contractorOnly: true,
    read: async (v) => {
      const list = (await json(v, '/web/profile/export/list/')).items.find((i: { format: string }) => i.format === 'csv');
      const res = await v.raw(list.feedPath);
      expect(res.status).toBe(200);
      const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];
      return rows.map((r) => ({ code: codeOf(new URL(r['Ссылка на товар']!).pathname), price: money(r['Ваша цена, BYN']!) }));
    },
  },
];

function check(shown: Shown[], hasP: boolean | undefined, price: (e: Priced) => number) {
  expect(shown.length, 'the place shows products').toBeGreaterThan(0);
  if (hasP) expect(shown.map((s) => s.code)).toContain(P.code);
  // Contract and retail differ for what is shown, so this place can tell a retail price from a contract one.
  expect(shown.some((s) => expected.get(s.code)!.contract !== expected.get(s.code)!.retail)).toBe(true);
  for (const s of shown) expect({ code: s.code, price: s.price }).toEqual({ code: s.code, price: price(expected.get(s.code)!) });
}

describe('the contractor sees the contract price', () => {
  it('the followed product has a discount above the general one (a brand or section rule)', () => {
    expect(P.percent).toBeGreaterThan(7);
    expect(expected.get(P.code)!.contract).toBeLessThan(expected.get(P.code)!.retail);
  });

  for (const place of places) it(place.name, async () => check(await place.read(contractor), place.hasP, (e) => e.contract));

  it('the basket totals add up the contract prices', async () => {
    const d = await json(contractor, '/web/basket/products/?pageSize=200');
    const rows = d.grid.row as { url: string; quantity: number; sum: number }[];
    const sum = rows.reduce((s, r) => s + Math.round(expected.get(codeOf(r.url))!.contract * r.quantity * 100), 0) / 100;
    expect(d.info.sum).toBeCloseTo(sum, 2);
    expect(d.info.discount_sum).toBeGreaterThan(0);
  });

  // Search engines see one public offer: the retail price. A contractor's terms are never published
  // in markup a crawler (or a shared cache) could keep, so the contractor's page carries retail too.
  it('product page JSON-LD keeps the retail offer', async () => {
    const ld = ldOfType(await page(contractor, P.url), 'Product');
    expect(Number(ld!.offers.price)).toBe(expected.get(P.code)!.retail);
  });
});

describe('a guest sees the retail price in the same places', () => {
  for (const place of places.filter((p) => !p.contractorOnly)) it(place.name, async () => check(await place.read(guest), place.hasP, (e) => e.retail));

  it('product page JSON-LD: the retail offer', async () => {
    const ld = ldOfType(await page(guest, P.url), 'Product');
    expect(Number(ld!.offers.price)).toBe(expected.get(P.code)!.retail);
  });
});

// ---- filtering and sorting by price use the price the viewer sees ---------------------------------

const sortedBy = (codes: string[], price: (e: Priced) => number) => codes.every((c, i) => i === 0 || price(expected.get(codes[i - 1]!)!) <= price(expected.get(c)!));
/** Active products of a leaf section whose order by contract price is not their order by retail price. */
function sectionWithSwappedOrder(): { sectionId: number; code: string; items: Priced[] } {
  const bySection = new Map<number, Priced[]>();
  for (const e of expected.values()) if (e.active) bySection.set(e.sectionId, [...(bySection.get(e.sectionId) ?? []), e]);
  for (const [sectionId, items] of bySection) {
    const byRetail = [...items].sort((a, b) => a.retail - b.retail || a.id - b.id);
    if (items.length <= 100 && !sortedBy(byRetail.map((i) => i.code), (e) => e.contract)) return { sectionId, code: sectionCodes.get(sectionId)!, items };
  }
  throw new Error('the demo data has no section where contract prices change the order');
}
describe('price filter, price range and price sort follow the price the viewer sees', () => {
  it('listing sorted by price: the contractor\'s order is by contract price, the guest\'s by retail', async () => {
    const { code, items } = sectionWithSwappedOrder();
    const read = async (v: Visitor, sort: string) => ((await json(v, `/web/catalog/filter/clear/apply/?section_code=${code}&sort=${sort}&page_size=100`)).items as { url: string }[]).map((i) => codeOf(i.url));
    for (const [v, price] of [[contractor, (e: Priced) => e.contract], [guest, (e: Priced) => e.retail]] as const) {
      const asc = await read(v, 'price_asc');
      expect([...asc].sort(), 'the whole section is listed').toEqual(items.map((i) => i.code).sort());
      expect(sortedBy(asc, price), `cheapest first: ${asc.map((c) => price(expected.get(c)!)).join(' ')}`).toBe(true);
      const desc = await read(v, 'price_desc');
      expect(sortedBy([...desc].reverse(), price), 'dearest first').toBe(true);
    }
  });

  it('price filter «до N»: the contractor gets what costs them up to N, the guest what costs up to N at retail', async () => {
    // N is P's contract price: within it for the contractor, above it at retail.
    const to = expected.get(P.code)!.contract;
    const url = `/web/catalog/filter/price-to-${to}/apply/?section_code=${P.sectionCode}&page_size=100`;
    const inSection = [...expected.values()].filter((e) => e.active && sectionCodes.get(e.sectionId) === P.sectionCode);
    const mine = ((await json(contractor, url)).items as { url: string }[]).map((i) => codeOf(i.url)).sort();
    const theirs = ((await json(guest, url)).items as { url: string }[]).map((i) => codeOf(i.url)).sort();
    expect(mine).toContain(P.code);
    expect(theirs).not.toContain(P.code);
    expect(mine).toEqual(inSection.filter((e) => e.contract <= to).map((e) => e.code).sort());
    expect(theirs).toEqual(inSection.filter((e) => e.retail <= to).map((e) => e.code).sort());
  });

  it('a range of exactly the contract price of the most discounted product lists it (the retail pre-filter is never too tight)', async () => {
    const deepest = [...expected.values()].filter((e) => e.active).sort((a, b) => b.retail - b.contract - (a.retail - a.contract) || b.retail - a.retail)[0]!;
    expect(deepest.contract).toBeLessThan(deepest.retail);
    const inSegment = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
    const url = `/web/catalog/filter/price-from-${inSegment(deepest.contract)}-to-${inSegment(deepest.contract)}/apply/?section_code=${sectionCodes.get(deepest.sectionId)}&page_size=100`;
    const mine = ((await json(contractor, url)).items as { url: string }[]).map((i) => codeOf(i.url));
    expect(mine).toContain(deepest.code);
    for (const c of mine) expect(expected.get(c)!.contract).toBe(deepest.contract);
  });

  it('price range of the filter panel (web/filter/): contract prices for the contractor, retail for the guest', async () => {
    const inSection = [...expected.values()].filter((e) => e.active && sectionCodes.get(e.sectionId) === P.sectionCode);
    for (const [v, price] of [[contractor, (e: Priced) => e.contract], [guest, (e: Priced) => e.retail]] as const) {
      const range = (await json(v, `/web/filter/?section_code=${P.sectionCode}`)).facets.price;
      expect(range).toEqual({ min: Math.min(...inSection.map(price)), max: Math.max(...inSection.map(price)) });
    }
    expect(Math.min(...inSection.map((e) => e.contract))).toBeLessThan(Math.min(...inSection.map((e) => e.retail)));
  });

  it('favourites sorted by price: by contract price for the contractor', async () => {
    // Two products whose order by retail price is the opposite of their order by contract price.
    const list = [...expected.values()].filter((e) => e.active).sort((a, b) => a.retail - b.retail);
    let pair: [Priced, Priced] | null = null;
    for (let i = 0; i < list.length && !pair; i++)
      for (let j = i + 1; j < Math.min(list.length, i + 40) && !pair; j++) if (list[i]!.retail < list[j]!.retail && list[i]!.contract > list[j]!.contract) pair = [list[i]!, list[j]!];
    expect(pair, 'two products whose prices swap order').not.toBeNull();
    const [cheapRetail, cheapContract] = pair!;
    const v = new Visitor(srv.base);
    expect((await v.post('/api/authentication/', { login: CONTRACTOR, password: PASSWORD })).body.status).toBe('success');
    const g = new Visitor(srv.base);
    for (const who of [v, g]) for (const e of pair!) await json(who, '/api/favorite/add/', { product_id: e.id });
    const order = async (who: Visitor, sort: string) =>
      ((await json(who, `/web/favorite/?sort=${sort}`)).items as { url: string }[]).map((i) => codeOf(i.url)).filter((c) => c === cheapRetail.code || c === cheapContract.code);
    expect(await order(v, 'price_asc')).toEqual([cheapContract.code, cheapRetail.code]);
    expect(await order(v, 'price_desc')).toEqual([cheapRetail.code, cheapContract.code]);
    expect(await order(g, 'price_asc')).toEqual([cheapRetail.code, cheapContract.code]);
  });

  it('search results sorted by price (/search/): by contract price for the contractor', async () => {
    const { items } = sectionWithSwappedOrder();
    // Their articles, one query each would list one product: the section's name finds them all.
    const sectionName = sectionNames.get(items[0]!.sectionId)!;
    const codes = async (v: Visitor) => cards(await page(v, `/search/?q=${encodeURIComponent(sectionName)}&sort=price_asc`)).map((c) => c.code);
    const mine = await codes(contractor);
    const theirs = await codes(guest);
    expect(mine.length).toBeGreaterThan(1);
    expect(sortedBy(mine, (e) => e.contract), `contractor: ${mine.map((c) => expected.get(c)!.contract).join(' ')}`).toBe(true);
    expect(sortedBy(theirs, (e) => e.retail), `guest: ${theirs.map((c) => expected.get(c)!.retail).join(' ')}`).toBe(true);
    // The results hold products whose two orders differ, so the check above can tell them apart.
    expect(sortedBy(mine, (e) => e.retail) && sortedBy(theirs, (e) => e.contract)).toBe(false);
  });
});
