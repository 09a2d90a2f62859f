/**
 * What a buyer does with an order: repeat it (its lines — or the ones he ticked in the preview, with
 * substitutes for lines no longer sold — back into the basket, with a report of what is no longer sold
 * or short), look at what repeating would add, cancel it while it is new, and —
 * a company admin — approve or reject an employee's order above their limit (orders/approval.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, products, type ProductProperties } from '../db/schema';
import { applyList } from '../basket/basket';
import { limitOf } from '../basket/limits';
import { loadPricing, personalPrice, preparePrices, type Pricing } from '../catalog/pricing';
import { toKopecks } from '../lib/money';
import { ERR, HttpError } from '../http/api';
import { forbiddenError, type Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { fieldName, t } from '../../i18n';
import { cancelRefusal, visibleTo } from './access';
import { changeOrderStatus, type OrderStatus } from './status';
import { findSubstitutes, type Substitute } from './substitutes';

async function visibleOrder(db: Db, viewer: Viewer, number: string) {
  const [o] = await db.select({ id: orders.id, status: orders.status, userId: orders.userId, companyId: orders.companyId }).from(orders).where(and(eq(orders.number, number), visibleTo(viewer))).limit(1);
  if (!o) throw notFoundError(t('ORDER_NOT_FOUND'));
  return { ...o, status: o.status as OrderStatus };
}

type ProductNow = { id: number; name: string; article: string; code: string; active: boolean; canBuy: boolean; stock: number; price: number; brandId: number; sectionId: number; properties: ProductProperties };

async function linesNow(db: Db, orderId: number) {
  const lines = await db.select({ productId: orderItems.productId, name: orderItems.name, article: orderItems.article, quantity: orderItems.quantity, price: orderItems.price }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const ids = lines.map((l) => l.productId).filter((id): id is number => id != null);
  const found = ids.length
    ? await db.select({ id: products.id, name: products.name, article: products.article, code: products.code, active: products.active, canBuy: products.canBuy, stock: products.stockQty, price: products.price, brandId: products.brandId, sectionId: products.sectionId, properties: products.properties }).from(products).where(inArray(products.id, ids))
    : [];
  const byId = new Map<number, ProductNow>(found.map((p) => [p.id, { ...p, price: Number(p.price) }]));
  return lines.map((l) => ({ line: { ...l, price: Number(l.price) }, product: l.productId != null ? byId.get(l.productId) : undefined }));
}

const buyable = (p: ProductNow | undefined): p is ProductNow => !!p && p.active && p.canBuy;

/**
 * The order's lines as they stand today with, for each line that can no longer be bought, the
 * substitute `findSubstitutes` offers. Shared by the preview and the copy call, so the copy accepts
 * exactly the substitutes the preview showed.
 */
async function linesWithSubstitutes(db: Db, pricing: Pricing | null, orderId: number) {
  const lines = await linesNow(db, orderId);
  const own = lines.flatMap(({ product: p }) => (p ? [p.id] : []));
  // A deleted product has no section left to look in: such a line gets no substitute.
  const gone = lines.flatMap(({ line, product: p }, key) => (p && !(p.active && p.canBuy) ? [{ key, sectionId: p.sectionId, properties: p.properties, priceThen: line.price }] : []));
  const substitutes = await findSubstitutes(db, pricing, gone, own);
  return lines.map((l, key) => ({ ...l, substitute: substitutes.get(key) ?? null }));
}

/**
 * One line of «Повторить заказ»'s preview. `price` is today's price for this viewer whenever the product
 * still exists (the spec's field); `price_now` only when it can be bought, compared with the line's
 * `price_then` in kopecks (`price_change`); a line no longer sold carries the substitute the copy call
 * will accept for it (issue 30).
 */
export type RepeatPreviewItem = {
  product_id: number | null;
  name: string;
  article: string;
  url: string | null;
  quantity: number;
  can_buy: boolean;
  stock: number;
  on_order: boolean;
  max_quantity: number;
  price: number | null;
  price_then: number;
  price_now: number | null;
  price_change: 'up' | 'down' | 'same' | null;
  substitute: { product_id: number; name: string; article: string; url: string; price_now: number; stock: number; max_quantity: number } | null;
};

/**
 * GET web/profile/basket/{order}/ (spec §7): the order's lines as they could be bought today — then and now
 * at this viewer's prices (`catalog/pricing.ts`), stock, and a substitute for a line no longer sold. Reads only.
 */
