/** Appeals (customer requests), their messages, files and reads; the staff desk's action log. */
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies, userFk, users } from './accounts';
import { products } from './catalog';
import { orders } from './orders';

// ───────────────────────────── Appeals (requests) ─────────────────────────────

/** One field of a request type's form (server/requests/types.ts reads and checks them). */
export type AppealField = {
  /** Key in appeals.fields (or `order` / `product`, which become the appeal's links). */
  key: string;
  kind: 'order' | 'product' | 'text' | 'select' | 'files' | 'message';
  label: string;
  required?: boolean;
  hint?: string;
  /** text: maximum length. */
  max?: number;
  /** select: the choices. */
  options?: { value: string; label: string }[];
};

/** Request types (reference rows in migrations 0007 and the requests migration), each with its own form. */
export const appealTypes = pgTable('appeal_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(500),
  description: text('description').notNull().default(''),
  fields: jsonb('fields').$type<AppealField[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
});

export type AppealStatus = 'open' | 'in_progress' | 'closed';

export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    userId: userFk(),
    /** The author's company when they wrote it: its admin sees the request too. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    typeCode: text('type_code')
      .notNull()
      .references(() => appealTypes.code),
    subject: text('subject').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('open'),
    rating: integer('rating'),
    /** What the request is about: an order of the author's and a product of that order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The type's own fields (serial number, document kind…), keyed as in appeal_types.fields. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when the customer waits for the store (set by a customer message, cleared by a staff reply). */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appeals_user_idx').on(t.userId),
    index('appeals_company_idx').on(t.companyId),
    index('appeals_queue_idx').on(t.status, t.awaitingSince),
  ],
);

/** A required reference to an appeal, gone with the appeal. */
export const appealFk = (name = 'appeal_id') =>
  integer(name).notNull().references(() => appeals.id, { onDelete: 'cascade' });

export const appealMessages = pgTable(
  'appeal_messages',
  {
    id: serial('id').primaryKey(),
    appealId: appealFk(),
    authorUserId: text('author_user_id'),
    fromStaff: boolean('from_staff').notNull().default(false),
    text: text('text').notNull(),
    /** A status change shown in the thread ('closed', 'open', 'in_progress'); null for a message. */
    event: text('event'),
    rating: integer('rating'),
    createdAt: createdAt(),
  },
  (t) => [index('appeal_messages_appeal_idx').on(t.appealId)],
);

/** Files of a message: stored under DATA_DIR/appeal-files/ (never the web root), served by a guarded route. */
export const appealAttachments = pgTable(
  'appeal_attachments',
  {
    id: serial('id').primaryKey(),
    appealId: appealFk(),
    messageId: integer('message_id')
      .notNull()
      .references(() => appealMessages.id, { onDelete: 'cascade' }),
    /** Random storage name (no user input reaches the file system). */
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('appeal_attachments_message_idx').on(t.messageId), index('appeal_attachments_appeal_idx').on(t.appealId)],
);

/** When each reader last opened a request (unread staff replies are newer than this). */
export const appealReads = pgTable(
  'appeal_reads',
  {
    appealId: appealFk(),
    userId: userFk(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appealId, t.userId] })],
);

/** Every action of a store employee at the desk: who, what, on what, when. */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'appeal.reply' | 'appeal.status' | 'order.status' | 'announcement.add' | 'announcement.end' | 'pricelist.import'. */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_actions_at_idx').on(t.at), index('staff_actions_target_idx').on(t.targetKind, t.targetId)],
);
