/** The PostgreSQL search engine's tables, written by triggers (migration `search_sql`), and the staff's vocabulary of tasks. */
import { customType, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './accounts';
import { updatedAt } from './columns';

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

/**
 * What shoppers want done («чем резать керамогранит», «инструмент для штукатурки») and the sections whose
 * products do it (issue 27, decision 0290). Edited by staff at /desk/search-tasks/; the demo seed writes the
 * first 150+. Sections are named by code, not id: a catalogue from 1C may lack some, and a task whose
 * sections are all missing is ignored, not an error. Every change logs a `tasks` row in the change log
 * (trigger, migration `search_tasks`), so each node reloads its copy.
 */
export const searchTasks = pgTable(
  'search_tasks',
  {
    id: serial('id').primaryKey(),
    /** How the chip names it: «резка керамогранита». */
    name: text('name').notNull(),
    /** Trigger phrases as a shopper types them; matched by their stems, so other forms of the words match too. */
    phrases: jsonb('phrases').$type<string[]>().notNull(),
    /** Section codes, the most fitting first (their order ranks the results when the query says nothing else). */
    sections: jsonb('sections').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('search_tasks_name_uq').on(t.name)],
);
