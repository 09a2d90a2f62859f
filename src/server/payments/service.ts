/**
 * Online payments of orders (issue 26, decision 0220): starting a payment with the provider, applying
 * its notifications, the deadline of unpaid card orders and refunds. The order's own payment state
 * (`orders.payment_status`: awaiting → paid | unpaid → refunded) changes only here, and only by a
 * conditional UPDATE on the state it leaves — so a notice sent twice, two nodes sweeping at once, or
 * a notice racing the deadline each make at most one transition.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb, getDbHandle, type Db } from '../db/client';
import { companies, orders, orderStatusHistory, paymentEvents, payments } from '../db/schema';
import { queryRows } from '../db/rows';
import { z } from 'astro/zod';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { releaseStock } from '../orders/reservations';
import { queueMail } from '../notifications/outbox';
import { notify } from '../notifications/notify';
import { config, siteUrl } from '../config';
import { toKopecks } from '../lib/money';
import { t } from '../../i18n';
import type { Notice, PaymentMethod, PaymentProvider } from './provider';
import { createSandbox, sandboxKeys } from './sandbox';
import { createBepaid, bepaidConfig } from './bepaid';
import { isOnlineType, ONLINE_TYPES, PAYMENT_STATUS_NAMES, type PaymentStatus } from './view';

const providers: Record<'sandbox' | 'bepaid', PaymentProvider> = { sandbox: createSandbox(), bepaid: createBepaid() };

export function paymentProvider(): PaymentProvider {
  return providers[config().PAYMENT_PROVIDER];
}

/** Tests replace a provider (bePaid against a fake fetch). */
export function setPaymentProvider(name: 'sandbox' | 'bepaid', p: PaymentProvider): void {
  providers[name] = p;
}

// Say so at start-up rather than at the first buyer who wants to pay.
if (config().PAYMENT_PROVIDER === 'bepaid') {
  try {
    bepaidConfig();
  } catch (e) {
    console.error(`[payments] ${(e as Error).message}`);
  }
}

/** ЕРИП requests stay payable this long (a buyer may pay at a bank tomorrow); card orders PAYMENT_DEADLINE_MINUTES. */
export const ERIP_DEADLINE_HOURS = 72;

export function paymentDueAt(type: string, now: Date = new Date()): Date | null {
  if (type === 'online') return new Date(now.getTime() + config().PAYMENT_DEADLINE_MINUTES * 60_000);
  if (type === 'erip') return new Date(now.getTime() + ERIP_DEADLINE_HOURS * 3_600_000);
  return null;
}

/** Whether this buyer may pay online: every retail buyer; a contractor's employee if the company allows it. */
export async function onlineAllowed(db: Db, viewer: Pick<Viewer, 'companyId'> | null): Promise<boolean> {
  if (!viewer?.companyId) return true;
  const [c] = await db.select({ on: companies.onlinePayments }).from(companies).where(eq(companies.id, viewer.companyId)).limit(1);
  return !!c?.on;
}

/**
 * The store's public origin for the provider: SITE_URL, or (unset, outside production) the origin the
 * buyer's request came to — as export links do — so a demo on another port still gets its notifications.
 */
export const publicOrigin = (requestOrigin?: string) => config().SITE_URL?.replace(/\/$/, '') ?? requestOrigin ?? siteUrl();
export const notificationUrl = (origin = publicOrigin()) => `${origin}/api/payments/notify/`;
const confirmation = (number: string, origin = publicOrigin()) => `${origin}/checkout/${encodeURIComponent(number)}/`;

export type StartedPayment = { url: string; method: PaymentMethod; status: PaymentStatus };

async function log(db: Db, e: { orderId: number | null; provider: string; uid?: string | null; status?: string | null; outcome: string; detail?: string }) {
  await db.insert(paymentEvents).values({ orderId: e.orderId, provider: e.provider, uid: e.uid ?? null, status: e.status ?? null, outcome: e.outcome, detail: e.detail ?? null });
}

/**
 * Asks the provider for the payment of order `orderId` once; later calls answer the payment already
 * asked for. Null when the order is not (or no longer) to be paid online. The amount is the order's
 * total in kopecks as the server stored it.
 */
