/**
 * Issue 30, «Расходники для ваших инструментов»: a tool bought through the real checkout brings its
 * consumables to /personal/consumables/ (GET web/personal/consumables/), to the summary and to the
 * order's page — at the buyer's own prices, for whoever sees that order (the one visibility rule) and
 * for nobody else; a cancelled order brings nothing. The file's own sets; it buys from products 1–19.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { fixture } from '../helpers/fixtures';
import { pickupBody, placeOrder, russian, signedIn, stockedProducts } from '../helpers/shop';

const acc = fixture('consumables');
const rival = fixture('consumables-rival');

type Card = { id: number; url: string; price: number; personalPrice: number | null };
type Tool = { tool: { id: number; name: string; url: string; active: boolean; boughtAt: string }; items: Card[]; total: number; moreUrl: string };

let employee: Visitor;
let admin: Visitor;
let retail: Visitor;
let stranger: Visitor;
let tool: { id: number; code: string };
let toolConsumables: { items: Card[]; total: number };
let orderNumber = '';

const toolsOf = async (v: Visitor, page = 1): Promise<Tool[]> => {
  const { res, body } = await v.get(`/web/personal/consumables/?page=${page}`);
  expect(res.status, JSON.stringify(body.errors)).toBe(200);
  return body.data.tools;
};

beforeAll(async () => {
  [employee, admin, retail, stranger] = await Promise.all([signedIn(acc.employee.email), signedIn(acc.admin.email), signedIn(acc.retail.email), signedIn(rival.admin.email)]);
  // A drill of products 1–19 with consumables in the catalogue, bought by the employee for pickup.
  const candidates = await stockedProducts(1, 19, 2);
  for (const c of candidates) {
    const probe = new Visitor();
    await probe.post('/api/basket/add/', { product: c.id });
    const code = (await probe.get('/web/basket/products/')).body.data.grid.row[0].code as string;
    // The employee's own prices: the same call the product page's consumables block makes.
    const exp = (await employee.post('/api/product/expendableMaterials/', { code, pageSize: 4 })).body.data;
    if (exp.page_navigation.total > 0) {
      tool = { id: c.id, code };
      toolConsumables = { items: exp.items, total: exp.page_navigation.total };
      break;
    }
  }
  expect(tool, 'a product of 1–19 with consumables').toBeTruthy();
  await employee.post('/api/basket/clear/', {});
  expect((await employee.post('/api/basket/add/', { product: tool.id })).body.status).toBe('success');
  const placed = await placeOrder(employee, pickupBody({ email: acc.employee.email }));
  expect(placed.res.status, JSON.stringify(placed.body.errors)).toBe(200);
  orderNumber = placed.body.data.order_number;
}, 120_000);

describe('consumables for the tools bought', () => {
  it('the buyer sees the tool first, with its first consumables at his contract prices, as the product page lists them', async () => {
    const [first] = await toolsOf(employee);
    expect(first!.tool).toMatchObject({ id: tool.id, url: `/${tool.code}/`, active: true });
    expect(first!.total).toBe(toolConsumables.total);
    expect(first!.moreUrl).toBe(`/${tool.code}/#expendables`);
    expect(first!.items.map((c) => c.id)).toEqual(toolConsumables.items.map((c) => c.id));
    // One pricing home: the same prices as the product page's block, and the company's own (below retail).
    expect(first!.items.map((c) => c.personalPrice)).toEqual(toolConsumables.items.map((c) => c.personalPrice));
    expect(first!.items.every((c) => c.personalPrice !== null && c.personalPrice <= c.price)).toBe(true);
  });

  it('the company admin sees it too; another company and a retail customer never do', async () => {
    expect((await toolsOf(admin)).map((t) => t.tool.id)).toContain(tool.id);
    expect((await toolsOf(stranger)).map((t) => t.tool.id)).not.toContain(tool.id);
    expect((await toolsOf(retail)).map((t) => t.tool.id)).not.toContain(tool.id);
    // A retail customer's cards carry no contract price.
    for (const t of await toolsOf(retail)) for (const c of t.items) expect(c.personalPrice).toBeNull();
  });

  it('the summary leads with the newest tool’s first consumable; the order page shows its consumables; another company gets 404 for that page', async () => {
    const summary = (await employee.get('/web/profile/summary/')).body.data;
    expect(summary.consumables.url).toBe('/personal/consumables/');
    expect(summary.consumables.items[0].id).toBe(toolConsumables.items[0]!.id);
    expect(summary.consumables.items.length).toBeLessThanOrEqual(4);
    const page = await employee.raw(`/personal/orders/${encodeURIComponent(orderNumber)}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const block = /data-testid="order-consumables"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(block).toContain(`href="${toolConsumables.items[0]!.url}"`);
    expect(block).toContain('data-act="buy"');
    expect((await stranger.raw(`/personal/orders/${encodeURIComponent(orderNumber)}/`)).status).toBe(404);
    const listing = await employee.raw('/personal/consumables/');
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain(`data-tool="${tool.id}"`);
  });

  it('paging: a page past the end is empty with the total; a page that is no number is a Russian 422', async () => {
    const { body } = await employee.get('/web/personal/consumables/?page=999');
    expect(body.data.tools).toEqual([]);
    expect(body.data.page_navigation.total).toBeGreaterThanOrEqual(1);
    const bad = await employee.get('/web/personal/consumables/?page=два');
    expect(bad.res.status).toBe(422);
    expect(russian(bad.body.errors)).toBe(true);
    expect((await new Visitor().get('/web/personal/consumables/')).body.errors[0].code).toBe(101);
  });

  it('a cancelled order brings nothing: the tool leaves the list when its only order is cancelled', async () => {
    const cancelled = await employee.post('/api/profile/orders/cancel/', { order_number: orderNumber });
    expect(cancelled.res.status, JSON.stringify(cancelled.body.errors)).toBe(200);
    expect((await toolsOf(employee)).map((t) => t.tool.id)).not.toContain(tool.id);
  });
});
