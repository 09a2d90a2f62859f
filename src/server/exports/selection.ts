/**
 * Which products a list takes (step 1), as one SQL condition on `products`, and a stamp of
 * whatever that choice depends on besides the catalogue (favourites, orders) for the feed's ETag.
 * Favourites and orders are only read here, never written: the selection follows them live.
 */
import { and, eq, gt, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { favorites, orderItems, orders, products } from '../db/schema';
import { ordersOf } from '../orders/access';
import { cachedSectionTree, subtreeIds } from '../catalog/sections';
import { queryRows } from '../db/rows';
import type { ExportRow } from './lists';

const NOTHING = sql`FALSE`;

function monthsAgo(months: number, now: Date): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() - months);
  // A whole day boundary: the window moves once a day, so the feed's version does too.
  d.setHours(0, 0, 0, 0);
  return d;
}

/** Orders that count as "what we bought": the owner's (the company's, or the retail customer's own), not cancelled. */
function purchasedOrders(list: Pick<ExportRow, 'companyId' | 'userId' | 'settings'>, now: Date): SQL | null {
  if (!list.companyId && !list.userId) return null;
  // The list's owner: a company list takes every order of the company, a retail list its user's (orders/access.ts).
  const owner = ordersOf({ userId: list.companyId ? null : list.userId, companyId: list.companyId, companyWide: true });
  return and(owner, gte(orders.createdAt, monthsAgo(list.settings.months ?? 12, now)), ne(orders.status, 'cancelled'))!;
}

export async function selectionCondition(db: Db, list: Pick<ExportRow, 'companyId' | 'userId' | 'settings'>, now = new Date()): Promise<SQL> {
  const s = list.settings;
  const parts: SQL[] = [eq(products.active, true)];
  if (s.inStockOnly) parts.push(gt(products.stockQty, 0));
  switch (s.source ?? 'all') {
    case 'sections': {
      const tree = await cachedSectionTree(db);
      const ids = [...new Set((s.sectionIds ?? []).flatMap((id) => (tree.byId.has(id) ? subtreeIds(tree.byId.get(id)!) : [])))];
      parts.push(ids.length ? inArray(products.sectionId, ids) : NOTHING);
      break;
    }
    case 'brands':
      parts.push(s.brandIds?.length ? inArray(products.brandId, s.brandIds) : NOTHING);
      break;
    case 'favorites':
      // "My favourites" are the favourites of whoever made the list.
      parts.push(list.userId ? inArray(products.id, db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.ownerKey, `u:${list.userId}`))) : NOTHING);
      break;
    case 'purchased': {
      const which = purchasedOrders(list, now);
      parts.push(
        which
          ? inArray(
              products.id,
              db.selectDistinct({ id: sql<number>`${orderItems.productId}` }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(and(which, sql`${orderItems.productId} IS NOT NULL`)),
            )
          : NOTHING,
      );
      break;
    }
    case 'articles':
      parts.push(s.articles?.length ? inArray(products.articleNorm, s.articles) : NOTHING);
      break;
  }
  return and(...parts)!;
}

/** What the selection depends on outside the catalogue, as a short string for the ETag. */
export async function selectionStamp(db: Db, list: Pick<ExportRow, 'companyId' | 'userId' | 'settings'>, now = new Date()): Promise<string> {
  const s = list.settings;
  if (s.source === 'favorites' && list.userId) {
    const [r] = await queryRows<{ n: number; last: string | null }>(db, sql`SELECT count(*)::int AS n, max(${favorites.createdAt})::text AS last FROM ${favorites} WHERE ${favorites.ownerKey} = ${`u:${list.userId}`}`);
    return `f${r?.n}:${r?.last}`;
  }
  if (s.source === 'purchased') {
    const which = purchasedOrders(list, now);
    if (!which) return 'p0';
    const [r] = await queryRows<{ n: number; last: number | null }>(db, sql`SELECT count(*)::int AS n, max(${orders.id}) AS last FROM ${orders} WHERE ${which}`);
    return `p${r?.n}:${r?.last}:${monthsAgo(s.months ?? 12, now).toISOString().slice(0, 10)}`;
  }
  return '';
}
