/** Content tables: editors' entries (promotions, media, info pages) with revisions and pictures, translation overrides, public form submissions. */
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// ───────────────────────────── Content: editors' entries ─────────────────────────────
// Edited in the desk (/desk/content/, decision 0210); src/content/*.md is only the demo's first import.

export type ContentKind = 'promotion' | 'media' | 'page';
/** What an editor saved. «Запланировано» and «завершено» are not stored: they follow from `starts_at`/`ends_at` and the clock. */
export type ContentStatus = 'draft' | 'published';

/** One promotion, media item or info page; `code` is its address (`/actions/{code}/`, `/media/{code}/`, `/{code}/`). */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** Promotion: the one sentence for cards; media: the description; page: the meta description. */
    preview: text('preview').notNull().default(''),
    /** Markdown as the editor wrote it. */
    body: text('body').notNull().default(''),
    /** The body rendered and sanitised at save time: readers never render Markdown. */
    html: text('html').notNull().default(''),
    status: text('status').$type<ContentStatus>().notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Kind-specific fields (colour, product references, media kind and file, h1…): content/model.ts. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** A promotion's price rule as saved; applying it to prices is catalog/pricing.ts's business. */
    discount: jsonb('discount').$type<Record<string, unknown> | null>(),
    imageId: integer('image_id').references(() => contentImages.id, { onDelete: 'set null' }),
    imageAlt: text('image_alt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('content_entries_kind_code_uq').on(t.kind, t.code), index('content_entries_list_idx').on(t.kind, t.status, t.startsAt)],
);

/** Every save of an entry, whole, so that any earlier state can be restored. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntries.id, { onDelete: 'cascade' }),
    /** The saved fields (the save call's input, normalised). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_revisions_entry_idx').on(t.entryId, t.createdAt)],
);

/**
 * Pictures editors upload: the master (re-encoded by sharp, EXIF dropped) is kept in the database so
 * every node serves it; the widths are encoded on first request into DATA_DIR/img-cache.
 */
export const contentImages = pgTable('content_images', {
  id: serial('id').primaryKey(),
  /** sha256 of the master: part of each variant's cache name. */
  hash: text('hash').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: text('alt').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// ───────────────────────────── Content: translations, forms ─────────────────────────────

/** Overrides of the built-in Russian dictionary (src/i18n), laid over it by POST /api/translation/all/ only. */
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
