/**
 * The 1C "Обмен с сайтом" exchange (CommerceML 2, docs/decisions/0200-exchange-1c.md): its sessions,
 * and what 1C's price types and warehouses map to here.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { productFk } from './catalog';
import { branches } from './branches';

/**
 * One exchange session, opened by `mode=checkauth` and named by the cookie it answers. Kept in the
 * database so that 1C's next request may reach another app node. `tokenHash` is the sha256 of the
 * cookie value (a leaked table row does not open a session).
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    login: text('login').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('exchange_sessions_token_uq').on(t.tokenHash), index('exchange_sessions_expires_idx').on(t.expiresAt)],
);

/** 1C's price types (ПакетПредложений/ТипыЦен): the retail one sets products.price; all are kept for contract prices. */
export const priceTypes = pgTable(
  'price_types',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency'),
  },
  (t) => [uniqueIndex('price_types_external_uq').on(t.externalId)],
);

/** A product's price in each of 1C's price types. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: productFk(),
    priceTypeId: integer('price_type_id')
      .notNull()
      .references(() => priceTypes.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.priceTypeId] }), index('product_prices_type_idx').on(t.priceTypeId)],
);

/**
 * 1C's warehouses (Склады) and the branch each one's stock counts for. A warehouse the exchange meets
 * for the first time is recorded with no branch; until a manager maps it, its stock is not shown.
 */
export const warehouseBranches = pgTable('warehouse_branches', {
  externalId: text('external_id').primaryKey(),
  name: text('name').notNull(),
  branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
});

/**
 * What 1C last said each warehouse holds of a product (offers' КоличествоНаСкладе / Остатки), kept as sent,
 * so that remapping a warehouse to another branch in the desk can re-aggregate `stocks` at once
 * instead of waiting for 1C's next full offers package (exchange/warehouses.ts). Written by the offer
 * import for every offer that names warehouses: the product's rows are replaced, like its stocks.
 */
export const warehouseStocks = pgTable(
  'warehouse_stocks',
  {
    productId: productFk(),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => warehouseBranches.externalId, { onDelete: 'cascade' }),
    /** Whole units (fractions floored, negatives 0 — as counted into `stocks`). */
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.warehouseId] }), index('warehouse_stocks_warehouse_idx').on(t.warehouseId)],
);

/**
 * One `mode=import` of one file (docs/decisions/0200-exchange-1c.md, «Import jobs»): 1C repeats the
 * request until it hears `success` or `failure`, and each repeat may land on another app node, so the
 * job's state lives here. The node running it beats `heartbeatAt`; a running job whose heartbeat is
 * older than EXCHANGE_STALE_SECONDS lost its node and is restarted by the next request (the import is one
 * transaction, so the dead run changed nothing). `current` is cleared by `mode=init`: the partial unique
 * index lets exactly one node claim a (session, file) import with INSERT … ON CONFLICT DO NOTHING, and
 * the rows stay as the desk's exchange journal.
 */
export const exchangeJobs = pgTable(
  'exchange_jobs',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull(),
    file: text('file').notNull(),
    current: boolean('current').notNull().default(true),
    /** 'catalog' (import.xml), 'offers' (offers/prices/rests), 'zip', 'other' — known once the file is read. */
    kind: text('kind').notNull().default('other'),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    /** What the run has done so far (Russian), the `progress` line. */
    stage: text('stage').notNull().default(''),
    sections: integer('sections').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    prices: integer('prices').notNull().default(0),
    stocks: integer('stocks').notNull().default(0),
    pictures: integer('pictures').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Skipped pictures and offers, Russian lines (the first few). */
    notes: text('notes').notNull().default(''),
    error: text('error'),
    node: text('node').notNull(),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exchange_jobs_current_uq').on(t.sessionId, t.file).where(sql`${t.current}`),
    index('exchange_jobs_started_idx').on(t.startedAt),
  ],
);