export async function startPayment(db: Db, orderId: number, requestOrigin?: string): Promise<StartedPayment | null> {
  const origin = publicOrigin(requestOrigin);
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o || !isOnlineType(o.paymentType) || o.paymentStatus !== 'awaiting') return null;
  const method = ONLINE_TYPES[o.paymentType];
  const [had] = await db.select().from(payments).where(eq(payments.orderId, o.id)).limit(1);
  if (had) return { url: method === 'card' ? had.url! : confirmation(o.number, origin), method, status: 'awaiting' };
  const provider = paymentProvider();
  const req = {
    trackingId: o.number,
    amountKopecks: toKopecks(o.total),
    currency: 'BYN' as const,
    description: `Заказ ${o.number} в интернет-магазине ${t('SITE_NAME')}`,
    email: o.contactEmail,
    notificationUrl: notificationUrl(origin),
    returnUrl: confirmation(o.number, origin),
    expiresAt: o.paymentDueAt ?? paymentDueAt(o.paymentType)!,
  };
  const base = { orderId: o.id, provider: provider.name, method, trackingId: o.number, amountKopecks: req.amountKopecks, currency: req.currency };
  let url: string;
  if (method === 'card') {
    const card = await provider.startCard(req);
    url = card.url;
    await db.insert(payments).values({ ...base, token: card.token, url }).onConflictDoNothing();
  } else {
    const erip = await provider.startErip(req);
    url = confirmation(o.number, origin);
    await db.insert(payments).values({ ...base, uid: erip.uid, status: erip.status, erip: erip.erip, url }).onConflictDoNothing();
  }
  // A parallel click may have inserted first: its payment is the one.
  const [p] = await db.select({ url: payments.url }).from(payments).where(eq(payments.orderId, o.id)).limit(1);
  return { url: method === 'card' ? (p?.url ?? url) : url, method, status: 'awaiting' };
}

const noticeSchema = z.object({
  transaction: z.object({
    uid: z.string().min(1).max(100),
    status: z.string().min(1).max(40),
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
    tracking_id: z.string().max(100).optional(),
    order_id: z.string().max(100).optional(),
    message: z.string().max(1000).optional().nullable(),
  }),
});

const refuse = (status: number, message: string) => new HttpError(status, [{ code: status === 404 ? ERR.NOT_FOUND : status === 409 ? ERR.CONFLICT : ERR.VALIDATION, message }]);

export type NoticeResult = { order_number: string; payment_status: PaymentStatus; changed: boolean };

type Closed = { id: number; number: string; user_id: string | null; contact_email: string | null; owner_key: string | null };

/**
 * Marks awaiting orders matching `where` as not paid and cancels them, giving their stock back — in
 * the caller's transaction. `FOR UPDATE SKIP LOCKED` and the repeated `payment_status = 'awaiting'`
 * make each order claimed by one transaction only, on any number of nodes.
 */
async function closeUnpaid(tx: Db, where: ReturnType<typeof sql>, comment: string): Promise<Closed[]> {
  const rows = await queryRows<Closed>(
    tx,
    sql`UPDATE orders SET payment_status = 'unpaid', status = 'cancelled', payment_due_at = NULL, updated_at = now()
        WHERE id IN (SELECT id FROM orders WHERE payment_status = 'awaiting' AND status IN ('approval', 'new', 'confirmed', 'picking', 'ready') AND ${where} ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
          AND payment_status = 'awaiting'
        RETURNING id, number, user_id, contact_email, owner_key`,
  );
  for (const r of rows) {
    await tx.insert(orderStatusHistory).values({ orderId: r.id, status: 'cancelled', actorKind: 'system', actorUserId: null, comment });
    await releaseStock(tx, r.id);
  }
  return rows;
}

/** Tells the buyer (e-mail to the order's contact, a notice in the account) what became of the payment. */
async function tellBuyer(db: Db, o: { number: string; userId: string | null; email: string | null }, status: PaymentStatus, extra = ''): Promise<void> {
  const texts: Record<PaymentStatus, string> = {
    awaiting: '',
    paid: 'Оплата получена, спасибо! Мы начинаем собирать заказ.',
    unpaid: 'Оплата не прошла или не поступила вовремя: заказ отменён, товар снова в продаже. Оформите заказ заново, если он ещё нужен.',
    refunded: 'Заказ отменён магазином, деньги возвращены на карту (или счёт, с которого платили). Банк зачисляет их обычно в течение нескольких дней.',
  };
  const title = `${t('ORDER')} ${o.number}: ${PAYMENT_STATUS_NAMES[status].toLowerCase()}`;
  const href = o.userId ? `/personal/orders/${encodeURIComponent(o.number)}/` : `/checkout/${encodeURIComponent(o.number)}/`;
  const text = `${texts[status]}${extra ? ` ${extra}` : ''}`;
  try {
    if (o.email) await queueMail(db, { to: o.email, subject: `${title} — ${t('SITE_NAME')}`, text: `${text}\n\n${t('ORDER_OPEN_LINK')}: ${siteUrl()}${href}` }, 'payment', o.number);
    if (o.userId) await notify(db, { userId: o.userId, kind: 'order', title, text, href });
  } catch (e) {
    console.error('[payments] could not tell the buyer', e);
  }
}

