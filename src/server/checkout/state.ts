/**
 * GET /web/orderCheckout/ (spec §3 checkout state, §7): the basket as this buyer pays for it, the
 * two ways to get it (pickup at a branch, delivery) with real dates, saved addresses, the buyer,
 * payment options and what, if anything, stops them from ordering.
 */
import type { Db } from '../db/client';
import { basketRows, FREE_DELIVERY_FROM, type BasketRow } from '../basket/basket';
import { usableAddresses, type UsableAddress } from '../addresses/usable';
import { organizationsFor, type Organization } from '../company/organizations';
import type { Viewer } from '../http/guard';
import { DEFAULT_DELIVERY_TYPE } from '../../config/constants';
import { fromKopecks, lineKopecks, toKopecks, vatKopecks } from '../lib/money';
import { t } from '../../i18n';
import { allocate, dispatchBranch, pickupOptions, preference, readinessOf, stockMap, totalOf, type PickupOption } from './availability';
import { cachedBranches } from '../catalog/reference';
import { CUT_OFF_HOUR, dateLabel, DELIVERY_PRICE, deliveryDates, type Readiness } from './calendar';
import { approvalLimit, approvalPeriod, limitText, needsApproval, spentInPeriod } from '../orders/approval';
import type { LimitPeriod } from '../orders/limit-period';
import { onlineAllowed } from '../payments/service';

export const DELIVERY_TYPE = { self: '1', delivery: '2' } as const;
export type DeliveryTypeId = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
export type PaymentType = 'cash' | 'card' | 'invoice' | 'online' | 'erip';

export type CheckoutItem = Pick<BasketRow, 'product_id' | 'code' | 'url' | 'name' | 'article' | 'brand' | 'image_seed' | 'quantity' | 'price' | 'base_price' | 'discount_percent' | 'sum' | 'stock'> & {
  /** No stock anywhere: sold "под заказ", delivered from the supplier. */
  on_order: boolean;
};

export type Totals = { positions: number; quantity: number; base_sum: number; discount_sum: number; sum: number; delivery_price: number; total: number; vat: number };

/**
 * What the order costs with one way of getting it — exactly what POST /api/order/create/ charges for
 * that delivery type (`chargeFor`, called by both) — and whether it then waits for the company
 * admin. The checkout island shows these for the chosen type and computes nothing itself.
 */
export type DeliveryTotals = { sum: number; delivery_price: number; total: number; vat: number; needs_approval: boolean };

export type CheckoutState = {
  basket: { items: CheckoutItem[]; unavailable: { product_id: number; name: string }[]; info: Totals & { contractor: boolean; free_delivery_from: number } };
  deliveryType: { self: { id: '1'; name: string }; delivery: { id: '2'; name: string } };
  deliveryTypeId: DeliveryTypeId;
  /** The charge for each delivery type, keyed by its id (`chargeFor`): what the island shows for the chosen one. */
  delivery_totals: Record<DeliveryTypeId, DeliveryTotals>;
  branches: PickupOption[];
  delivery: { readiness: Readiness; dates: { date: string; label: string }[]; price: number; free_from: number; cut_off_hour: number };
  addresses: UsableAddress[];
  user: { name: string; phone: string; email: string; branchId: number | null } | null;
  payment: { types: { id: PaymentType; name: string }[]; default: PaymentType; invoice_only: boolean };
  organizations: Organization[];
  /** `text`: the limit as the employee reads it («500,00 р. в месяц, осталось 191,06 р.»), shown before ordering. */
  approval: { required: boolean; limit: number | null; period: LimitPeriod; text: string | null };
  can_order: boolean;
  reason: string | null;
  /** A fresh idempotency key for this visit's submission (the spec's sessid). */
  sessid: string;
};

/** Totals in integer kopecks (../lib/money.ts): line sums, goods, discount, delivery, total and the VAT in it. */
export function totalsOf(items: { base_price: number; price: number; quantity: number }[], deliveryPrice: number): Totals {
  const base = items.reduce((s, r) => s + lineKopecks(r.base_price, r.quantity), 0);
  const sum = items.reduce((s, r) => s + lineKopecks(r.price, r.quantity), 0);
  const total = sum + toKopecks(deliveryPrice);
  return {
    positions: items.length,
    quantity: items.reduce((s, r) => s + r.quantity, 0),
    base_sum: fromKopecks(base),
    discount_sum: fromKopecks(base - sum),
    sum: fromKopecks(sum),
    delivery_price: fromKopecks(toKopecks(deliveryPrice)),
    total: fromKopecks(total),
    vat: fromKopecks(vatKopecks(total)),
  };
}

export const deliveryPriceFor = (type: DeliveryTypeId, sum: number) => (type === DELIVERY_TYPE.delivery && toKopecks(sum) < toKopecks(FREE_DELIVERY_FROM) ? DELIVERY_PRICE : 0);

/**
 * The one decision of what an order of these lines costs by this delivery type and whether it needs
 * the admin's approval: the checkout state shows it for every type, the order creation charges it.
 */
export function chargeFor(viewer: Viewer | null, items: { base_price: number; price: number; quantity: number }[], type: DeliveryTypeId, spent = 0): Totals & { needs_approval: boolean } {
  const totals = totalsOf(items, deliveryPriceFor(type, totalsOf(items, 0).sum));
  return { ...totals, needs_approval: needsApproval(viewer, totals.total, spent) };
}

