/**
 * Order statuses (rows in `order_statuses`, written by migration 0007) and the only way an order's
 * status changes: `changeOrderStatus` checks the move is allowed, writes the order and its history
 * in one transaction (a concurrent move of the same order loses cleanly: the update is conditional
 * on the status it read), then tells the owner according to their settings.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderStatuses, orderStatusHistory, orders, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { notify, wantsOrderStatusCopy } from '../notifications/notify';
import { t } from '../../i18n';
import { releaseStock } from './reservations';
import { siteUrl } from '../config';

export const ORDER_STATUS = {
  approval: 'approval',
  new: 'new',
  confirmed: 'confirmed',
  picking: 'picking',
  ready: 'ready',
  shipped: 'shipped',
  done: 'done',
  cancelled: 'cancelled',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS;

/** Where an order may go from each status. Pickup orders go picking → ready → done, deliveries picking → shipped → done. */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  approval: ['new', 'cancelled'],
  new: ['confirmed', 'cancelled'],
  confirmed: ['picking', 'cancelled'],
  picking: ['ready', 'shipped', 'cancelled'],
  ready: ['done', 'cancelled'],
  shipped: ['done'],
  done: [],
  cancelled: [],
};

/** Statuses in which the customer may still cancel their own order. */
export const CUSTOMER_CANCELLABLE: OrderStatus[] = ['approval', 'new'];

export type Actor = { kind: 'customer' | 'admin' | 'staff' | 'system'; userId: string | null };

export function isOrderStatus(value: string): value is OrderStatus {
  return value in ORDER_STATUS;
}

export async function statusName(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ name: orderStatuses.name }).from(orderStatuses).where(eq(orderStatuses.code, code)).limit(1);
  return row?.name ?? code;
}

/**
 * Moves order `orderId` from `from` to `to`. Callers have already checked that `actor` may touch
 * this order (ownership in their own query); this checks the move itself.
 */
export async function changeOrderStatus(
  db: Db,
  input: { orderId: number; from: OrderStatus; to: OrderStatus; actor: Actor; comment?: string; quiet?: boolean; note?: string },
): Promise<void> {
  if (!NEXT_STATUSES[input.from].includes(input.to)) throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ORDER_STATUS_NOT_ALLOWED') }]);
  if (input.actor.kind === 'customer' && !(input.to === 'cancelled' && CUSTOMER_CANCELLABLE.includes(input.from)))
    throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ORDER_CANNOT_CANCEL') }]);
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ status: input.to, updatedAt: new Date() })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, input.from)))
      .returning({ id: orders.id, number: orders.number, userId: orders.userId });
    if (!rows.length) return null;
    await tx.insert(orderStatusHistory).values({ orderId: input.orderId, status: input.to, actorKind: input.actor.kind, actorUserId: input.actor.userId, comment: input.comment ?? null });
    // A cancelled order gives its reserved stock back in the same transaction as the status change.
    if (input.to === 'cancelled') await releaseStock(tx as unknown as Db, input.orderId);
    return rows[0]!;
  });
  if (!moved) throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ORDER_STATUS_CHANGED_MEANWHILE') }]);
  // `quiet`: a step on the way to a later status in the same change (1C's exchange), told once at the end.
  if (!input.quiet && moved.userId && input.actor.userId !== moved.userId)
    await tellOwner(db, moved.userId, moved.number, input.to, input.from === 'approval' ? { comment: input.comment } : null, input.note);
}

/**
 * Tells the owner about the move. The company admin's decision on an order awaiting approval
 * always goes out by e-mail too (the buyer is waiting for it), with the admin's comment.
 */
async function tellOwner(db: Db, userId: string, number: string, status: OrderStatus, decision: { comment?: string } | null, note?: string): Promise<void> {
  const [settings] = await db.select({ sendStatus: users.sendStatus, notifyStatuses: users.notifyStatuses, notifySms: users.notifySms }).from(users).where(eq(users.id, userId)).limit(1);
  if (!settings) return;
  const name = await statusName(db, status);
  const title = `${t('ORDER')} ${number}: ${name.toLowerCase()}`;
  const href = `/personal/orders/${encodeURIComponent(number)}/`;
  const text = `${t('ORDER_STATUS_NOW')} «${name}».${decision?.comment ? ` ${t('ORDER_APPROVAL_COMMENT')}: ${decision.comment}` : ''}${note ? ` ${note}` : ''}`;
  const wanted = wantsOrderStatusCopy(settings, status);
  const copy = decision ? { email: true, sms: wanted.sms } : wanted;
  const site = siteUrl();
  await notify(db, {
    userId,
    kind: 'order',
    title,
    text,
    href,
    email: copy.email ? { subject: title, text: `${text}\n\n${t('ORDER_OPEN_LINK')}: ${site}${href}` } : undefined,
    sms: copy.sms ? `${title}. ${site}${href}` : undefined,
    orderNumber: number,
  });
}