/**
 * One provider notification (POST /api/payments/notify/). Refused unless it verifies (credentials and
 * signature: 401, nothing read further); unless it names a payment of ours (404); unless its amount
 * and currency are exactly the order's (409, logged) — the provider's word is trusted for "paid",
 * never for "how much". Applied at most once: a repeat answers 200 without changing anything.
 */
export async function applyNotice(db: Db, notice: Notice, provider: PaymentProvider = paymentProvider()): Promise<NoticeResult> {
  if (!provider.verify(notice)) {
    console.warn(`[payments] a notification failed verification (credentials or Content-Signature); ${notice.raw.length} bytes ignored`);
    throw refuse(401, 'Уведомление не подтверждено: неверная подпись или учётные данные магазина.');
  }
  let json: unknown;
  try {
    json = JSON.parse(notice.raw);
  } catch {
    throw refuse(400, 'Уведомление не прочитано: ожидается JSON.');
  }
  const parsed = noticeSchema.safeParse(json);
  if (!parsed.success) throw refuse(400, 'Уведомление не прочитано: нет uid, status, amount или currency транзакции.');
  const tr = parsed.data.transaction;
  const tracking = tr.tracking_id ?? tr.order_id ?? '';
  const [p] = await db
    .select({ id: payments.id, orderId: payments.orderId, method: payments.method, amount: payments.amountKopecks, currency: payments.currency, uid: payments.uid, number: orders.number, paymentStatus: orders.paymentStatus, userId: orders.userId, email: orders.contactEmail })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.trackingId, tracking), eq(payments.provider, provider.name)))
    .limit(1);
  if (!p) {
    await log(db, { orderId: null, provider: provider.name, uid: tr.uid, status: tr.status, outcome: 'refused_order', detail: `tracking_id ${JSON.stringify(tracking)}` });
    throw refuse(404, 'Платёж с таким номером заказа не найден.');
  }
  if (tr.amount !== p.amount || tr.currency !== p.currency) {
    const detail = `notice ${tr.amount} ${tr.currency}, order ${p.amount} ${p.currency}`;
    console.warn(`[payments] order ${p.number}: notification ${tr.uid} refused, amount differs (${detail})`);
    await log(db, { orderId: p.orderId, provider: provider.name, uid: tr.uid, status: tr.status, outcome: 'refused_amount', detail });
    throw refuse(409, 'Сумма или валюта уведомления не совпадает с заказом: уведомление отклонено.');
  }
  if (p.uid && p.uid !== tr.uid) {
    await log(db, { orderId: p.orderId, provider: provider.name, uid: tr.uid, status: tr.status, outcome: 'refused_uid', detail: `expected ${p.uid}` });
    throw refuse(409, 'Уведомление относится к другой транзакции этого заказа.');
  }
  const target: PaymentStatus | null = tr.status === 'successful' ? 'paid' : tr.status === 'failed' || tr.status === 'expired' ? 'unpaid' : null;
  const current = p.paymentStatus as PaymentStatus;
  if (!target) {
    // incomplete, pending, start…: the payment is still open; noted, nothing changes.
    await db.update(payments).set({ uid: tr.uid, status: tr.status, updatedAt: new Date() }).where(eq(payments.id, p.id));
    await log(db, { orderId: p.orderId, provider: provider.name, uid: tr.uid, status: tr.status, outcome: 'noted' });
    return { order_number: p.number, payment_status: current, changed: false };
  }
  const changed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    let moved = false;
    if (target === 'paid') {
      const rows = await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paymentDueAt: null, updatedAt: new Date() })
        .where(and(eq(orders.id, p.orderId), eq(orders.paymentStatus, 'awaiting')))
        .returning({ id: orders.id });
      moved = rows.length > 0;
    } else {
      moved = (await closeUnpaid(tx, sql`id = ${p.orderId}`, 'Оплата не прошла')).length > 0;
    }
    if (moved) await tx.update(payments).set({ uid: tr.uid, status: tr.status, updatedAt: new Date() }).where(eq(payments.id, p.id));
    await tx.insert(paymentEvents).values({ orderId: p.orderId, provider: provider.name, uid: tr.uid, status: tr.status, outcome: moved ? 'applied' : 'repeated', detail: moved ? `${current} → ${target}` : `stays ${current}` });
    return moved;
  });
  if (changed) {
    await tellBuyer(db, { number: p.number, userId: p.userId, email: p.email }, target);
    return { order_number: p.number, payment_status: target, changed: true };
  }
  // Money arrived for an order the deadline had already cancelled: it goes straight back.
  if (target === 'paid' && current === 'unpaid') {
    await db.update(payments).set({ uid: tr.uid, status: tr.status, updatedAt: new Date() }).where(eq(payments.id, p.id));
    await refundPayment(db, p.orderId, 'Оплата поступила после отмены заказа', 'unpaid');
  }
  const [now] = await db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, p.orderId)).limit(1);
  return { order_number: p.number, payment_status: (now?.s ?? current) as PaymentStatus, changed: false };
}

