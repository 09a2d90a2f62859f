/**
 * POST /api/order/create/: turns the buyer's basket into an order. Everything that decides money
 * or stock is read again inside ONE transaction — the basket with this buyer's prices, the stock
 * (row-locked) — and the order, its lines, the stock taken, the status history and the basket
 * clean-up are written in that same transaction. The idempotency key is claimed by the order
 * insert itself (unique index), so a double click, a retry or a reload never makes two orders.
 *
 * Waiting is bounded (issue 22): the transaction runs on `writer` (the write pool on PostgreSQL, so
 * checkouts queued behind a stock lock never take the connections pages and the health check use)
 * and waits at most CHECKOUT_LOCK_TIMEOUT_MS for the stock rows. A lock, statement or pool timeout
 * answers 409/503 «others are ordering this product, try again in a few seconds», never a 500.
 */
import { lockSpender, spentInPeriod } from '../orders/approval';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dbTimeouts, type Db } from '../db/client';
import { dbBusy } from '../db/busy';
import { basketItems, baskets, orderItems, orders, orderStatusHistory } from '../db/schema';
import { basketRows } from '../basket/basket';
import { usableAddresses, type UsableAddress } from '../addresses/usable';
import { addressLine, withUnit, type AddressFields } from '../geo/address';
import { organizationsFor } from '../company/organizations';
import { ERR, HttpError } from '../http/api';
import { forbiddenError, type Viewer } from '../http/guard';
import { hit } from '../http/rate-limit';
import { lockStock, type Take } from '../orders/reservations';
import { takeStock } from '../orders/reservations';
import type { OrderStatus } from '../orders/status';
import { fieldName, t } from '../../i18n';
import { allBranches, allocate, dispatchBranch, preference, readinessOf, totalOf } from './availability';
import { branchWeekdays, dateLabel, deliveryDates, pickupDate } from './calendar';
import type { OrderInput } from './input';
import { chargeFor, DELIVERY_TYPE, orderRefusal, paymentTypes, toItem, type DeliveryTypeId } from './state';
import { moneyText, toKopecks } from '../lib/money';
import { afterOrderPlaced } from './placed';
import { mailNewOrderToStaff } from '../orders/staff-mail';
import { onlineAllowed, paymentDueAt, startPayment, type StartedPayment } from '../payments/service';
import { isOnlineType, ONLINE_TYPES, payLink } from '../payments/view';

/** `payment`: present when the buyer must pay online — where (the provider's page, or the ЕРИП instructions), how, and the state. */
export type Placed = { order_number: string; status: OrderStatus; total: number; url: string; repeated: boolean; payment?: StartedPayment | { url: string; method: 'card' | 'erip'; status: string } };

const conflict = (message: string, field?: string, data: unknown = null) => new HttpError(409, [{ code: ERR.CONFLICT, message, ...(field ? { field } : {}) }], data);
/** The database waited too long: 409 for a stock lock others hold, 503 for no connection or a slow statement. */
const busy = (kind: 'lock' | 'statement' | 'acquire') => new HttpError(kind === 'lock' ? 409 : 503, [{ code: kind === 'lock' ? ERR.CONFLICT : ERR.BUSY, message: t('CHECKOUT_ERR_BUSY') }]);
const invalid = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message: `${fieldName(field)}: ${message}` }]);
const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), text);

export const confirmationUrl = (number: string) => `/checkout/${encodeURIComponent(number)}/`;

async function existing(db: Db, key: string, owner: string, origin?: string): Promise<Placed | null> {
  const [o] = await db.select({ id: orders.id, number: orders.number, status: orders.status, total: orders.total, ownerKey: orders.ownerKey }).from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  if (!o) return null;
  // Keys are random UUIDs; one sent by somebody else is refused without telling whose it is.
  if (o.ownerKey !== owner) throw conflict(t('CHECKOUT_ERR_KEY_USED'));
  return { order_number: o.number, status: o.status as OrderStatus, total: Number(o.total), url: confirmationUrl(o.number), repeated: true, ...(await paymentOf(db, o.id, o.number, origin)) };
}

/**
 * The online payment of a just-placed order, asked of the provider after the order committed (a
 * provider that is slow or down never holds the stock transaction). If it cannot be asked now, the
 * buyer still gets where to pay: the store's pay link retries (`/checkout/{n}/pay/`).
 */
