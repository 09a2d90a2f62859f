/**
 * Notifications: what a user finds under the bell in the header (spec §7 Notifications), created by
 * events (an order's status, a reply to a request, an address confirmed…) with an optional e-mail
 * and SMS copy. Whether a copy goes out is the caller's decision, made from the user's settings
 * (see `wantsOrderStatusCopy`), because each kind of event has its own setting. Copies go through the
 * message outbox (./outbox.ts), in the caller's transaction when it passes one.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import type { Mail } from '../mail/mail';
import { queueMail, queueSms } from './outbox';
import { unreadCountOf } from './inbox';

export type NotificationKind = 'order' | 'appeal' | 'address' | 'company' | 'promotion' | 'info' | 'moscow' | 'alert';

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  text: string;
  /** The page the notification is about (a local path). */
  href?: string;
  /** Hidden after this moment (the spec's date-limited type, data.date_end). */
  dateEnd?: Date;
  /** An e-mail copy to the user's address. */
  email?: Omit<Mail, 'to'>;
  /** An SMS copy to the user's phone. */
  sms?: string;
  /** The order the copies are about (its number): the desk's page of that order lists them. */
  orderNumber?: string;
};

/**
 * Stores the notification, then sends the copies. A copy that fails is logged and does not undo the
 * notification (the user still sees it in the store).
 */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      text: input.text,
      data: { ...(input.href ? { href: input.href } : {}), ...(input.dateEnd ? { date_end: input.dateEnd.toISOString() } : {}) },
    })
    .returning({ id: notifications.id });
  if (input.email || input.sms) {
    const [user] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (user && input.email) await queueMail(db, { ...input.email, to: user.email }, `notify-${input.kind}`, input.orderNumber);
    if (user?.phone && input.sms) await queueSms(db, { to: user.phone, text: input.sms }, `notify-${input.kind}`, input.orderNumber);
  }
  return row!.id;
}

/** The profile's order-status settings (spec: send_status, checkboxes): e-mail and SMS copies for this status? */
export function wantsOrderStatusCopy(settings: { sendStatus: boolean; notifyStatuses: string[]; notifySms: boolean }, status: string): { email: boolean; sms: boolean } {
  const wanted = settings.sendStatus && settings.notifyStatuses.includes(status);
  return { email: wanted, sms: wanted && settings.notifySms };
}

/**
 * Unread notifications of a user: their own and the broadcasts (userId null), not read, not deleted,
 * not past their date_end.
 */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return unreadCountOf(db, userId);
}