const deliveryTotals = (c: ReturnType<typeof chargeFor>): DeliveryTotals => ({ sum: c.sum, delivery_price: c.delivery_price, total: c.total, vat: c.vat, needs_approval: c.needs_approval });

/**
 * Payment ways for this buyer (decision 0220): a retail buyer pays online (card, ЕРИП) or on
 * receipt; a business customer by invoice, plus online when the company allows it (`online`, from
 * `payments/service.ts onlineAllowed`), plus on receipt unless they may pay by invoice only.
 */
export function paymentTypes(viewer: Viewer | null, online = !viewer?.companyId): CheckoutState['payment'] {
  const onReceipt = [
    { id: 'cash' as const, name: t('CHECKOUT_PAY_CASH') },
    { id: 'card' as const, name: t('CHECKOUT_PAY_CARD') },
  ];
  const onlineTypes = online
    ? [
        { id: 'online' as const, name: t('CHECKOUT_PAY_ONLINE') },
        { id: 'erip' as const, name: t('CHECKOUT_PAY_ERIP') },
      ]
    : [];
  if (!viewer?.companyId) return { types: [...onlineTypes, ...onReceipt], default: 'cash', invoice_only: false };
  const invoice = { id: 'invoice' as const, name: t('CHECKOUT_PAY_INVOICE') };
  if (viewer.can('invoice_only')) return { types: [invoice, ...onlineTypes], default: 'invoice', invoice_only: true };
  return { types: [invoice, ...onlineTypes, ...onReceipt], default: 'invoice', invoice_only: false };
}

/** Why this viewer may not order at all (null: they may). */
export function orderRefusal(viewer: Viewer | null): string | null {
  if (viewer?.companyId && !viewer.can('place_orders')) return t('CHECKOUT_ERR_NO_PLACE_ORDERS');
  return null;
}

export function toItem(r: BasketRow): CheckoutItem {
  return {
    product_id: r.product_id,
    code: r.code,
    url: r.url,
    name: r.name,
    article: r.article,
    brand: r.brand,
    image_seed: r.image_seed,
    quantity: r.quantity,
    price: r.price,
    base_price: r.base_price,
    discount_percent: r.discount_percent,
    sum: r.sum,
    stock: r.stock,
    on_order: r.stock <= 0,
  };
}

export async function checkoutState(db: Db, viewer: Viewer | null, owner: string | null, now: Date = new Date()): Promise<CheckoutState> {
  const rows = owner ? await basketRows(db, { owner, companyId: viewer?.companyId ?? null }) : [];
  const items = rows.filter((r) => r.can_buy).map(toItem);
  const lines = items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
  const [branchList, stock] = await Promise.all([cachedBranches(db), stockMap(db, lines.map((l) => l.productId))]);
  const home = dispatchBranch(branchList).id;
  const readiness = readinessOf(allocate(lines, stock, preference(branchList, home)), home);
  for (const i of items) i.on_order = totalOf(stock.get(i.product_id)) <= 0;
  // A limit per day, week or month counts the employee's orders of the period so far (orders/approval.ts).
  const spent = await spentInPeriod(db, viewer, now);
  const byType = { self: chargeFor(viewer, items, DELIVERY_TYPE.self, spent), delivery: chargeFor(viewer, items, DELIVERY_TYPE.delivery, spent) };
  const { needs_approval: required, ...totals } = (DEFAULT_DELIVERY_TYPE as DeliveryTypeId) === DELIVERY_TYPE.self ? byType.self : byType.delivery;
  let user: CheckoutState['user'] = null;
  if (viewer) {
    user = { name: viewer.name, phone: viewer.phone ?? '', email: viewer.email, branchId: viewer.defaultBranchId };
  }
  const refusal = orderRefusal(viewer);
  return {
    basket: { items, unavailable: rows.filter((r) => !r.can_buy).map((r) => ({ product_id: r.product_id, name: r.name })), info: { ...totals, contractor: !!viewer?.companyId, free_delivery_from: FREE_DELIVERY_FROM } },
    deliveryType: { self: { id: '1', name: t('CHECKOUT_SELF') }, delivery: { id: '2', name: t('CHECKOUT_DELIVERY') } },
    deliveryTypeId: DEFAULT_DELIVERY_TYPE as DeliveryTypeId,
    delivery_totals: { [DELIVERY_TYPE.self]: deliveryTotals(byType.self), [DELIVERY_TYPE.delivery]: deliveryTotals(byType.delivery) },
    branches: pickupOptions(branchList, lines, stock, now),
    delivery: { readiness, dates: deliveryDates(readiness, now).map((date) => ({ date, label: dateLabel(date, now) })), price: DELIVERY_PRICE, free_from: FREE_DELIVERY_FROM, cut_off_hour: CUT_OFF_HOUR },
    addresses: viewer ? await usableAddresses(db, viewer) : [],
    user,
    payment: paymentTypes(viewer, await onlineAllowed(db, viewer)),
    organizations: viewer?.companyId ? await organizationsFor(db, viewer) : [],
    approval: { required, limit: approvalLimit(viewer), period: approvalPeriod(viewer), text: limitText(viewer, spent) },
    can_order: !refusal && items.length > 0,
    reason: refusal ?? (items.length ? null : t('CHECKOUT_ERR_EMPTY')),
    sessid: crypto.randomUUID(),
  };
}
