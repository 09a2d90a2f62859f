/**
 * What a request may be linked to: an order the viewer may see (their own; the company's when they
 * see company orders) and a product of that order. Read-only over the orders tables, with the
 * viewer's ownership in the same statement — a foreign order id is "not in your list" (422), never
 * a hint that it exists.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orderStatuses, orders, products } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { visibleTo } from '../orders/access';
import { t } from '../../i18n';

export type LinkableOrder = {
  id: number;
  number: string;
  createdAt: Date;
  statusName: string;
  items: { productId: number; name: string; article: string }[];
};

/** How many recent orders the request form offers. */
const LINKABLE_ORDERS = 60;

/** The orders the viewer sees (orders/access.ts, the one predicate). */
const visibleOrders = (viewer: Viewer) => visibleTo(viewer);

/** The viewer's recent orders with their products, newest first (the request form's pickers). */
export async function linkableOrders(db: Db, viewer: Viewer): Promise<LinkableOrder[]> {
  const rows = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, statusName: orderStatuses.name })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.code, orders.status))
    .where(visibleOrders(viewer))
    .orderBy(desc(orders.createdAt))
    .limit(LINKABLE_ORDERS);
  if (!rows.length) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, name: orderItems.name, article: orderItems.article })
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(orderItems.id);
  return rows.map((r) => ({
    ...r,
    items: items.filter((i) => i.orderId === r.id && i.productId !== null).map((i) => ({ productId: i.productId!, name: i.name, article: i.article })),
  }));
}

/** Checks the chosen order is the viewer's and the product is in it. */
export async function checkLinks(db: Db, viewer: Viewer, links: { orderId: number | null; productId: number | null }): Promise<{ orderNumber: string | null; productName: string | null }> {
  if (!links.orderId) return { orderNumber: null, productName: null };
  const [order] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, links.orderId), visibleOrders(viewer)))
    .limit(1);
  if (!order) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'order', message: t('REQ_ERR_ORDER_NOT_YOURS') }]);
  if (!links.productId) return { orderNumber: order.number, productName: null };
  const [item] = await db
    .select({ name: orderItems.name })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, links.orderId), eq(orderItems.productId, links.productId)))
    .limit(1);
  if (!item) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'product', message: t('REQ_ERR_PRODUCT_NOT_IN_ORDER') }]);
  return { orderNumber: order.number, productName: item.name };
}
