/** The catalogue: sections, their filterable properties, brands, products and what hangs on a product
 * (consumables, questions, price requests, photos), and the change log the catalogue triggers write. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';

// ───────────────────────────── Catalogue ─────────────────────────────

export type SectionBanner = { title: string; text?: string; href?: string; color?: string };

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    depth: integer('depth').notNull(), // 1..3
    sort: integer('sort').notNull().default(500),
    description: text('description'),
    banner: jsonb('banner').$type<SectionBanner | null>(),
    icon: text('icon'),
    productCount: integer('product_count').notNull().default(0),
    /** 1C's Ид of the group this section mirrors (the exchange, docs/decisions/0200-exchange-1c.md); null for sections made here. */
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sections_code_uq').on(t.code), index('sections_parent_idx').on(t.parentId), uniqueIndex('sections_external_uq').on(t.externalId)],
);

/** Filterable properties a section's products carry (мощность, напряжение …). */
export const sectionProperties = pgTable(
  'section_properties',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit'),
    kind: text('kind').$type<'number' | 'enum'>().notNull(),
    sort: integer('sort').notNull().default(500),
    filterable: boolean('filterable').notNull().default(true),
  },
  (t) => [uniqueIndex('section_properties_uq').on(t.sectionId, t.code)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** How people write it in Cyrillic (Бош, Макита) — for search and the А–Я index. */
    nameCyr: text('name_cyr'),
    country: text('country'),
    description: text('description'),
    color: text('color').notNull().default('#444444'),
    sort: integer('sort').notNull().default(500),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_code_uq').on(t.code)],
);

export type ProductProperties = Record<string, string | number>;
export type Guarantee = '1' | '3' | '3big';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** URL slug: the product page lives at /{code}/. */
    code: text('code').notNull(),
    article: text('article').notNull(),
    /** Article stripped of spaces, dashes and dots, upper-cased — for exact article search. */
    articleNorm: text('article_norm').notNull(),
    name: text('name').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    description: text('description').notNull().default(''),
    properties: jsonb('properties').$type<ProductProperties>().notNull().default({}),
    price: money('price').notNull(),
    oldPrice: money('old_price'),
    isHit: boolean('is_hit').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    guarantee: text('guarantee').$type<Guarantee>(),
    /** Products of one line share this code (e.g. one model in several kits). */
    lineCode: text('line_code'),
    popularity: integer('popularity').notNull().default(0),
    /** Seed for the locally generated product image. */
    imageSeed: integer('image_seed').notNull().default(0),
    imageCount: integer('image_count').notNull().default(1),
    active: boolean('active').notNull().default(true),
    canBuy: boolean('can_buy').notNull().default(true),
    /**
     * Units across all branches: SUM(stocks.quantity), kept by triggers on `stocks`
     * (migration 0005_catalog_triggers). Listings filter and count "in stock" on it without touching `stocks`.
     */
    stockQty: integer('stock_qty').notNull().default(0),
    /** 1C's Ид of the nomenclature item (the exchange, docs/decisions/0200-exchange-1c.md); null for products made here. */
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    uniqueIndex('products_article_uq').on(t.article),
    uniqueIndex('products_external_uq').on(t.externalId),
    index('products_article_norm_idx').on(t.articleNorm),
    index('products_section_idx').on(t.sectionId, t.popularity),
    // Listings sort a section by price or novelty, a brand page by popularity (ORDER BY … LIMIT).
    index('products_section_price_idx').on(t.sectionId, t.price),
    index('products_section_created_idx').on(t.sectionId, t.createdAt),
    index('products_brand_idx').on(t.brandId, t.popularity),
    index('products_line_idx').on(t.lineCode),
    // Hits and novelties in the order the home page and their listings read them (ORDER BY … LIMIT 8 walks
    // the index instead of sorting every hit: at 100,000 products 13,000 hits took 130 ms on the home page).
    index('products_hits_popular_idx').on(t.popularity.desc().nullsFirst(), t.id).where(sql`${t.isHit}`),
    index('products_new_created_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isNew}`),
    // A level-1 or level-2 listing (every section below it) in its default order walks this index to its first page
    // instead of sorting the whole subtree: at 100,000 products /catalog/elektroinstrument/ read 30,000 rows in 50–70 ms,
    // 0.5 ms with it. One section's listing keeps using products_section_idx.
    index('products_popular_idx').on(t.popularity.desc().nullsFirst(), t.id),
  ],
);

/** A required reference to a product, gone with the product (`product_id` unless named). */
export const productFk = (name = 'product_id') =>
  integer(name).notNull().references(() => products.id, { onDelete: 'cascade' });

/**
 * The one change log (docs/decisions/0010-catalog.md, 0030-search.md): triggers append what changed,
 * whatever made the change (the app, an import, psql), and every app node reads it — the database is
 * the bus between nodes. `scope` says who must react: `catalog` (cached pages: a product's pages, or
 * everything when `product_id` is null) or `search` (the in-process search index: a product's
 * document, or a reload when null), `content`, `tasks`, and `terms` / `sessions` (signed-in pages cached per pricing
 * profile, decision 0310). Read by server/changes/feed.ts, which also prunes it.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').$type<'catalog' | 'search' | 'content' | 'tasks' | 'terms' | 'sessions'>().notNull(),
    productId: integer('product_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction's id (xid8 as a number): the feed re-reads rows of transactions that were still open. */
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (t) => [index('change_log_at_idx').on(t.at), index('change_log_xid_idx').on(t.xid)],
);

/** Consumables that fit a product (диски к болгарке, биты к шуруповёрту). */
export const productExpendables = pgTable(
  'product_expendables',
  {
    productId: productFk(),
    materialId: productFk('material_id'),
    sort: integer('sort').notNull().default(500),
  },
  (t) => [primaryKey({ columns: [t.productId, t.materialId] })],
);

export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial('id').primaryKey(),
    productId: productFk(),
    question: text('question').notNull(),
    answer: text('answer'),
    email: text('email'),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('product_questions_product_idx').on(t.productId)],
);

export const priceRequests = pgTable('price_requests', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  productName: text('product_name').notNull(),
  userId: text('user_id'),
  contact: text('contact'),
  createdAt: createdAt(),
});

// ───────────────────────────── Storefront: product photos (issue 18) ─────────────────────────────

/**
 * Real product photos imported by `npm run images:import` (src/server/images/photos.ts). The master
 * file is DATA_DIR/product-photos/<hash>.webp; `position` is the gallery index the routes
 * /img/p/{id}/{position}-{width}.{avif|webp} serve. A product without rows shows its drawing.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: productFk(),
    position: integer('position').notNull(),
    /** sha256 of the stored master: its file name, and part of every encoded variant's cache name. */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    /** The file name or URL it was imported from. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_images_uq').on(t.productId, t.position)],
);