async function paymentOf(db: Db, orderId: number, number: string, origin?: string): Promise<Pick<Placed, 'payment'>> {
  try {
    const p = await startPayment(db, orderId, origin);
    return p ? { payment: p } : {};
  } catch (e) {
    console.error(`[checkout] order ${number}: the payment could not be started now`, e);
    const [o] = await db.select({ type: orders.paymentType, status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!o || !isOnlineType(o.type) || o.status !== 'awaiting') return {};
    return { payment: { url: o.type === 'online' ? payLink(number) : confirmationUrl(number), method: ONLINE_TYPES[o.type], status: 'awaiting' } };
  }
}

/** Address text and checks of the delivery part, outside the transaction (no stock involved). */
/**
 * The order keeps its own copy of the address: the composed line (what every place shows) and its
 * fields. A saved unstructured (legacy) address was confirmed and delivered to before: it is still
 * accepted, with its line only (fields NULL).
 */
async function deliveryTarget(db: Db, viewer: Viewer | null, input: OrderInput): Promise<{ addressId: number | null; text: string | null; fields: AddressFields | null }> {
  if (input.deliveryTypeId !== DELIVERY_TYPE.delivery) return { addressId: null, text: null, fields: null };
  if (input.addressId) {
    const mine = viewer ? await usableAddresses(db, viewer) : [];
    const a = mine.find((x) => x.id === input.addressId);
    if (!a) throw invalid('addressId', t('CHECKOUT_ERR_ADDRESS_NOT_FOUND'));
    const fields = savedFields(a);
    return { addressId: a.id, text: addressText(a.address, a.flat, a.entrance), fields };
  }
  const fields = input.newAddress!;
  return { addressId: null, text: addressLine(fields), fields };
}

function savedFields(a: UsableAddress): AddressFields | null {
  if (a.unstructured || !a.city || !a.street || !a.house) return null;
  return { city: a.city, region: a.region ?? '', street: a.street, house: a.house, building: a.building, flat: a.flat, entrance: a.entrance };
}

/** A saved address's line with its flat and entrance (geo/address.ts `withUnit`). */
export const addressText = withUnit;

/** `writer`: where the order transaction runs (getWriteDb() in the endpoint); reads before it use `db`. */
/** `origin`: the origin the buyer's request came to (the provider's return and notification addresses when SITE_URL is unset). */
export async function placeOrder(db: Db, viewer: Viewer | null, owner: string, input: OrderInput, now: Date = new Date(), writer: Db = db, origin?: string): Promise<Placed> {
  const refusal = orderRefusal(viewer);
  if (refusal) throw forbiddenError(refusal);
  const again = await existing(db, input.idempotencyKey, owner, origin);
  if (again) return again;

  const payment = paymentTypes(viewer, await onlineAllowed(db, viewer));
  if (!payment.types.some((p) => p.id === input.payment)) throw invalid('payment', payment.invoice_only ? t('CHECKOUT_ERR_INVOICE_ONLY') : t('CHECKOUT_ERR_PAYMENT'));
  let payerCompanyId: number | null = null;
  if (input.payment === 'invoice') {
    const payers = await organizationsFor(db, viewer!);
    if (!payers.some((p) => p.id === input.payerCompanyId)) throw invalid('payerCompanyId', t('CHECKOUT_ERR_PAYER_NOT_FOUND'));
    payerCompanyId = input.payerCompanyId!;
  }
  const target = await deliveryTarget(db, viewer, input);
  const branchList = await allBranches(db);
  const type = input.deliveryTypeId as DeliveryTypeId;
  const pickup = type === DELIVERY_TYPE.self ? branchList.find((b) => b.id === input.branchId) : undefined;
  if (type === DELIVERY_TYPE.self && !pickup) throw invalid('branchId', t('CHECKOUT_ERR_BRANCH_NOT_FOUND'));
  await hit(db, [{ key: `order:${owner}`, max: 20, windowSeconds: 600 }]);

  const made = await writer
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Stock rows another checkout holds are waited for briefly, then the buyer is told to retry.
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${dbTimeouts().checkoutLockMs}`));
      const items = (await basketRows(tx, { owner, companyId: viewer?.companyId ?? null })).filter((r) => r.can_buy).map(toItem);
      if (!items.length) throw conflict(t('CHECKOUT_ERR_EMPTY'));
      const stock = await lockStock(tx, items.map((i) => i.product_id));
      const home = pickup?.id ?? dispatchBranch(branchList).id;
      const alloc = allocate(items.map((i) => ({ productId: i.product_id, quantity: i.quantity })), stock, preference(branchList, home));

      const shortages = alloc
        .map((a, i) => ({ a, item: items[i]!, available: totalOf(stock.get(a.productId)) }))
        .filter(({ a, available }) => a.missing > 0 && !(available === 0 && input.onOrder.includes(a.productId)));
      if (shortages.length) {
        const errors = shortages.map(({ item, available }) => ({
          code: ERR.CONFLICT,
          field: 'basket',
          message: fill(available > 0 ? t('CHECKOUT_ERR_STOCK_SHORT') : t('CHECKOUT_ERR_STOCK_GONE'), { name: item.name, article: item.article, left: available, want: item.quantity }),
        }));
        throw new HttpError(409, errors, { shortages: shortages.map(({ item, available }) => ({ product_id: item.product_id, name: item.name, article: item.article, quantity: item.quantity, available })) });
      }
      const onOrderIds = new Set(alloc.filter((a) => a.missing > 0).map((a) => a.productId));

      const readiness = readinessOf(alloc, home);
      let date: string;
      if (pickup) date = pickupDate(readiness, branchWeekdays(pickup.hours), now);
      else {
        const allowed = deliveryDates(readiness, now);
        if (!allowed.includes(input.deliveryDate!)) throw invalid('deliveryDate', fill(t('CHECKOUT_ERR_DATE_UNAVAILABLE'), { first: dateLabel(allowed[0]!, now) }));
        date = input.deliveryDate!;
      }
      // The same charge the checkout state showed for this delivery type (state.ts `chargeFor`); a period
      // limit counts the employee's orders so far, read under a lock so two orders at once count in turn.
      await lockSpender(tx, viewer);
      const totals = chargeFor(viewer, items, type, await spentInPeriod(tx, viewer, now));
      if (toKopecks(input.expectedTotal) !== toKopecks(totals.total))
        throw conflict(fill(t('CHECKOUT_ERR_TOTAL_CHANGED'), { total: moneyText(totals.total) }), 'expectedTotal', { total: totals.total });
      const status: OrderStatus = totals.needs_approval ? 'approval' : 'new';

      const [order] = await tx
        .insert(orders)
        .values({
          number: sql`'ИН-' || nextval('order_number_seq')`,
          userId: viewer?.id ?? null,
          companyId: viewer?.companyId ?? null,
          status,
          deliveryTypeId: type,
          branchId: pickup?.id ?? null,
          addressId: target.addressId,
          deliveryAddress: target.text,
          deliveryAddressFields: target.fields,
          deliveryDate: date,
          contactName: input.name,
          contactPhone: input.phone,
          contactEmail: input.email,
          comment: input.comment ?? null,
          total: moneyText(totals.total),
          vat: moneyText(totals.vat),
          deliveryPrice: moneyText(totals.delivery_price),
          paymentType: input.payment,
          // Online payments start awaiting; a card order past its due time gives its stock back (payments/service.ts).
          paymentStatus: isOnlineType(input.payment) ? 'awaiting' : null,
          paymentDueAt: paymentDueAt(input.payment, now),
          payerCompanyId,
          ownerKey: owner,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning({ id: orders.id, number: orders.number });
      // The same key committed meanwhile by a parallel request: that order is the answer.
      if (!order) return null;

      await tx.insert(orderItems).values(items.map((i) => ({ orderId: order.id, productId: i.product_id, name: i.name, article: i.article, price: moneyText(i.price), quantity: i.quantity, onOrder: onOrderIds.has(i.product_id) })));
      const takes: Take[] = alloc.flatMap((a) => a.takes.map((tk) => ({ productId: a.productId, branchId: tk.branchId, quantity: tk.quantity })));
      await takeStock(tx, order.id, takes);
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status, actorKind: 'customer', actorUserId: viewer?.id ?? null });
      const ids = items.map((i) => i.product_id);
      await tx.delete(basketItems).where(and(inArray(basketItems.productId, ids), sql`${basketItems.basketId} = (SELECT ${baskets.id} FROM ${baskets} WHERE ${baskets.ownerKey} = ${owner})`));
      return { id: order.id, number: order.number, status, total: totals.total };
    })
    .catch(async (raw) => {
      const waited = dbBusy(raw);
      const e = waited ? busy(waited) : raw;
      // A duplicate that raced the first submission finds the basket already ordered (empty, or its
      // stock taken): the committed order with this key is its answer, not the conflict.
      if (e instanceof HttpError && e.status === 409) {
        const committed = await existing(db, input.idempotencyKey, owner, origin);
        if (committed) return null;
      }
      throw e;
    });

  if (!made) return (await existing(db, input.idempotencyKey, owner, origin))!;
  // The payment first, so the confirmation e-mail can already name the ЕРИП account.
  const started = await paymentOf(db, made.id, made.number, origin);
  await afterOrderPlaced(db, made.id, viewer).catch((e) => console.error('[checkout] after-order messages failed', e));
  await mailNewOrderToStaff(db, made.number).catch((e) => console.error('[checkout] the store\'s «Новый заказ» e-mail failed', e));
  return { order_number: made.number, status: made.status, total: made.total, url: confirmationUrl(made.number), repeated: false, ...started };
}
