/** Content tables: editor translation overrides and public form submissions. */
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// ───────────────────────────── Content: translations, forms ─────────────────────────────
// Promotions, media and info pages are Markdown content collections (src/content/), not tables.

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
