/**
 * Orders as the store's staff see them at the desk: every customer's orders, filtered by status or
 * number, and the moves each may take next. A status changes only through `changeOrderStatus`
 * (status.ts), which writes the history and tells the owner. Callers are guarded with `{ staff: true }`.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays, fromIso, minskMidnight, toIso } from '../checkout/calendar';
import type { Db } from '../db/client';
import { companies, orderExchange, orderItems, orderStatuses, orderStatusHistory, orders, users } from '../db/schema';
import { loadOrder, type OrderDetail } from './read';
import { notFoundError } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import { changeOrderStatus, isOrderStatus, NEXT_STATUSES, type OrderStatus } from './status';
import { t } from '../../i18n';

export const STAFF_ORDERS_PAGE_SIZE = 20;

export type StaffOrder = {
  id: number;
  number: string;
  created_at: string;
  status: OrderStatus;
  status_name: string;
  /** Where the order may go next (code and name). */
  next: { code: OrderStatus; name: string }[];
  customer: string;
  company: string | null;
  contact_phone: string;
  delivery: 'self' | 'delivery';
  delivery_address: string | null;
  total: string;
  items: number;
};

export async function statusNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ code: orderStatuses.code, name: orderStatuses.name }).from(orderStatuses).orderBy(orderStatuses.sort);
  return new Map(rows.map((r) => [r.code, r.name]));
}

/**
 * What a customer on the phone gives to find their order: part of its number, the phone (any spelling: digits are
 * compared), an e-mail, the buyer's or recipient's name, the company's name or УНП.
 */
function findOrders(q: string): SQL {
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const found: SQL[] = [ilike(orders.number, like), ilike(orders.contactName, like), ilike(orders.contactEmail, like), ilike(users.name, like), ilike(users.email, like), ilike(companies.name, like)];
  const digits = q.replace(/\D/g, '');
  // Five digits at least: fewer would match most phones.
  if (digits.length >= 5) found.push(sql`regexp_replace(${orders.contactPhone}, '\\D', '', 'g') LIKE ${`%${digits}%`}`);
  if (/^\d{9}$/.test(q)) found.push(eq(companies.unp, q));
  return or(...found)!;
}

/** The desk's filter: a status, what a caller said (findOrders), and the days placed, from and to inclusive, in Minsk time ('YYYY-MM-DD'). */
export type StaffOrderFilter = { status?: string; q?: string; from?: string; to?: string };

/** A real calendar day written 'YYYY-MM-DD'. */
export const isIsoDay = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && toIso(fromIso(s)) === s;

/** The filter as SQL over orders joined with their user and company; a part that is not valid is no condition. */
export function staffOrderWhere(f: StaffOrderFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.status && isOrderStatus(f.status)) conds.push(eq(orders.status, f.status));
  if (f.q) conds.push(findOrders(f.q));
  if (isIsoDay(f.from)) conds.push(gte(orders.createdAt, minskMidnight(f.from)));
  if (isIsoDay(f.to)) conds.push(lt(orders.createdAt, minskMidnight(addDays(f.to, 1))));
  return conds.length ? and(...conds) : undefined;
}

/** The desk's order list, newest first, under the filter (staffOrderWhere). */
export async function staffOrders(db: Db, opts: StaffOrderFilter & { page: number }): Promise<{ orders: StaffOrder[]; statuses: { code: string; name: string }[]; page_navigation: PageNavigation }> {
  const names = await statusNames(db);
  const where = staffOrderWhere(opts);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).leftJoin(companies, eq(companies.id, orders.companyId)).where(where);
  const { navigation: nav, offset } = paginate(n, opts.page, STAFF_ORDERS_PAGE_SIZE);
  const rows = await db
    .select({
      o: orders,
      customer: users.name,
      company: companies.name,
      items: db.$count(orderItems, eq(orderItems.orderId, orders.id)),
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STAFF_ORDERS_PAGE_SIZE)
    .offset(offset);
  return {
    orders: rows.map(({ o, customer, company, items }) => {
      const status = o.status as OrderStatus;
      return {
        id: o.id,
        number: o.number,
        created_at: o.createdAt.toISOString(),
        status,
        status_name: names.get(status) ?? status,
        next: (NEXT_STATUSES[status] ?? []).map((code) => ({ code, name: names.get(code) ?? code })),
        customer: customer ?? o.contactName,
        company,
        contact_phone: o.contactPhone,
        delivery: o.deliveryTypeId === '1' ? 'self' : 'delivery',
        delivery_address: o.deliveryAddress,
        total: o.total,
        items: Number(items),
      };
    }),
    statuses: [...names].map(([code, name]) => ({ code, name })),
    page_navigation: nav,
  };
}

