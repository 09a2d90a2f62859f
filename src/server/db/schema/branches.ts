/** Branches, their stock and partner shops (where to buy). */
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { productFk } from './catalog';

// ───────────────────────────── Branches, stock, shops ─────────────────────────────

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    city: text('city').notNull(),
    name: text('name').notNull(),
    /** Родительный падеж for "Самовывоз из филиала в Гомеле" (spec: branchNameGenitive). */
    nameGenitive: text('name_genitive').notNull(),
    address: text('address').notNull(),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    email: text('email'),
    hours: text('hours').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    sort: integer('sort').notNull().default(500),
    /** Sitemap lastmod of the branch page; kept by a trigger (migration storefront_sql). */
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('branches_code_uq').on(t.code)],
);

/** A required reference to a branch, gone with the branch. */
export const branchFk = (name = 'branch_id') =>
  integer(name).notNull().references(() => branches.id, { onDelete: 'cascade' });

export const stocks = pgTable(
  'stocks',
  {
    productId: productFk(),
    branchId: branchFk(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.branchId] }), index('stocks_branch_idx').on(t.branchId)],
);

/** Where to buy: partner shops, online and offline. */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<'online' | 'offline'>().notNull(),
    city: text('city'),
    address: text('address'),
    url: text('url'),
    phone: text('phone'),
    hours: text('hours'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    sort: integer('sort').notNull().default(500),
  },
  (t) => [index('shops_city_idx').on(t.city), index('shops_kind_idx').on(t.kind)],
);