export async function repeatPreview(db: Db, viewer: Viewer, number: string): Promise<{ order_number: string; items: RepeatPreviewItem[] }> {
  const o = await visibleOrder(db, viewer, number);
  const pricing = await loadPricing(db, viewer);
  const lines = await linesWithSubstitutes(db, pricing, o.id);
  await preparePrices(pricing, lines.flatMap(({ product: p }) => (p ? [p.id] : [])));
  const items = lines.map(({ line, product: p, substitute: s }): RepeatPreviewItem => {
    const canBuy = buyable(p);
    const price = p ? (personalPrice(pricing, p) ?? p.price) : null;
    const now = canBuy ? price : null;
    const delta = now === null ? null : toKopecks(now) - toKopecks(line.price);
    return {
      product_id: line.productId,
      name: p?.name ?? line.name,
      article: p?.article ?? line.article,
      url: p?.active ? `/${p.code}/` : null,
      quantity: line.quantity,
      can_buy: canBuy,
      stock: p?.stock ?? 0,
      on_order: canBuy && p.stock <= 0,
      max_quantity: p ? limitOf(p.stock, p.canBuy, p.active) : 0,
      price,
      price_then: line.price,
      price_now: now,
      price_change: delta === null ? null : delta > 0 ? 'up' : delta < 0 ? 'down' : 'same',
      substitute: s && { product_id: s.id, name: s.name, article: s.article, url: `/${s.code}/`, price_now: s.price, stock: s.stock, max_quantity: limitOf(s.stock, true) },
    };
  });
  return { order_number: number, items };
}

export type RepeatReport = {
  order_number: string;
  added: { product_id: number; name: string; quantity: number; requested: number; limited: boolean; on_order: boolean }[];
  refused: { product_id: number | null; name: string; article: string; reason: string }[];
};

/** A ticked line of the preview: an order line's product or the substitute offered for one. */
export type CopySelection = { product: number; quantity: number }[];

/**
 * POST api/profile/orders/copy/ {order_number, lines?}: without `lines`, every line of the order goes
 * to the basket at its old quantity (the spec's call, unchanged); with `lines`, only those products at
 * those quantities — each must be a line of the order or the substitute the preview offers for one,
 * else a 422 naming the row and nothing is added.
 */
export async function repeatOrder(db: Db, viewer: Viewer, number: string, selection?: CopySelection): Promise<RepeatReport> {
  const o = await visibleOrder(db, viewer, number);
  const refused: RepeatReport['refused'] = [];
  const wanted: { product: number; quantity: number }[] = [];
  const names = new Map<number, { name: string; onOrder: boolean }>();
  if (!selection) {
    for (const { line, product: p } of await linesNow(db, o.id)) {
      if (!buyable(p)) {
        refused.push({ product_id: line.productId, name: line.name, article: line.article, reason: t('ORDER_REPEAT_GONE') });
        continue;
      }
      wanted.push({ product: p.id, quantity: line.quantity });
      names.set(p.id, { name: p.name, onOrder: p.stock <= 0 });
    }
  } else {
    const lines = await linesWithSubstitutes(db, await loadPricing(db, viewer), o.id);
    const offered = new Map<number, { line: (typeof lines)[number]['line']; product: ProductNow | undefined; substitute: Substitute | null }>();
    for (const l of lines) {
      if (l.product) offered.set(l.product.id, { line: l.line, product: l.product, substitute: null });
      if (l.substitute) offered.set(l.substitute.id, { line: l.line, product: undefined, substitute: l.substitute });
    }
    const foreign = selection.findIndex((s) => !offered.has(s.product));
    if (foreign >= 0) {
      const field = `lines.${foreign}.product`;
      throw new HttpError(422, [{ code: ERR.VALIDATION, field, message: `${fieldName(field)}: ${t('ORDER_COPY_ERR_NOT_OFFERED').replace('{id}', String(selection[foreign]!.product))}` }]);
    }
    for (const s of selection) {
      const { line, product: p, substitute: sub } = offered.get(s.product)!;
      if (sub) {
        wanted.push({ product: sub.id, quantity: s.quantity });
        names.set(sub.id, { name: sub.name, onOrder: sub.stock <= 0 });
      } else if (!buyable(p)) {
        refused.push({ product_id: line.productId, name: line.name, article: line.article, reason: t('ORDER_REPEAT_GONE') });
      } else {
        wanted.push({ product: p.id, quantity: s.quantity });
        names.set(p.id, { name: p.name, onOrder: p.stock <= 0 });
      }
    }
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
