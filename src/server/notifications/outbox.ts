/**
 * The message outbox: e-mails and SMS no one waits for at the screen (order confirmations, the store's
 * «Новый заказ», notification copies, payment news). A call writes the message to `message_outbox` and
 * returns; this node's worker sends it a moment later, and again after a failure (a pause that doubles per
 * failure, MAIL_RETRY_BASE_MS … MAIL_RETRY_MAX_MS), up to MAIL_ATTEMPTS attempts. So an SMTP server or SMS
 * gateway that is slow or down neither holds up a checkout nor loses its e-mail.
 *
 * Rows are claimed with a lease (UPDATE … FOR UPDATE SKIP LOCKED), so every node may run the worker: two never
 * send one message at once, and a node that dies mid-send only delays it by the lease. Delivery is at least
 * once. Codes (sign-in, confirmation) are not queued: their sender waits for them and must hear of a failure.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { messageOutbox } from '../db/schema';
import { backoffMs, pollingWorker } from '../db/worker';
import { sendMail, type Mail } from '../mail/mail';
import { sendSms } from './sms';
import type { Sms } from './sms-provider';
import { config } from '../config';

/** How long a node keeps a claimed message before another may send it (longer than any SMTP or SMS timeout). */
const LEASE_MS = 120_000;
const BATCH = 10;

type StoredMail = Omit<Mail, 'attachments'> & { attachments?: { filename: string; contentType: string; base64: string }[] };
type Row = { id: number; channel: 'email' | 'sms'; tag: string; message: StoredMail | Sms; attempts: number };

/** How long a sent message is kept (what was sent, for the staff and the logs), and one given up. */
export const KEEP_SENT_DAYS = 30;
export const KEEP_FAILED_DAYS = 90;
let prunedAt = 0;

/** Deletes messages sent more than KEEP_SENT_DAYS ago and given up more than KEEP_FAILED_DAYS ago; returns how many. */
export async function pruneMessages(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`
    DELETE FROM message_outbox
    WHERE sent_at < now() - make_interval(days => ${KEEP_SENT_DAYS}) OR failed_at < now() - make_interval(days => ${KEEP_FAILED_DAYS})
    RETURNING id`);
  return rows.length;
}

/** A sender's pass: the due messages, and once an hour on each node the old ones pruned (every invoice PDF is in its row). */
async function pass(db: Db): Promise<number> {
  if (Date.now() - prunedAt > 3_600_000) {
    prunedAt = Date.now();
    await pruneMessages(db);
  }
  return deliverDueMessages(db);
}

const worker = pollingWorker('message-outbox', { pass, batch: BATCH, pollMs: () => config().OUTBOX_POLL_MS, enabled: () => config().OUTBOX_WORKER, listen: 'message_outbox' });

/** Starts this node's sender once (OUTBOX_WORKER=0 keeps a node out of delivery). */
export const startMessageWorker = (): void => worker.start();

/**
 * Writes an e-mail to the outbox, inside the caller's transaction if it passes one; `orderNumber`: the order it is
 * about, listed on the desk's page of that order. Its commit wakes the senders
 * (the table's trigger NOTIFYs `message_outbox`), so it goes out a moment later; OUTBOX_POLL_MS is the fallback.
 */
export async function queueMail(db: Db, mail: Mail, tag: string, orderNumber?: string): Promise<void> {
  const { attachments, ...rest } = mail;
  const message: StoredMail = { ...rest, ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) } : {}) };
  await db.insert(messageOutbox).values({ channel: 'email', tag, message, orderNumber: orderNumber ?? null });
}

/** Writes an SMS to the outbox, as `queueMail` does. */
export async function queueSms(db: Db, sms: Sms, tag: string, orderNumber?: string): Promise<void> {
  await db.insert(messageOutbox).values({ channel: 'sms', tag, message: { to: sms.to, text: sms.text }, orderNumber: orderNumber ?? null });
}

async function claimDue(db: Db, limit: number): Promise<Row[]> {
  return queryRows<Row>(db, sql`
    UPDATE message_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_MS / 1000}::double precision)
    WHERE id IN (
      SELECT id FROM message_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, channel, tag, message, attempts`);
}

