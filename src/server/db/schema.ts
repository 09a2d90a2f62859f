/**
 * The whole data model of the store (spec §3). One schema for PGlite and PostgreSQL.
 *
 * Conventions:
 * - Money is numeric(12,2) in BYN, read as string by the driver and converted at the edge.
 * - Guest-owned lists (basket, favourites, compare) are keyed by `owner_key`:
 *   `u:<userId>` for a signed-in user, `g:<guestToken>` for a visitor's anonymous cookie.
 *   On login the guest's rows are merged into the user's key (see server/basket).
 * - better-auth owns users/sessions/accounts/verifications (plural table names, `usePlural`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgSequence,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

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
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sections_code_uq').on(t.code), index('sections_parent_idx').on(t.parentId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    uniqueIndex('products_article_uq').on(t.article),
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
  ],
);

/**
 * The one change log (docs/decisions/0010-catalog.md, 0030-search.md): triggers append what changed,
 * whatever made the change (the app, an import, psql), and every app node reads it — the database is
 * the bus between nodes. `scope` says who must react: `catalog` (cached pages: a product's pages, or
 * everything when `product_id` is null) or `search` (the in-process search index: a product's
 * document, or a reload when null). Read by server/changes/feed.ts, which also prunes it.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').$type<'catalog' | 'search'>().notNull(),
    productId: integer('product_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_log_at_idx').on(t.at)],
);

/** Consumables that fit a product (диски к болгарке, биты к шуруповёрту). */
export const productExpendables = pgTable(
  'product_expendables',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(500),
  },
  (t) => [primaryKey({ columns: [t.productId, t.materialId] })],
);

export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

export const stocks = pgTable(
  'stocks',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
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

// ───────────────────────────── Companies and users (better-auth) ─────────────────────────────

/** A contractor (контрагент): a business customer with its own prices and users. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** УНП: 9-digit Belarusian taxpayer number. */
  unp: text('unp').notNull(),
  legalAddress: text('legal_address'),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  contractRequestedAt: timestamp('contract_requested_at', { withTimezone: true }),
  /** Bank requisites for invoices («Счёт на оплату»): IBAN BY.., bank name, BIC. */
  iban: text('iban'),
  bankName: text('bank_name'),
  bic: text('bic'),
  phone: text('phone'),
  email: text('email'),
  /** The store's account manager for this company (shown in the personal area summary). */
  managerName: text('manager_name'),
  managerPhone: text('manager_phone'),
  managerEmail: text('manager_email'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('companies_unp_uq').on(t.unp)]);

/** Per-company discounts by brand or section (personal/discounts). */
export const companyDiscounts = pgTable('company_discounts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id').references(() => sections.id, { onDelete: 'cascade' }),
  percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    phone: text('phone'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    isContragentAdmin: boolean('is_contragent_admin').notNull().default(false),
    /** 'Y'/'N' in the spec's API; booleans here. */
    active: boolean('active').notNull().default(true),
    blocked: boolean('blocked').notNull().default(false),
    /** Order status e-mails (profile send_status) and which statuses (checkboxes). */
    sendStatus: boolean('send_status').notNull().default(true),
    notifyStatuses: jsonb('notify_statuses').$type<string[]>().notNull().default([]),
    /** Order-status notices by SMS too (profile checkboxes). */
    notifySms: boolean('notify_sms').notNull().default(false),
    defaultBranchId: integer('default_branch_id'),
    /** A store employee: reaches the staff desk (/desk/). */
    isStaff: boolean('is_staff').notNull().default(false),
    /**
     * What a company employee may do (the spec's user `scope`): codes of server/http/permissions.ts.
     * A company admin may do everything regardless; a retail customer's list is ignored.
     */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** Per-order spending limit (BYN) above which an employee's order waits for the admin's approval. */
    orderLimit: money('order_limit'),
    /** Job title shown in the company's users list (прораб, снабженец…). */
    position: text('position'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Codes of api/sendVerifyCode/ (USER_VERIFY_CODE, PASSWORD_CHANGE_VERIFY) and address checks. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(), // e-mail or phone
    event: text('event').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** When the code was checked successfully (a confirmed code can then be spent once by the action). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** What the code confirms beyond the target (an address id, a new e-mail…), set by the sender. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verify_codes_target_event_uq').on(t.target, t.event)],
);

/**
 * Accounts (issue 11): a registrant who gave the УНП of a company that already exists asks to join
 * it; the company's admin approves (the user becomes an employee) or rejects. Until then the
 * registrant is a retail customer whose profile shows the request as pending.
 */
export const companyJoinRequests = pgTable(
  'company_join_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    /** What the registrant typed (shown to the admin; the company's own name is not changed). */
    companyName: text('company_name'),
    legalAddress: text('legal_address'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_join_requests_company_idx').on(t.companyId, t.status), index('company_join_requests_user_idx').on(t.userId)],
);

/**
 * Abuse limits that hold across app nodes: one row per limited key (e.g. `login:ip:1.2.3.4`) and
 * fixed window; see server/http/rate-limit.ts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

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
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Spec: motivation flag 'Y' — the item was added from a motivation block (bonus offer). */
    motivation: boolean('motivation').notNull().default(false),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.basketId, t.productId] })],
);

