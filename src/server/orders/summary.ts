/**
 * What the personal-area summary reads about orders (the rest of orders/ belongs to the orders
 * pages): the open orders a viewer may see, their own last order (for "repeat"), and what the user
 * or company buys (for "promotions for me"). Visibility is the one predicate of orders/access.ts,
 * so the summary counts exactly the orders the orders list shows.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { orderStatuses, orders, users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ordersOf, seesCompanyOrders, visibleTo } from './access';

export type OpenOrder = {
  number: string;
  url: string;
  createdAt: string;
  status: string;
  statusName: string;
  total: number;
  /** Who placed it (a company's orders come from several people). */
  placedBy: string | null;
};

export const orderUrl = (number: string) => `/personal/orders/${encodeURIComponent(number)}/`;

/** Open orders (not done, not cancelled), newest first, and how many there are in all. */
export async function openOrders(db: Db, viewer: Viewer, limit = 5): Promise<{ items: OpenOrder[]; total: number; companyWide: boolean }> {
  const where = and(visibleTo(viewer), eq(orderStatuses.isFinal, false));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, statusName: orderStatuses.name, total: orders.total, placedBy: users.name })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.code, orders.status))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).innerJoin(orderStatuses, eq(orderStatuses.code, orders.status)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ number: r.number, url: orderUrl(r.number), createdAt: r.createdAt.toISOString(), status: r.status, statusName: r.statusName, total: Number(r.total), placedBy: r.placedBy })),
    total: Number(counted?.n ?? 0),
    companyWide: seesCompanyOrders(viewer),
  };
}

/** The viewer's own newest order that was not cancelled: what "repeat last order" repeats. */
export async function lastOwnOrder(db: Db, viewer: Pick<Viewer, 'id'>): Promise<{ number: string; url: string; createdAt: string; total: number } | null> {
  const [row] = await db
    .select({ number: orders.number, createdAt: orders.createdAt, total: orders.total })
    .from(orders)
    .where(and(eq(orders.userId, viewer.id), ne(orders.status, 'cancelled')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ? { number: row.number, url: orderUrl(row.number), createdAt: row.createdAt.toISOString(), total: Number(row.total) } : null;
}

/**
 * The sections and brands this user — or, for a company user, their company — bought from
 * (cancelled orders do not count). Only these aggregates leave this function, never the orders.
 */
export async function purchasedSectionsAndBrands(db: Db, viewer: Pick<Viewer, 'id' | 'companyId'>): Promise<{ sectionIds: number[]; brandIds: number[] }> {
  // What the user's company buys (a retail customer: what they buy), whoever in it placed the order.
  const who = ordersOf({ userId: viewer.companyId ? null : viewer.id, companyId: viewer.companyId, companyWide: true });
  const rows = await queryRows<{ section_id: number; brand_id: number }>(db, sql`
    SELECT DISTINCT p.section_id, p.brand_id
    FROM ${orders}
    JOIN order_items i ON i.order_id = ${orders.id}
    JOIN products p ON p.id = i.product_id
    WHERE ${who} AND ${orders.status} <> 'cancelled'`);
  return {
    sectionIds: [...new Set(rows.map((r) => Number(r.section_id)))],
    brandIds: [...new Set(rows.map((r) => Number(r.brand_id)))],
  };
}
