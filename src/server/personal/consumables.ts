/**
 * «Расходники для ваших инструментов» (issue 30): for the tools in the orders this viewer sees (the one
 * order-visibility rule, orders/access.ts — a company admin's company, an employee's own unless he has
 * `company_orders`), the consumables the catalogue links to them (`product_expendables`, the product
 * page's «Расходники» block), at the viewer's own prices (catalog/pricing.ts) with stock and «В корзину».
 * Newest purchase first; a tool bought again moves up. Cancelled orders do not count.
 *
 * The personal page pages by tool; the summary and an order's page show a short strip (`consumablesStrip`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import type { Viewer } from '../http/guard';
import { orders } from '../db/schema';
import { visibleTo } from '../orders/access';
import { loadPricing } from '../catalog/pricing';
import { cardsByIds, type ProductCard } from '../catalog/cards';
import { pageNavigation, type PageNavigation } from '../http/paging';

/** Tools per page of /personal/consumables/, and consumables shown under each (the product page has the rest). */
export const CONSUMABLES_TOOLS_PER_PAGE = 6;
export const CONSUMABLES_PER_TOOL = 4;
/** Cards in the strip on the summary and on an order's page. */
export const CONSUMABLES_STRIP = 4;

export type ToolConsumables = {
  tool: { id: number; name: string; url: string; active: boolean; boughtAt: string };
  items: ProductCard[];
  /** All consumables of the tool; `moreUrl` shows them on the tool's page. */
  total: number;
  moreUrl: string;
};
export type ConsumablesPage = { tools: ToolConsumables[]; page_navigation: PageNavigation; url: string };

type ToolRow = { id: number; name: string; code: string; active: boolean; bought_at: Date | string; total: number };

/** The tools (products with consumables) in the viewer's visible, not cancelled orders — optionally one order's. */
async function boughtTools(db: Db, viewer: Viewer, opts: { limit: number; offset: number; orderId?: number }): Promise<ToolRow[]> {
  const oneOrder: SQL = opts.orderId ? sql`AND ${orders.id} = ${opts.orderId}` : sql``;
  return queryRows<ToolRow>(db, sql`
    SELECT p.id, p.name, p.code, p.active, max(${orders.createdAt}) AS bought_at, count(*) OVER ()::int AS total
    FROM ${orders}
    JOIN order_items i ON i.order_id = ${orders.id}
    JOIN products p ON p.id = i.product_id
    WHERE ${visibleTo(viewer)} AND ${orders.status} <> 'cancelled' ${oneOrder}
      AND EXISTS (SELECT 1 FROM product_expendables e JOIN products m ON m.id = e.material_id AND m.active WHERE e.product_id = p.id)
    GROUP BY p.id, p.name, p.code, p.active
    ORDER BY bought_at DESC, p.id
    LIMIT ${opts.limit} OFFSET ${opts.offset}`);
}

/** The first `perTool` consumables of each tool in the product page's order, and how many each has. */
async function consumablesOf(db: Db, toolIds: number[], perTool: number): Promise<Map<number, { ids: number[]; total: number }>> {
  const out = new Map<number, { ids: number[]; total: number }>();
  if (!toolIds.length) return out;
  const rows = await queryRows<{ tool_id: number; material_id: number; rn: number; total: number }>(db, sql`
    SELECT * FROM (
      SELECT e.product_id AS tool_id, e.material_id,
             row_number() OVER (PARTITION BY e.product_id ORDER BY e.sort, e.material_id)::int AS rn,
             count(*) OVER (PARTITION BY e.product_id)::int AS total
      FROM product_expendables e JOIN products m ON m.id = e.material_id AND m.active
      WHERE e.product_id IN (${sql.join(toolIds.map((id) => sql`${id}`), sql`, `)})
    ) x WHERE rn <= ${perTool} ORDER BY tool_id, rn`);
  for (const r of rows) {
    const entry = out.get(Number(r.tool_id)) ?? { ids: [], total: Number(r.total) };
    entry.ids.push(Number(r.material_id));
    out.set(Number(r.tool_id), entry);
  }
  return out;
}

async function withConsumables(db: Db, viewer: Viewer, tools: ToolRow[], perTool: number): Promise<ToolConsumables[]> {
  const [pricing, linked] = await Promise.all([loadPricing(db, viewer), consumablesOf(db, tools.map((t) => Number(t.id)), perTool)]);
  const cards = new Map((await cardsByIds(db, pricing, [...new Set([...linked.values()].flatMap((l) => l.ids))])).map((c) => [c.id, c]));
  return tools.map((t) => {
    const l = linked.get(Number(t.id)) ?? { ids: [], total: 0 };
    const url = `/${t.code}/`;
    return {
      tool: { id: Number(t.id), name: t.name, url, active: t.active, boughtAt: new Date(t.bought_at).toISOString() },
      items: l.ids.map((id) => cards.get(id)).filter((c): c is ProductCard => !!c),
      total: l.total,
      moreUrl: `${url}#expendables`,
    };
  });
}

/** GET web/personal/consumables/ and /personal/consumables/: one page of tools, each with its first consumables. */
export async function consumablesForTools(db: Db, viewer: Viewer, page = 1): Promise<ConsumablesPage> {
  const pageSize = CONSUMABLES_TOOLS_PER_PAGE;
  const rows = await boughtTools(db, viewer, { limit: pageSize, offset: (page - 1) * pageSize });
  // A page past the end has no row to carry the count: ask for it once.
  const total = rows.length ? Number(rows[0]!.total) : page === 1 ? 0 : Number((await boughtTools(db, viewer, { limit: 1, offset: 0 }))[0]?.total ?? 0);
  return { tools: await withConsumables(db, viewer, rows, CONSUMABLES_PER_TOOL), page_navigation: pageNavigation(total, page, pageSize), url: '/personal/consumables/' };
}

/**
 * A short strip: consumables of the most recent tools (of one order, when `orderId` — an order the page has
 * already found visible to this viewer), taken in turn from each tool so one grinder's discs do not fill it.
 */
export async function consumablesStrip(db: Db, viewer: Viewer, opts: { orderId?: number; limit?: number } = {}): Promise<{ items: ProductCard[]; tools: number; url: string }> {
  const limit = opts.limit ?? CONSUMABLES_STRIP;
  const rows = await boughtTools(db, viewer, { limit, offset: 0, orderId: opts.orderId });
  const tools = await withConsumables(db, viewer, rows, limit);
  const items: ProductCard[] = [];
  const seen = new Set<number>();
  for (let round = 0; items.length < limit && tools.some((t) => t.items.length > round); round++)
    for (const t of tools) {
      const c = t.items[round];
      if (c && !seen.has(c.id) && items.length < limit) {
        seen.add(c.id);
        items.push(c);
      }
    }
  return { items, tools: rows.length ? Number(rows[0]!.total) : 0, url: '/personal/consumables/' };
}
