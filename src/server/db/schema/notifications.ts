/** Notifications and each user's read/deleted state. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { userFk, users } from './accounts';

// ───────────────────────────── Notifications ─────────────────────────────

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** null = for every signed-in user. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'info' | 'order' | 'moscow' (the spec's dated banner type, active until data.date_end). */
    kind: text('kind').notNull().default('info'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').$type<{ date_end?: string; href?: string }>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId)],
);

export const notificationStates = pgTable(
  'notification_states',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: userFk(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

// ───────────────────────────── Outgoing messages ─────────────────────────────

/**
 * E-mails and SMS that no one waits for at the screen (order confirmations, the store's «Новый заказ»,
 * notification copies, payment news): written here, then sent by a worker on any node, again after a failure
 * (notifications/outbox.ts). `sent_at` or `failed_at` closes a row; closed rows are pruned after 30 and 90 days.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'email' | 'sms'. */
    channel: text('channel').notNull(),
    /** What the message is about (order, order-staff, notify-order, payment…): the outbox file's name, the logs. */
    tag: text('tag').notNull(),
    /** The e-mail (attachments in base64) or the SMS, as sent. */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    /** The order the message is about (its number), for the desk's page of that order. */
    orderNumber: text('order_number'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The transport's own id of the sent message (SMTP Message-ID, the gateway's id, the outbox file). */
    sentRef: text('sent_ref'),
    /** Given up after MAIL_ATTEMPTS failures; the row and its last error stay for the staff. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`), index('message_outbox_unsent_idx').on(t.id).where(sql`${t.sentAt} IS NULL`), index('message_outbox_order_idx').on(t.orderNumber).where(sql`${t.orderNumber} IS NOT NULL`)],
);
