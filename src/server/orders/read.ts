/**
 * Reading orders (spec §3 Orders, §7 web/profile/orders/…). Who sees what is decided in the SQL of
 * every read by `visibleTo()` (orders/access.ts): a buyer their own orders; a company admin, or an
 * employee with `company_orders`, every order of their company too. Another's order number answers
 * 404 like a missing one. `can_cancel` and `can_approve` come from the cancel and approval rules.
 */
import type { AddressFields } from '../geo/address';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, companies, orderItems, orders, orderStatuses, orderStatusHistory, products, users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import { t } from '../../i18n';
import type { OrderStatus } from './status';
import { lineSum } from '../lib/money';
import { cancelRefusal, visibleTo } from './access';
import { mayApprove } from './approval';
import { orderDocumentsOf, type OrderDocuments } from '../exchange/sale-docs';
import { paymentView, PAYMENT_STATUS_NAMES, type PaymentStatus, type PaymentView } from '../payments/view';

export const ORDER_LINES_PAGE_SIZE = 20;
export const ALL_ORDERS = 'all';

export type StatusRef = { id: string; name: string };
export type OrderFilter = StatusRef & { count: number };

export type OrderSummary = {
  id: number;
  order_number: string;
  url: string;
  created_at: string;
  status: StatusRef;
  total: number;
  positions: number;
  quantity: number;
  delivery_type: '1' | '2';
  delivery_label: string;
  delivery_date: string | null;
  payment_type: string;
  /** Who placed it (a company-wide list shows orders of colleagues). */
  buyer: string;
  mine: boolean;
  can_cancel: boolean;
  can_approve: boolean;
  invoice_url: string | null;
  /** «Товарный чек» (PDF) of a retail order (every order not paid by invoice); null for invoice orders. */
  receipt_url: string | null;
  /** Online payments only (decision 0220): awaiting | paid | unpaid | refunded, and its Russian name. */
  payment_status: string | null;
  payment_status_name: string | null;
};

export type OrdersPage = { orders: OrderSummary[]; statuses: OrderFilter[]; filter: string; page_navigation: PageNavigation };

export const orderUrl = (number: string) => `/personal/orders/${encodeURIComponent(number)}/`;
export const invoiceUrl = (number: string) => `/web/profile/orders/${encodeURIComponent(number)}/invoice/`;
export const receiptUrl = (number: string) => `/web/profile/orders/${encodeURIComponent(number)}/receipt/`;
/** A guest's receipt, behind the same owner check as the confirmation page. */
export const guestReceiptUrl = (number: string) => `/checkout/${encodeURIComponent(number)}/receipt/`;
export const printUrl = (number: string) => `/checkout/${encodeURIComponent(number)}/print/`;

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  statusName: orderStatuses.name,
  total: orders.total,
  deliveryTypeId: orders.deliveryTypeId,
  deliveryDate: orders.deliveryDate,
  deliveryAddress: orders.deliveryAddress,
  branchName: branches.name,
  paymentType: orders.paymentType,
  paymentStatus: orders.paymentStatus,
  userId: orders.userId,
  companyId: orders.companyId,
  buyer: sql<string>`COALESCE(${users.name}, ${orders.contactName})`,
  positions: sql<number>`(SELECT count(*)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
  quantity: sql<number>`(SELECT COALESCE(SUM(${orderItems.quantity}), 0)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown };

function toSummary(r: SummaryRow, viewer: Viewer): OrderSummary {
  const number = r.number as string;
  const status = r.status as OrderStatus;
  const self = r.deliveryTypeId === '1';
  return {
    id: r.id as number,
    order_number: number,
    url: orderUrl(number),
    created_at: (r.createdAt as Date).toISOString(),
    status: { id: status, name: r.statusName as string },
    total: Number(r.total),
    positions: Number(r.positions),
    quantity: Number(r.quantity),
    delivery_type: self ? '1' : '2',
    delivery_label: self ? `${t('CHECKOUT_SELF')}: ${(r.branchName as string | null) ?? ''}` : `${t('CHECKOUT_DELIVERY')}: ${(r.deliveryAddress as string | null) ?? ''}`,
    delivery_date: (r.deliveryDate as string | null) ?? null,
    payment_type: r.paymentType as string,
    buyer: r.buyer as string,
    mine: r.userId === viewer.id,
    can_cancel: cancelRefusal(viewer, { status, userId: r.userId as string | null, companyId: r.companyId as number | null }) === null,
    can_approve: mayApprove(viewer, { status, companyId: r.companyId as number | null }),
    invoice_url: r.paymentType === 'invoice' ? invoiceUrl(number) : null,
    receipt_url: r.paymentType !== 'invoice' ? receiptUrl(number) : null,
    payment_status: (r.paymentStatus as string | null) ?? null,
    payment_status_name: r.paymentStatus ? (PAYMENT_STATUS_NAMES[r.paymentStatus as PaymentStatus] ?? null) : null,
  };
}

