/** Guest-or-user lists: basket, favourites, compare (keyed by `owner_key`). */
import { boolean, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
