/** Guest-or-user lists: basket, favourites, compare (keyed by `owner_key`). */
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { productFk } from './catalog';

// ───────────────────────────── Basket, favourites, compare ─────────────────────────────

export const baskets = pgTable(
  'baskets',
  {
    id: serial('id').primaryKey(),
    ownerKey: text('owner_key').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('baskets_owner_uq').on(t.ownerKey)],
);

export const basketItems = pgTable(
  'basket_items',
  {
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    productId: productFk(),
    quantity: integer('quantity').notNull(),
    /** Spec: motivation flag 'Y' — the item was added from a motivation block (bonus offer). */
    motivation: boolean('motivation').notNull().default(false),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.basketId, t.productId] })],
);

/** A list of products an owner keeps (`u:<userId>` or `g:<guestToken>`): one row per owner and product. */
const ownerProductList = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      ownerKey: text('owner_key').notNull(),
      productId: productFk(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.ownerKey, t.productId] })],
  );

export const favorites = ownerProductList('favorites');
export const compareItems = ownerProductList('compare_items');

// ───────────────────────────── Idempotent writes ─────────────────────────────

/**
 * The first answer of a write sent with an idempotency key (http/idempotency.ts): a retry with the
 * same key from the same owner gets this answer back and changes nothing. Written in the same
 * transaction as the write itself; rows older than a day are pruned.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    /** `u:<userId>` or `g:<guestToken>`: keys are scoped to their owner. */
    ownerKey: text('owner_key').notNull(),
    key: text('key').notNull(),
    /** sha256 of the call and its input: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer's `data` as JSON text, byte for byte what the first request got. */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.key] }), index('idempotent_writes_created_idx').on(t.createdAt)],
);