function summaries(db: Db) {
  return db.select(summaryColumns).from(orders).innerJoin(orderStatuses, eq(orderStatuses.code, orders.status)).leftJoin(branches, eq(branches.id, orders.branchId)).leftJoin(users, eq(users.id, orders.userId));
}

/** GET web/profile/orders/: newest first, 9 a page, filtered by status ('all' = every status). */
export async function listOrders(db: Db, viewer: Viewer, opts: { filter?: string; page: number; pageSize: number }): Promise<OrdersPage> {
  const mine = visibleTo(viewer);
  const [statusRows, counts] = await Promise.all([
    db.select({ id: orderStatuses.code, name: orderStatuses.name }).from(orderStatuses).orderBy(asc(orderStatuses.sort)),
    db.select({ status: orders.status, n: count() }).from(orders).where(mine).groupBy(orders.status),
  ]);
  const byStatus = new Map(counts.map((c) => [c.status, Number(c.n)]));
  const total = [...byStatus.values()].reduce((s, n) => s + n, 0);
  const statuses: OrderFilter[] = [{ id: ALL_ORDERS, name: t('ORDERS_FILTER_ALL'), count: total }, ...statusRows.map((s) => ({ ...s, count: byStatus.get(s.id) ?? 0 }))];
  const filter = opts.filter && statusRows.some((s) => s.id === opts.filter) ? opts.filter : ALL_ORDERS;
  const where = filter === ALL_ORDERS ? mine : and(mine, eq(orders.status, filter))!;
  const { navigation: nav, offset } = paginate(filter === ALL_ORDERS ? total : (byStatus.get(filter) ?? 0), opts.page, opts.pageSize);
  const rows = await summaries(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(opts.pageSize).offset(offset);
  return { orders: rows.map((r) => toSummary(r, viewer)), statuses, filter, page_navigation: nav };
}

export type OrderLine = { id: number; product_id: number | null; url: string | null; name: string; article: string; price: number; quantity: number; sum: number; on_order: boolean };
export type HistoryRow = { status: StatusRef; at: string; actor: string; comment: string | null };

export type OrderDetail = OrderSummary & {
  basket: { items: OrderLine[] };
  showMore: boolean;
  page_navigation: PageNavigation;
  totals: { sum: number; delivery_price: number; total: number; vat: number };
  delivery: { type: '1' | '2'; date: string | null; address: string | null; address_fields: AddressFields | null; branch: { id: number; name: string; address: string; hours: string; phones: string[] } | null };
  contact: { name: string; phone: string; email: string | null };
  comment: string | null;
  payer: { id: number; name: string; unp: string } | null;
  history: HistoryRow[];
  /** Documents, payment and shipment reported by 1C (server/exchange/sale.ts). */
  documents: OrderDocuments;
  /** The online payment (card, ЕРИП): state, where to pay, ЕРИП instructions; null for other ways of paying. */
  payment: PaymentView | null;
  print_url: string;
};

const ACTORS: Record<string, string> = { customer: t('ORDER_ACTOR_CUSTOMER'), admin: t('ORDER_ACTOR_ADMIN'), staff: t('ORDER_ACTOR_STAFF'), system: t('ORDER_ACTOR_SYSTEM') };

/** One order by number under `where` (the viewer's visibility, or a guest's key); 404 otherwise. */
export async function loadOrder(db: Db, viewer: Viewer | null, where: SQL, number: string, opts: { page: number; pageSize: number }): Promise<OrderDetail> {
  const [row] = await summaries(db)
    .where(and(eq(orders.number, number), where))
    .limit(1);
  if (!row) throw notFoundError(t('ORDER_NOT_FOUND'));
  const [extra] = await db
    .select({ o: orders, branch: branches, payerName: companies.name, payerUnp: companies.unp })
    .from(orders)
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(companies, eq(companies.id, orders.payerCompanyId))
    .where(eq(orders.id, row.id))
    .limit(1);
  const o = extra!.o;
  const { navigation: nav, offset } = paginate(Number(row.positions), opts.page, opts.pageSize);
  const [lines, sums, history, documents] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)).limit(opts.pageSize).offset(offset),
    db.select({ sum: sql<string>`COALESCE(SUM(${orderItems.price} * ${orderItems.quantity}), 0)` }).from(orderItems).where(eq(orderItems.orderId, o.id)),
    db.select({ status: orderStatusHistory.status, name: orderStatuses.name, at: orderStatusHistory.at, actor: orderStatusHistory.actorKind, comment: orderStatusHistory.comment }).from(orderStatusHistory).innerJoin(orderStatuses, eq(orderStatuses.code, orderStatusHistory.status)).where(eq(orderStatusHistory.orderId, o.id)).orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    orderDocumentsOf(db, o.id),
  ]);
  const codes = await productCodes(db, lines.map((l) => l.productId).filter((id): id is number => id != null));
  const asGuest = toSummary(row, { id: '', isAdmin: false } as Viewer);
  const summary = viewer ? toSummary(row, viewer) : { ...asGuest, can_cancel: false, invoice_url: null, receipt_url: asGuest.receipt_url ? guestReceiptUrl(number) : null };
  const payment = await paymentView(db, { id: o.id, number, paymentType: o.paymentType, paymentStatus: o.paymentStatus, paymentDueAt: o.paymentDueAt });
  return {
    ...summary,
    basket: {
      items: lines.map((l) => ({ id: l.id, product_id: l.productId, url: l.productId && codes.get(l.productId) ? `/${codes.get(l.productId)}/` : null, name: l.name, article: l.article, price: Number(l.price), quantity: l.quantity, sum: lineSum(l.price, l.quantity), on_order: l.onOrder })),
    },
    showMore: nav.page < nav.pages,
    page_navigation: nav,
    totals: { sum: Number(sums[0]?.sum ?? 0), delivery_price: Number(o.deliveryPrice), total: Number(o.total), vat: Number(o.vat) },
    delivery: {
      type: o.deliveryTypeId === '1' ? '1' : '2',
      date: o.deliveryDate,
      address: o.deliveryAddress,
      /** Issue 30: the address's fields (null for orders placed before addresses had fields, and for pickup). */
      address_fields: o.deliveryAddressFields ?? null,
      branch: extra!.branch ? { id: extra!.branch.id, name: extra!.branch.name, address: extra!.branch.address, hours: extra!.branch.hours, phones: extra!.branch.phones } : null,
    },
    contact: { name: o.contactName, phone: o.contactPhone, email: o.contactEmail },
    comment: o.comment,
    payer: o.payerCompanyId && extra!.payerName ? { id: o.payerCompanyId, name: extra!.payerName, unp: extra!.payerUnp! } : null,
    history: history.map((h) => ({ status: { id: h.status, name: h.name }, at: h.at.toISOString(), actor: ACTORS[h.actor] ?? h.actor, comment: h.comment })),
    documents,
    payment,
    print_url: printUrl(number),
  };
}

async function productCodes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** GET web/profile/orders/{order_number}/. */
export function orderDetail(db: Db, viewer: Viewer, number: string, opts: { page: number; pageSize: number }): Promise<OrderDetail> {
  return loadOrder(db, viewer, visibleTo(viewer), number, opts);
}

/**
 * The confirmation page /checkout/{number}/: only the browser or account that placed the order
 * (a guest's order belongs to the guest key of that browser).
 */
export function confirmationOrder(db: Db, viewer: Viewer | null, owner: string | null, number: string): Promise<OrderDetail> {
  return loadOrder(db, viewer, placedBy(viewer, owner), number, { page: 1, pageSize: 1000 });
}

/** The orders a browser may open from the confirmation page (its guest key's, or the viewer's visible ones), as SQL. */
export function placedBy(viewer: Viewer | null, owner: string | null): SQL {
  const own = owner ? eq(orders.ownerKey, owner) : sql`false`;
  return viewer ? or(own, visibleTo(viewer))! : own;
}
