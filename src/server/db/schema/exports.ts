/** Export (unloading) profiles and the API tokens feeds are pulled with. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies, userFk, users } from './accounts';

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
 * The API tokens outside systems pull feeds with: several live, named tokens per owner (`c:<companyId>`
 * or `u:<userId>`; one per integration, so revoking one cuts off no other), stored as a SHA-256 hash
 * with its last four characters for the masked view. `list_ids` is its scope: the owner's lists it
 * opens (NULL: all of them). `user_id` issued it: the token works only while that user may still act
 * and manage exports.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    ownerKey: text('owner_key').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: userFk(),
    name: text('name').notNull().default(''),
    listIds: integer('list_ids').array(),
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
    index('api_tokens_live_owner_idx').on(t.ownerKey).where(sql`${t.revokedAt} IS NULL`),
  ],
);
