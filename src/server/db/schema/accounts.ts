/** Companies and users (better-auth owns users/sessions/accounts/verifications), verify codes,
 * join requests and cross-node rate limits. */
import { relations } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';
import { brands, sections } from './catalog';
import { priceTypes } from './exchange';

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
  /**
   * The company's contract price list: one of 1C's price types, assigned by a manager in the desk
   * (/desk/exchange/price-types/). Its `product_prices` row is what the company pays for a product;
   * a product without one falls back to the retail price less the company's discount
   * (catalog/pricing.ts, decision 0010). Null: discounts only. A price type gone from 1C unassigns.
   */
  priceTypeId: integer('price_type_id').references(() => priceTypes.id, { onDelete: 'set null' }),
  /** The company lets its buyers pay online (card, ЕРИП) besides the invoice (issue 26, decision 0220). */
  onlinePayments: boolean('online_payments').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('companies_unp_uq').on(t.unp), index('companies_price_type_idx').on(t.priceTypeId)]);

/** A required reference to a company, gone with the company. */
export const companyFk = (name = 'company_id') =>
  integer(name).notNull().references(() => companies.id, { onDelete: 'cascade' });

/** Per-company discounts by brand or section (personal/discounts). */
export const companyDiscounts = pgTable('company_discounts', {
  id: serial('id').primaryKey(),
  companyId: companyFk(),
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
    /** Spending limit (BYN) above which an employee's order waits for the admin's approval: per order, or per `order_limit_period`. */
    orderLimit: money('order_limit'),
    /**
     * What `order_limit` counts (issue 28 #3): one order ('order', the spec's), or all the employee's orders
     * of the Minsk calendar 'day', 'week' or 'month' that are not cancelled — waiting ones included — so that
     * splitting an order cannot get round it.
     */
    orderLimitPeriod: text('order_limit_period').$type<'order' | 'day' | 'week' | 'month'>().notNull().default('order'),
    /** Job title shown in the company's users list (прораб, снабженец…). */
    position: text('position'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_company_idx').on(t.companyId)],
);

/** A required reference to a user, gone with the user. */
export const userFk = (name = 'user_id') =>
  text(name).notNull().references(() => users.id, { onDelete: 'cascade' });

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
    userId: userFk(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/**
 * Sessions ended on the server (password changed or restored, user blocked, «Выйти на всех
 * устройствах»): the hashed token and why, kept 30 days, so the browser still holding the dead
 * cookie is told why it was signed out (auth/sessions.ts).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    token: text('token').primaryKey(),
    reason: text('reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ended_sessions_at_idx').on(t.endedAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userFk(),
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

/**
 * What better-auth reads together (auth/auth.ts `experimental.joins`): a session with its user, an account with its user,
 * a user with their accounts, each in one statement instead of two. The keys are better-auth's model names as this
 * schema spells them (`usePlural`), which its drizzle adapter passes to `db.query…with`.
 */
export const sessionsRelations = relations(sessions, ({ one }) => ({ users: one(users, { fields: [sessions.userId], references: [users.id] }) }));
export const accountsRelations = relations(accounts, ({ one }) => ({ users: one(users, { fields: [accounts.userId], references: [users.id] }) }));
export const usersRelations = relations(users, ({ many }) => ({ accounts: many(accounts) }));

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
    companyId: companyFk(),
    userId: userFk(),
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
