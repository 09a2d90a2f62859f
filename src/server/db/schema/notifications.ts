/** Notifications and each user's read/deleted state. */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
