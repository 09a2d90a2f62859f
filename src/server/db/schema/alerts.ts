/** Product alerts (issue 30): «Сообщить о поступлении» and «Следить за ценой» (docs/decisions/0270-product-alerts.md). */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { productFk } from './catalog';
import { branches } from './branches';
import { users } from './accounts';

// ───────────────────────────── Alerts ─────────────────────────────

export const productAlerts = pgTable(
  'product_alerts',
  {
    id: serial('id').primaryKey(),
    /** `u:<userId>` for a signed-in subscriber, `e:<e-mail>` for a guest: one alert of a kind per product and owner. */
    owner: text('owner').notNull(),
    /** 'stock' | 'price'. */
    kind: text('kind').notNull(),
    productId: productFk(),
    /** A stock alert for one branch only; null = any branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's address (null for a signed-in subscriber: his current e-mail is used). */
    email: text('email'),
    /** An SMS copy too (signed-in subscribers with a phone). */
    sms: boolean('sms').notNull().default(false),
    /** «Ниже цены»: the price chosen; null = any drop below `threshold`. */
    targetPrice: money('target_price'),
    /** The price a message is due under: the chosen price, or (any drop) the last price told / the price at subscription. */
    threshold: money('threshold'),
    /** Null until a guest follows the link in the confirmation e-mail; a signed-in subscriber is confirmed at once. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The state last seen by the sender: stock — in stock; price — below the chosen price. A message goes out only when it turns true. */
    seen: boolean('seen').notNull().default(false),
    /** The last message sent (price messages: at most one a day). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_alerts_owner_uq').on(t.owner, t.productId, t.kind), index('product_alerts_product_idx').on(t.productId), index('product_alerts_user_idx').on(t.userId)],
);