/** Every line of an order fits one desk page (the checkout caps a basket far below this). */
const STAFF_ORDER_LINES = 1000;

export type StaffOrderDetail = {
  order: OrderDetail;
  /** The buyer's account (null for a guest's order) and company as the store knows them now. */
  account: { name: string; email: string } | null;
  company: { name: string; unp: string } | null;
  next: { code: OrderStatus; name: string }[];
  /** The 1C exchange: when 1C last took the order, and whether the store changed it since. */
  exchange: { taken_at: string | null; changed_since: boolean; number_1c: string | null };
  history: HistoryEntry[];
};

/**
 * One order as the desk sees it, by number: what the buyer sees on their order page (lines, totals, delivery,
 * payment, 1C's documents) plus the account, the company, the moves it may take and 1C's state. Staff see every
 * customer's order: the page is guarded `{ staff: 'orders' }`, so the scope here is all orders.
 */
export async function staffOrderDetail(db: Db, number: string): Promise<StaffOrderDetail> {
  const order = await loadOrder(db, null, sql`true`, number, { page: 1, pageSize: STAFF_ORDER_LINES });
  const [[row], names, history] = await Promise.all([
    db
      .select({ status: orders.status, updatedAt: orders.updatedAt, userName: users.name, userEmail: users.email, companyName: companies.name, companyUnp: companies.unp, x: orderExchange })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(orderExchange, eq(orderExchange.orderId, orders.id))
      .where(eq(orders.id, order.id))
      .limit(1),
    statusNames(db),
    orderHistories(db, [order.id]),
  ]);
  const status = row!.status as OrderStatus;
  const x = row!.x;
  return {
    order,
    account: row!.userEmail ? { name: row!.userName ?? '', email: row!.userEmail } : null,
    company: row!.companyName ? { name: row!.companyName, unp: row!.companyUnp ?? '' } : null,
    next: (NEXT_STATUSES[status] ?? []).map((code) => ({ code, name: names.get(code) ?? code })),
    exchange: {
      taken_at: x?.takenAt?.toISOString() ?? null,
      changed_since: !!x?.takenUpdatedAt && row!.updatedAt > x.takenUpdatedAt,
      number_1c: x?.number1c ?? null,
    },
    history: history.get(order.id) ?? [],
  };
}

export type HistoryEntry = { status: string; name: string; actor_kind: string; actor: string | null; comment: string | null; at: string };

/** The status history of these orders, newest first per order (shown under each order at the desk). */
export async function orderHistories(db: Db, orderIds: number[]): Promise<Map<number, HistoryEntry[]>> {
  const out = new Map<number, HistoryEntry[]>();
  if (!orderIds.length) return out;
  const rows = await db
    .select({ h: orderStatusHistory, name: orderStatuses.name, actor: users.name })
    .from(orderStatusHistory)
    .innerJoin(orderStatuses, eq(orderStatuses.code, orderStatusHistory.status))
    .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
    .where(inArray(orderStatusHistory.orderId, orderIds))
    .orderBy(desc(orderStatusHistory.at), desc(orderStatusHistory.id));
  for (const { h, name, actor } of rows) {
    const list = out.get(h.orderId) ?? [];
    list.push({ status: h.status, name, actor_kind: h.actorKind, actor, comment: h.comment, at: h.at.toISOString() });
    out.set(h.orderId, list);
  }
  return out;
}

/**
 * A staff move of order `orderId` to `to`. `from` is the status the staff member saw: if the order
 * moved meanwhile, changeOrderStatus refuses (409) rather than skipping a step unseen.
 */
export async function staffMoveOrder(db: Db, staffUserId: string, input: { orderId: number; from: OrderStatus; to: OrderStatus; comment?: string }): Promise<{ id: number; number: string; from: OrderStatus; to: OrderStatus }> {
  const [o] = await db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!o) throw notFoundError(t('DESK_ERR_ORDER_NOT_FOUND'));
  await changeOrderStatus(db, { orderId: o.id, from: input.from, to: input.to, actor: { kind: 'staff', userId: staffUserId }, comment: input.comment });
  return { id: o.id, number: o.number, from: input.from, to: input.to };
}