/**
 * Gives the money of a paid, cancelled order back through the provider that took it. The order is
 * claimed first (paid → refunded), so two cancellations never refund twice; if the provider refuses,
 * the claim is undone and the failure logged for the staff to see.
 */
export async function refundPayment(db: Db, orderId: number, reason: string, from: 'paid' | 'unpaid' = 'paid'): Promise<'refunded' | 'failed' | null> {
  const claimed = await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, from), eq(orders.status, 'cancelled')))
    .returning({ number: orders.number, userId: orders.userId, email: orders.contactEmail });
  if (!claimed.length) return null;
  const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const provider = providers[(p?.provider as 'sandbox' | 'bepaid') ?? config().PAYMENT_PROVIDER];
  try {
    if (!p?.uid) throw new Error('no provider transaction to refund');
    const r = await provider.refund({ uid: p.uid, method: p.method as PaymentMethod, amountKopecks: p.amountKopecks, reason });
    await db.update(payments).set({ status: 'refunded', refundUid: r.uid, updatedAt: new Date() }).where(eq(payments.id, p.id));
    await log(db, { orderId, provider: provider.name, uid: r.uid, status: r.status, outcome: 'refund', detail: reason });
  } catch (e) {
    await db.update(orders).set({ paymentStatus: from }).where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'refunded')));
    await log(db, { orderId, provider: provider.name, uid: p?.uid ?? null, outcome: 'refund_failed', detail: (e as Error).message.slice(0, 500) });
    console.error(`[payments] refund of order ${claimed[0]!.number} failed`, e);
    return 'failed';
  }
  await tellBuyer(db, { number: claimed[0]!.number, userId: claimed[0]!.userId, email: claimed[0]!.email }, 'refunded');
  return 'refunded';
}

/** After any cancellation: a paid order's money goes back (store's or buyer's cancellation alike). */
export async function afterCancelled(db: Db, orderId: number): Promise<void> {
  await refundPayment(db, orderId, 'Заказ отменён').catch((e) => console.error('[payments] refund after cancel failed', e));
}

/** One pass of the deadline: every order still awaiting payment past its due time is cancelled and its stock released. */
export async function sweepUnpaid(db: Db, now: Date = new Date()): Promise<number> {
  const closed = await db.transaction(async (tx) => closeUnpaid(tx as unknown as Db, sql`payment_due_at < ${now.toISOString()}::timestamptz`, 'Не оплачен вовремя'));
  for (const c of closed) {
    await log(db, { orderId: c.id, provider: config().PAYMENT_PROVIDER, outcome: 'deadline', detail: 'awaiting → unpaid' });
    await tellBuyer(db, { number: c.number, userId: c.user_id, email: c.contact_email }, 'unpaid');
  }
  return closed.length;
}

let sweeping: NodeJS.Timeout | null = null;

/** Started with the node's background work: every PAYMENT_SWEEP_MS, on every node (claims make that safe). */
export function startPaymentSweep(): void {
  if (sweeping) return;
  // The sandbox's key pair exists from the node's start, not from its first notification.
  if (config().PAYMENT_PROVIDER === 'sandbox') {
    try {
      sandboxKeys();
    } catch (e) {
      console.error('[payments] the sandbox key pair could not be made', e);
    }
  }
  let pass: Promise<void> | null = null;
  const tick = () => {
    pass ??= (async () => {
      try {
        await sweepUnpaid(await getDb());
      } catch (e) {
        console.error('[payments] deadline sweep failed', e);
      } finally {
        pass = null;
      }
    })();
  };
  const timer = setInterval(tick, config().PAYMENT_SWEEP_MS);
  timer.unref();
  sweeping = timer;
  void getDbHandle().then((h) =>
    h.beforeClose(async () => {
      clearInterval(timer);
      await pass;
    }),
  );
}