export const favorites = pgTable(
  'favorites',
  {
    ownerKey: text('owner_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.productId] })],
);

export const compareItems = pgTable(
  'compare_items',
  {
    ownerKey: text('owner_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.productId] })],
);

// ───────────────────────────── Orders and addresses ─────────────────────────────

/** Reference rows live in a migration (they exist in production, not only in the demo): see server/orders/status.ts. */
export const orderStatuses = pgTable('order_statuses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(500),
  /** Done or cancelled: nothing follows. */
  isFinal: boolean('is_final').notNull().default(false),
});

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    flat: text('flat'),
    entrance: text('entrance'),
    /** pending (awaiting verification) → active → deletion_requested → (deleted). */
    status: text('status').$type<'pending' | 'active' | 'deletion_requested'>().notNull().default('pending'),
    deletionRequested: boolean('deletion_requested').notNull().default(false),
    phone: text('phone'),
    email: text('email'),
    emailNotify: boolean('email_notify').notNull().default(true),
    phoneNotify: boolean('phone_notify').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_addresses_user_idx').on(t.userId), index('delivery_addresses_company_idx').on(t.companyId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status')
      .notNull()
      .references(() => orderStatuses.code),
    /** '1' самовывоз (self), '2' доставка (delivery, the default). */
    deliveryTypeId: text('delivery_type_id').notNull().default('2'),
    branchId: integer('branch_id').references(() => branches.id),
    addressId: integer('address_id').references(() => deliveryAddresses.id, { onDelete: 'set null' }),
    deliveryAddress: text('delivery_address'),
    deliveryDate: date('delivery_date'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    comment: text('comment'),
    total: money('total').notNull(),
    /** VAT included in the total (20 %). */
    vat: money('vat').notNull().default('0'),
    /** 'cash' | 'card' on receipt, 'invoice' (business customers). */
    paymentType: text('payment_type').notNull().default('cash'),
    /** The company that pays an invoice order. */
    payerCompanyId: integer('payer_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** A guest's order belongs to the guest key that placed it (g:<uuid>), so only that browser sees its confirmation. */
    ownerKey: text('owner_key'),
    /** Client-chosen key of order submission: a retry or double click never makes two orders. */
    idempotencyKey: text('idempotency_key'),
    /** Delivery charge included in `total` (0 for pickup and above the free-delivery threshold). */
    deliveryPrice: money('delivery_price').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyKey),
  ],
);

/** Every status an order passed through, who moved it and when (spec: order detail, staff desk). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status')
      .notNull()
      .references(() => orderStatuses.code),
    /** 'customer' | 'admin' (company admin) | 'staff' | 'system'. */
    actorKind: text('actor_kind').notNull(),
    actorUserId: text('actor_user_id'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    article: text('article').notNull(),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Ordered without stock ("под заказ"): nothing reserved, comes from the supplier. */
    onOrder: boolean('on_order').notNull().default(false),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Stock an order took from each branch (server/checkout/reserve.ts), so that cancelling gives back
 * exactly that (server/orders/status.ts). `released_at` is set when it went back to `stocks`.
 */
export const orderReservations = pgTable(
  'order_reservations',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId, t.branchId] })],
);

/** Numbers of orders placed on the site (ИН-20001…); the demo's history uses lower numbers. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 20001 });

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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const appealMessages = pgTable(
  'appeal_messages',
  {
    id: serial('id').primaryKey(),
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
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
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
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
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    /** 'appeal.reply' | 'appeal.status' | 'order.status' | 'announcement.add' | 'announcement.end'. */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_actions_at_idx').on(t.at), index('staff_actions_target_idx').on(t.targetKind, t.targetId)],
);

// ───────────────────────────── Export (unloading) and API tokens ─────────────────────────────

/** What a list takes from the catalogue (step 1) and which fields it writes (step 2); see server/exports/settings.ts. */
export type ExportSettings = {
  source?: 'all' | 'sections' | 'brands' | 'favorites' | 'purchased' | 'articles';
  sectionIds?: number[];
  brandIds?: number[];
  /** "What my company bought in the last N months". */
  months?: number;
  /** Normalized articles (lib/text normalizeArticle) of an uploaded or pasted list. */
  articles?: string[];
  inStockOnly?: boolean;
  fields?: string[];
};

/**
 * A product export list (spec §3 "unloading"). It belongs to its owner — `c:<companyId>` for a
 * contractor company (every admin and employee with manage_exports sees it), `u:<userId>` for a
 * retail customer — and `user_id` is only who made it. A draft is saved step by step (spec §4).
 */
