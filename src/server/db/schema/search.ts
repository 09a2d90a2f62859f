/** The PostgreSQL search engine's tables, written by triggers (migration `search_sql`). */
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { products } from './catalog';

// ── search ──

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
