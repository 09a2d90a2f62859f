/**
 * What a buyer does with an order: repeat it (its lines back into the basket, with a report of what
 * is no longer sold or short), look at what repeating would add, cancel it while it is new, and —
 * a company admin — approve or reject an employee's order above their limit (orders/approval.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, products } from '../db/schema';
import { applyList } from '../basket/basket';
import { limitOf } from '../basket/limits';
import { loadPricing, personalPrice, preparePrices } from '../catalog/pricing';
import { ERR, HttpError } from '../http/api';
import { forbiddenError, type Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';
import { cancelRefusal, visibleTo } from './access';
import { changeOrderStatus, type OrderStatus } from './status';

async function visibleOrder(db: Db, viewer: Viewer, number: string) {
  const [o] = await db.select({ id: orders.id, status: orders.status, userId: orders.userId, companyId: orders.companyId }).from(orders).where(and(eq(orders.number, number), visibleTo(viewer))).limit(1);
  if (!o) throw notFoundError(t('ORDER_NOT_FOUND'));
  return { ...o, status: o.status as OrderStatus };
}

type ProductNow = { id: number; name: string; article: string; code: string; active: boolean; canBuy: boolean; stock: number; price: number; brandId: number; sectionId: number };

async function linesNow(db: Db, orderId: number) {
  const lines = await db.select({ productId: orderItems.productId, name: orderItems.name, article: orderItems.article, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const ids = lines.map((l) => l.productId).filter((id): id is number => id != null);
  const found = ids.length
    ? await db.select({ id: products.id, name: products.name, article: products.article, code: products.code, active: products.active, canBuy: products.canBuy, stock: products.stockQty, price: products.price, brandId: products.brandId, sectionId: products.sectionId }).from(products).where(inArray(products.id, ids))
    : [];
  const byId = new Map<number, ProductNow>(found.map((p) => [p.id, { ...p, price: Number(p.price) }]));
  return lines.map((l) => ({ line: l, product: l.productId != null ? byId.get(l.productId) : undefined }));
}

export type RepeatPreviewItem = { product_id: number | null; name: string; article: string; url: string | null; quantity: number; can_buy: boolean; stock: number; on_order: boolean; max_quantity: number; price: number | null };

/** GET web/profile/basket/{order}/: the order's lines as they could be bought today, at today's price for this viewer. */
export async function repeatPreview(db: Db, viewer: Viewer, number: string): Promise<{ order_number: string; items: RepeatPreviewItem[] }> {
  const o = await visibleOrder(db, viewer, number);
  const pricing = await loadPricing(db, viewer);
  const lines = await linesNow(db, o.id);
  await preparePrices(pricing, lines.flatMap(({ product: p }) => (p ? [p.id] : [])));
  const items = lines.map(({ line, product: p }) => {
    const canBuy = !!p && p.active && p.canBuy;
    const price = p ? (personalPrice(pricing, p) ?? p.price) : null;
    return { product_id: line.productId, name: p?.name ?? line.name, article: p?.article ?? line.article, url: p ? `/${p.code}/` : null, quantity: line.quantity, can_buy: canBuy, stock: p?.stock ?? 0, on_order: canBuy && (p?.stock ?? 0) <= 0, max_quantity: p ? limitOf(p.stock, p.canBuy, p.active) : 0, price };
  });
  return { order_number: number, items };
}

export type RepeatReport = {
  order_number: string;
  added: { product_id: number; name: string; quantity: number; requested: number; limited: boolean; on_order: boolean }[];
  refused: { product_id: number | null; name: string; article: string; reason: string }[];
};

/** POST api/profile/orders/copy/ {order_number}: the order's lines are added to the basket. */
export async function repeatOrder(db: Db, viewer: Viewer, number: string): Promise<RepeatReport> {
  const o = await visibleOrder(db, viewer, number);
  const refused: RepeatReport['refused'] = [];
  const wanted: { product: number; quantity: number }[] = [];
  const names = new Map<number, { name: string; onOrder: boolean }>();
  for (const { line, product: p } of await linesNow(db, o.id)) {
    if (!p || !p.active || !p.canBuy) {
      refused.push({ product_id: line.productId, name: line.name, article: line.article, reason: t('ORDER_REPEAT_GONE') });
      continue;
    }
    wanted.push({ product: p.id, quantity: line.quantity });
    names.set(p.id, { name: p.name, onOrder: p.stock <= 0 });
  }
  if (!wanted.length) return { order_number: number, added: [], refused };
  const result = await applyList(db, viewer.ownerKey, wanted, 'add');
  for (const r of result.refused) {
    const n = names.get(r.product_id);
    refused.push({ product_id: r.product_id, name: n?.name ?? '', article: '', reason: r.reason });
  }
  return {
    order_number: number,
    added: result.added.map((a) => ({ product_id: a.product_id, name: names.get(a.product_id)?.name ?? '', quantity: a.quantity, requested: a.requested, limited: a.limited, on_order: names.get(a.product_id)?.onOrder ?? false })),
    refused,
  };
}

/** POST /api/profile/orders/cancel/ {order_number}: the buyer (or their company admin) cancels a new order. */
export async function cancelOrder(db: Db, viewer: Viewer, number: string, comment?: string): Promise<{ order_number: string; status: OrderStatus; order_id: number }> {
  const o = await visibleOrder(db, viewer, number);
  const own = o.userId === viewer.id;
  const why = cancelRefusal(viewer, o);
  if (why === 'not_yours') throw forbiddenError(t('ORDER_CANCEL_NOT_YOURS'));
  if (why === 'too_late') throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ORDER_CANNOT_CANCEL') }]);
  await changeOrderStatus(db, { orderId: o.id, from: o.status, to: 'cancelled', actor: { kind: own ? 'customer' : 'admin', userId: viewer.id }, comment });
  return { order_number: number, status: 'cancelled', order_id: o.id };
}