export const exportProfiles = pgTable(
  'export_profiles',
  {
    id: serial('id').primaryKey(),
    // The default only serves rows made before ownership existed; migration exports_sql fills them in.
    ownerKey: text('owner_key').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 'draft' while the four steps are being filled in, then 'ready'. */
    status: text('status').$type<'draft' | 'ready'>().notNull().default('draft'),
    /** The last step of the creation wizard that was completed (0–4). */
    step: integer('step').notNull().default(1),
    settings: jsonb('settings').$type<ExportSettings>().notNull().default({}),
    format: text('format').$type<'yml' | 'csv' | 'xlsx' | 'json'>(),
    /** How often the feed is rebuilt: 'always' | 'hourly' | 'daily' | 'weekly'. */
    schedule: text('schedule').notNull().default('daily'),
    /** Validator of the last full build and when that content first appeared (ETag / Last-Modified). */
    feedEtag: text('feed_etag'),
    feedChangedAt: timestamp('feed_changed_at', { withTimezone: true }),
    lastBuiltAt: timestamp('last_built_at', { withTimezone: true }),
    lastSize: bigint('last_size', { mode: 'number' }),
    lastRows: integer('last_rows'),
    lastPulledAt: timestamp('last_pulled_at', { withTimezone: true }),
    lastPulledIp: text('last_pulled_ip'),
    pullCount: integer('pull_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('export_profiles_owner_idx').on(t.ownerKey, t.status), index('export_profiles_user_idx').on(t.userId)],
);

/**
 * The API token an outside system pulls feeds with: one live token per owner (`c:<companyId>` or
 * `u:<userId>`), stored as a SHA-256 hash with its last four characters for the masked view.
 * `user_id` issued it: the token works only while that user may still act and manage exports.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    ownerKey: text('owner_key').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull().default(''),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    uniqueIndex('api_tokens_live_owner_uq').on(t.ownerKey).where(sql`${t.revokedAt} IS NULL`),
  ],
);

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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

// ───────────────────────────── Content: translations, forms ─────────────────────────────
// Promotions, media and info pages are Markdown content collections (src/content/), not tables.

/** Editor overrides of the built-in Russian dictionary (src/i18n). */
export const translations = pgTable('translations', {
  code: text('code').primaryKey(),
  text: text('text').notNull(),
  updatedAt: updatedAt(),
});

/** Public forms: callback, feedback, guarantee registration. Payload validated before insert. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'callback' | 'feedback' | 'guarantee' | 'question'>().notNull(),
    topic: text('topic'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('form_submissions_kind_idx').on(t.kind, t.createdAt)],
);

// ── search ──

import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL tsvector; documents are written by triggers (migration `search_sql`), never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One full-text document per product: name and brand (weight A), section path (B), property values (C),
 * stemmed by PostgreSQL's own `russian` configuration. Kept current by triggers on products, brands
 * and sections, so every app node sees a change at once (no in-process index to refresh).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    doc: tsvector('doc').notNull(),
  },
  (t) => [index('search_documents_doc_idx').using('gin', t.doc)],
);

/**
 * The catalogue's own words (letters only), one row per lexeme with one surface form: what typo
 * correction and layout/transliteration guesses are checked against. Insert-only, filled by the same
 * triggers; a word whose last product is gone stays (harmless: it then matches nothing).
 */
export const searchVocabulary = pgTable('search_vocabulary', {
  lexeme: text('lexeme').primaryKey(),
  word: text('word').notNull(),
});

// ───────────────────────────── Company: contract requests and their CRM outbox ─────────────────────────────

/** The company's requisites as the admin sent them with a contract request (prefilled from `companies`). */
export type ContractRequisites = { name: string; unp: string; legalAddress: string; iban: string | null; bankName: string | null; bic: string | null; phone: string | null; email: string | null };

/**
 * A contractor admin's request for a supply contract (POST api/contracts/requestContractFromCrm/).
 * `queued` until the CRM (or, without a webhook, the sales mailbox) has it, then `sent`.
 */
export const contractRequests = pgTable(
  'contract_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    requisites: jsonb('requisites').$type<ContractRequisites>().notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** Expected monthly purchases, a range code of server/company/contract.ts. */
    monthlyVolume: text('monthly_volume').notNull(),
    comment: text('comment'),
    status: text('status').$type<'queued' | 'sent'>().notNull().default('queued'),
    /** 'crm' (webhook) or 'email' (the sales mailbox). */
    sentVia: text('sent_via'),
    /** The CRM's own id of the request, when its answer names one. */
    crmRef: text('crm_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contract_requests_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Durable outbox of messages for the CRM: written in the same transaction as what they report, then
 * delivered by a worker in every app node (server/company/crm-outbox.ts). A node claims a row by
 * setting `locked_until` (rows are picked FOR UPDATE SKIP LOCKED, so two nodes never take the same
 * one); a failed attempt moves `next_attempt_at` by an exponential backoff. Nothing is ever dropped.
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** The request the message reports (topic 'contract_request'); a reset of the demo data clears both. */
    contractRequestId: integer('contract_request_id').references(() => contractRequests.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredVia: text('delivered_via'),
    createdAt: createdAt(),
  },
  (t) => [index('crm_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
);

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
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