async function send(row: Row): Promise<string> {
  if (row.channel === 'sms') return (await sendSms(row.message as Sms, row.tag)).id;
  const { attachments, ...mail } = row.message as StoredMail;
  const files = attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') }));
  return (await sendMail({ ...mail, ...(files ? { attachments: files } : {}) }, row.tag)).id;
}

async function attempt(db: Db, row: Row): Promise<void> {
  const c = config();
  try {
    const ref = await send(row);
    await db.update(messageOutbox).set({ sentAt: sql`now()`, sentRef: ref, lockedUntil: null, lastError: null }).where(eq(messageOutbox.id, row.id));
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    const last = row.attempts >= c.MAIL_ATTEMPTS;
    const to = (row.message as { to?: unknown }).to;
    console.warn(`[outbox] ${row.channel} #${row.id} (${row.tag}) to ${String(to)}: attempt ${row.attempts} of ${c.MAIL_ATTEMPTS} failed${last ? ', given up' : ''}: ${error}`);
    const delay = backoffMs(row.attempts, { baseDelayMs: c.MAIL_RETRY_BASE_MS, maxDelayMs: c.MAIL_RETRY_MAX_MS });
    await db
      .update(messageOutbox)
      .set({ lockedUntil: null, lastError: error, ...(last ? { failedAt: sql`now()` } : { nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000}::double precision)` }) })
      .where(eq(messageOutbox.id, row.id));
  }
}

/** One pass: claims the due messages and tries each once. Returns how many were claimed. */
export async function deliverDueMessages(db: Db, limit = BATCH): Promise<number> {
  const rows = await claimDue(db, limit);
  for (const row of rows) await attempt(db, row);
  return rows.length;
}

export type OutboxHealth = { waiting: number; retrying: number; failed: number; lastError: string | null };

/**
 * What the staff (and /api/health/) should know: messages not sent yet, those of them that failed at least once,
 * those given up in the last 7 days, and the latest error. One query over the unsent rows' index.
 */
export async function outboxHealth(db: Db): Promise<OutboxHealth> {
  const [row] = await queryRows<{ waiting: number; retrying: number; failed: number; last_error: string | null }>(db, sql`
    SELECT count(*) FILTER (WHERE failed_at IS NULL)::int AS waiting,
           count(*) FILTER (WHERE failed_at IS NULL AND last_error IS NOT NULL)::int AS retrying,
           count(*) FILTER (WHERE failed_at > now() - interval '7 days')::int AS failed,
           (array_agg(last_error ORDER BY id DESC) FILTER (WHERE last_error IS NOT NULL))[1] AS last_error
    FROM message_outbox WHERE sent_at IS NULL`);
  return { waiting: row!.waiting, retrying: row!.retrying, failed: row!.failed, lastError: row!.last_error };
}

/**
 * «Отправить ещё раз»: every message that failed and is not sent yet — waiting out its pause, or given up in the
 * last 7 days (those start their attempts afresh) — is due now. Returns how many.
 */
export async function retryUnsent(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`
    UPDATE message_outbox SET next_attempt_at = now(), failed_at = NULL,
      attempts = CASE WHEN failed_at IS NULL THEN attempts ELSE 0 END
    WHERE sent_at IS NULL AND last_error IS NOT NULL AND (failed_at IS NULL OR failed_at > now() - interval '7 days')
    RETURNING id`);
  return rows.length;
}

export type OrderMessage = { id: number; channel: 'email' | 'sms'; to: string; about: string; created_at: string; sent_at: string | null; failed_at: string | null; attempts: number; last_error: string | null };

/** The e-mails and SMS about one order, oldest first: to whom, what, and whether they went out (the desk's order page). */
export async function orderMessages(db: Db, orderNumber: string): Promise<OrderMessage[]> {
  const rows = await db.select().from(messageOutbox).where(eq(messageOutbox.orderNumber, orderNumber)).orderBy(messageOutbox.id).limit(100);
  return rows.map((r) => {
    const m = r.message as { to?: unknown; subject?: string; text?: string };
    const to = Array.isArray(m.to) ? m.to.join(', ') : String(m.to ?? '');
    return {
      id: r.id,
      channel: r.channel as 'email' | 'sms',
      to,
      about: r.channel === 'sms' ? (m.text ?? '') : (m.subject ?? ''),
      created_at: r.createdAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
      failed_at: r.failedAt?.toISOString() ?? null,
      attempts: r.attempts,
      last_error: r.lastError,
    };
  });
}
