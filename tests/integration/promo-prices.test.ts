/**
 * Promotions that price (issue 25, decision 0240), on a server of this file's own — a rule changes
 * prices for every visitor, so it must not meet the shared server's catalogue other files read.
 * An editor saves a promotion with a 15 % rule on one brand, starting a few seconds later: before
 * the start nothing changes; while it runs the product page (crossed-out price, badge, JSON-LD
 * price and priceValidUntil), the listing (price, price filter, price sort), search, the basket
 * and a guest's order all carry the promotion's price; a contractor with a 7 % discount pays the
 * lower price; a second, weaker rule on the same brand does not stack; a retail-only rule leaves the
 * contractor's price alone; at the end every price reverts and the order keeps what was paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { Visitor } from '../helpers/http';
import { placeOrder } from '../helpers/shop';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { brands, products, sections } from '../../src/server/db/schema';
import { discountedPrice } from '../../src/server/lib/money';

const acc = fixture('promo-prices');
const run = Date.now().toString(36);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Picked = { id: number; code: string; article: string; price: number; brandId: number; brandCode: string; sectionCode: string };
let server: OwnServer;
/** P: the promoted brand's product; Q: another brand's product in the same section. */
let P: Picked;
let Q: Picked;

beforeAll(async () => {
  server = await startOwnServer({
    products: 120,
    env: { CHANGE_POLL_MS: '100' },
    prepare: async (db) => {
      await writeFixture(db, acc);
      const cols = { id: products.id, code: products.code, article: products.article, price: products.price, brandId: products.brandId, brandCode: brands.code, sectionCode: sections.code, sectionId: products.sectionId };
      const buyable = and(eq(products.active, true), eq(products.canBuy, true), gte(products.stockQty, 3));
      const [p] = await db.select(cols).from(products).innerJoin(brands, eq(brands.id, products.brandId)).innerJoin(sections, eq(sections.id, products.sectionId)).where(buyable).orderBy(products.id).limit(1);
      const [q] = await db
        .select(cols)
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(sections, eq(sections.id, products.sectionId))
        .where(and(buyable, ne(products.brandId, p!.brandId), sql`${products.price} > 2`))
        .orderBy(products.id)
        .limit(1);
      P = { ...p!, price: Number(p!.price) };
      Q = { ...q!, price: Number(q!.price) };
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function signedIn(email: string): Promise<Visitor> {
  const v = new Visitor(server.base);
  const r = await v.post('/api/authentication/', { login: email, password: PASSWORD });
  if (r.body.status !== 'success') throw new Error(`login ${email}: ${JSON.stringify(r.body.errors)}`);
  return v;
}

/** What the guest's product page prints: the JSON-LD offer and whether the badge is there. */
async function productPage(v: Visitor, p: Picked) {
  const html = await (await v.raw(`/${p.code}/`)).text();
  const offer = /"offers":\{[^}]*"price":"([\d.]+)"[^}]*?\}/.exec(html);
  return { price: Number(offer?.[1]), validUntil: /"priceValidUntil":"([\d-]+)"/.exec(html)?.[1] ?? null, badge: html.includes('data-testid="promo-badge"'), crossed: /<s><span class="visually-hidden">[^<]*<\/span>([^<]+)<\/s>/.exec(html)?.[1] ?? null };
}

const card = async (v: Visitor, p: Picked, filter = 'clear') => {
  const items = (await v.get(`/web/catalog/filter/${filter}/apply/?section_code=${p.sectionCode}&page_size=100`)).body.data.items as any[];
  return items.find((c) => c.id === p.id) ?? null;
};

/** `from`: the moment the dates count from — one for promotions that must start and end together. */
const promotion = (code: string, startsIn: number, endsIn: number, discount: Record<string, unknown>, from = Date.now()) => ({
  kind: 'promotion', code, title: `Акция ${code}`, preview: 'Скидка на бренд.', body: 'Условия акции.', status: 'published',
  starts: new Date(from + startsIn).toISOString(), ends: new Date(from + endsIn).toISOString(), discount,
});

describe('a promotion with a price rule', () => {
  it('a rule that names nothing, or codes the catalogue has not, is refused in Russian and nothing is saved', async () => {
    const editor = await signedIn(acc.editor.email);
    const empty = await editor.post('/api/desk/content/save/', promotion(`pr-${run}-empty`, 0, 60_000, { percent: 15 }));
    expect([empty.res.status, empty.body.errors[0].message]).toEqual([422, 'Разделы скидки: укажите, на что действует скидка: разделы, бренды или артикулы']);
    const unknown = await editor.post('/api/desk/content/save/', promotion(`pr-${run}-unknown`, 0, 60_000, { percent: 15, brands: [P.brandCode, 'no-such-brand'] }));
    expect([unknown.res.status, unknown.body.errors[0].message]).toEqual([422, 'Бренды скидки: таких кодов нет в каталоге — no-such-brand']);
    const both = await editor.post('/api/desk/content/save/', promotion(`pr-${run}-both`, 0, 60_000, { percent: 15, price: 10, brands: [P.brandCode] }));
    expect(both.res.status).toBe(422);
    expect((await editor.get(`/api/desk/content/list/?q=pr-${run}`)).body.data.page_navigation.total).toBe(0);
    const customer = await signedIn(acc.retail.email);
    const refused = await customer.post('/api/desk/content/save/', promotion(`pr-${run}-customer`, 0, 60_000, { percent: 15, brands: [P.brandCode] }));
    expect(refused.res.status).toBe(403);
  });

  it('prices nothing before its start, everything while it runs, and reverts at its end; the order keeps its price', async () => {
    const editor = await signedIn(acc.editor.email);
    const guest = new Visitor(server.base);
    const contractor = await signedIn(acc.admin.email);
    const promo = discountedPrice(P.price, 15);

    // Wide enough for the checks of each phase on two busy cores (a full run's requests take up to ~1 s each).
    const startsIn = 15_000;
    const endsIn = 50_000;
    const saved = Date.now();
    const main = await editor.post('/api/desk/content/save/', promotion(`pr-${run}-brand`, startsIn, endsIn, { percent: 15, brands: [P.brandCode], contractors: true }, saved));
    expect(main.res.status).toBe(200);
    // A weaker rule on the same brand at the same time: the best one wins, never both.
    expect((await editor.post('/api/desk/content/save/', promotion(`pr-${run}-weak`, startsIn, endsIn, { percent: 5, brands: [P.brandCode], contractors: true }, saved))).res.status).toBe(200);
    // A fixed price for retail shoppers only.
    const fixed = Math.round((Q.price - 1) * 100) / 100;
    expect((await editor.post('/api/desk/content/save/', promotion(`pr-${run}-retail`, startsIn, endsIn, { price: fixed, articles: [Q.article] }, saved))).res.status).toBe(200);

    // The contractor's YML feed of the brand («always» rebuilt), pulled by his integration with a conditional GET.
    const feedId = (await contractor.post('/api/profile/export/add/', { title: 'YML бренда', source: 'brands', brandIds: [P.brandId], fields: ['article', 'name', 'my_price'], format: 'yml', schedule: 'always' })).body.data.id;
    const token = (await contractor.post('/web/profile/generateapitoken/')).body.data.token as string;
    const feed = async (etag?: string) => {
      const res = await fetch(`${server.base}/feed/${feedId}.xml?token=${token}`, { headers: etag ? { 'if-none-match': etag } : {} });
      const xml = res.status === 200 ? await res.text() : '';
      const offer = xml.split('</offer>').find((o) => o.includes(`<vendorCode>${P.article}</vendorCode>`)) ?? '';
      return { status: res.status, etag: res.headers.get('etag') ?? '', price: Number(/<price>([\d.]+)<\/price>/.exec(offer)?.[1]) };
    };

    // Before the start: nothing changes.
    expect(await productPage(guest, P)).toMatchObject({ price: P.price, validUntil: null, badge: false });
    expect(await card(guest, P)).toMatchObject({ price: P.price, promo: null });
    // The contractor's own terms (7 % and the set's brand and section discounts), below retail but above 15 %.
    const contract = (await card(contractor, P)).personalPrice as number;
    const contractQ = (await card(contractor, Q)).personalPrice as number;
    expect(contract).toBeLessThan(P.price);
    expect(promo).toBeLessThan(contract);
    const feedBefore = await feed();
    expect(feedBefore).toMatchObject({ status: 200, price: contract });
    expect((await feed(feedBefore.etag)).status).toBe(304);
    expect(Date.now() - saved).toBeLessThan(startsIn);

    await sleep(Math.max(0, saved + startsIn + 700 - Date.now()));
    // Running: the product page (cached for guests before — the schedule dropped it).
    const page = await productPage(guest, P);
    expect(page).toMatchObject({ price: promo, badge: true });
    expect(page.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.crossed?.replace(/\s| /g, '')).toContain(P.price.toFixed(2).replace('.', ','));
    // The listing: price, the crossed-out price, the badge, the price filter (SQL) and the sort.
    expect(await card(guest, P)).toMatchObject({ price: promo, oldPrice: P.price, promo: { code: `pr-${run}-brand`, percent: 15, url: `/actions/pr-${run}-brand/` } });
    const below = Math.floor(((promo + P.price) / 2) * 100) / 100;
    expect(await card(guest, P, `price-to-${below}`)).not.toBeNull();
    expect(await card(guest, Q)).toMatchObject({ price: fixed, oldPrice: Q.price, promo: { code: `pr-${run}-retail` } });
    // Search (the header call) prices the same way.
    const found = ((await guest.post(`/api/searchHeader/`, { query: P.article })).body.data.products as any[]).find((x) => x.id === P.id);
    expect(found).toMatchObject({ price: promo, oldPrice: P.price });
    // A promotion's page lists what its rule makes cheaper, though the editor referenced no product.
    const brandPage = await (await guest.raw(`/actions/pr-${run}-brand/`)).text();
    expect(brandPage).toContain(`href="/${P.code}/"`);
    expect(brandPage).not.toContain(`href="/${Q.code}/"`);
    const retailPage = await (await guest.raw(`/actions/pr-${run}-retail/`)).text();
    expect(retailPage.match(/<article class="card"/g)?.length).toBe(1);
    expect(retailPage).toContain(`href="/${Q.code}/"`);
    // The contractor pays the lower of his own terms and the promotion's 15 %; the retail-only rule is not his.
    expect(await card(contractor, P)).toMatchObject({ personalPrice: promo, promo: { code: `pr-${run}-brand` } });
    expect(await card(contractor, Q)).toMatchObject({ personalPrice: contractQ, promo: null });
    // The feed is not «unchanged» for the integration that pulled it before the start.
    const feedRunning = await feed(feedBefore.etag);
    expect(feedRunning).toMatchObject({ status: 200, price: promo });
    // The basket and the order a guest places.
    expect((await guest.post('/api/basket/add/', { product: P.id, quantity: 2 })).body.status).toBe('success');
    const row = ((await guest.get('/web/basket/products/')).body.data.grid.row as any[]).find((r) => r.product_id === P.id);
    expect(row).toMatchObject({ price: promo, base_price: P.price, discount_percent: 15, sum: Math.round(promo * 200) / 100 });
    // The contractor's line says the promotion's own «−15 %», not how far its kopeck-rounded price is below retail.
    expect((await contractor.post('/api/basket/add/', { product: P.id, quantity: 1 })).body.status).toBe('success');
    const contractorRow = ((await contractor.get('/web/basket/products/')).body.data.grid.row as any[]).find((r) => r.product_id === P.id);
    expect(contractorRow).toMatchObject({ price: promo, base_price: P.price, discount_percent: 15 });
    const order = await placeOrder(guest, { idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: 1, name: 'Алексей Тестов', phone: '+375 29 123-45-67', email: `promo-${run}@example.by`, payment: 'cash' });
    expect(order.res.status).toBe(200);
    expect(order.body.data.total).toBe(Math.round(promo * 200) / 100);
    expect(Date.now() - saved).toBeLessThan(endsIn);

    await sleep(Math.max(0, saved + endsIn + 700 - Date.now()));
    // Ended: every price reverts by itself; the order keeps the price it was placed at.
    expect(await productPage(guest, P)).toMatchObject({ price: P.price, validUntil: null, badge: false });
    expect(await card(guest, P)).toMatchObject({ price: P.price, promo: null });
    expect(await card(guest, Q)).toMatchObject({ price: Q.price, promo: null });
    expect((await card(contractor, P)).personalPrice).toBe(contract);
    expect(await feed(feedRunning.etag)).toMatchObject({ status: 200, price: contract });
    const confirmation = await (await guest.raw(order.body.data.url)).text();
    expect(confirmation.replace(/\s| /g, '')).toContain((Math.round(promo * 200) / 100).toFixed(2).replace('.', ','));
  }, 150_000);
});
