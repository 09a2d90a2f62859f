/**
 * The search engine interface and its embedded default: PostgreSQL/PGlite full text over
 * `search_documents` (kept current by triggers) plus exact/partial article matches.
 * Results are ranked product ids and facet counts, so listings can render them with their own cards.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toTsquery, type Plan } from './understand';
import { rowsOf } from '../db/rows';
import { viewerPriceSql, type Pricing } from '../catalog/pricing';

export const SEARCH_SORTS = ['relevance', 'popular', 'price_asc', 'price_desc', 'new'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SearchRequest = {
  brandIds?: number[];
  sectionIds?: number[];
  sort?: SearchSort;
  /** Whose prices a price sort uses: a contractor's own (null or absent: retail). */
  pricing?: Pricing | null;
  limit: number;
  offset?: number;
  /** Also order the sections by the best results (the header's categories). */
  topSections?: boolean;
};

export type FacetCount = { id: number; count: number };
export type SearchResult = {
  /** Product ids, best first. */
  ids: number[];
  /** Products matching the query and the filters. */
  total: number;
  /** Brand counts (section filter applied, brand filter not: choosing a brand keeps the others visible). */
  brands: FacetCount[];
  /** Leaf-section counts (brand filter applied, section filter not). */
  sections: FacetCount[];
  /** Id of a product whose article equals the query, if any. */
  exactArticleId: number | null;
  /** Leaf sections in the order of the best results (the header's categories); absent: by count. */
  topSections?: number[];
  /** Words of the query left out because no product has them all (partial.ts); empty when all were used. */
  ignored?: string[];
  /** Nothing shown: a part of the query that does find something, for «Возможно, вы искали». */
  relaxed?: { query: string; total: number } | null;
};

export interface SearchEngine {
  readonly name: string;
  /** Engines with their own copy of the data catch up with the database here, before the query is understood. */
  sync?(): Promise<void>;
  search(plan: Plan, req: SearchRequest): Promise<SearchResult>;
}

const ORDER: Record<SearchSort, SQL> = {
  relevance: sql`tier, score DESC, popularity DESC, id`,
  popular: sql`popularity DESC, id`,
  price_asc: sql`price ASC, id`,
  price_desc: sql`price DESC, id`,
  new: sql`created_at DESC, id`,
};

const intArray = (ids: number[] | undefined) => (ids?.length ? `{${ids.map((n) => Math.trunc(n)).join(',')}}` : null);

export class PgSearchEngine implements SearchEngine {
  readonly name = 'postgres';
  constructor(private readonly db: Db) {}

  async search(plan: Plan, req: SearchRequest): Promise<SearchResult> {
    const empty: SearchResult = { ids: [], total: 0, brands: [], sections: [], exactArticleId: null };
    if (!plan.tsquery && !plan.articles.length && !plan.articlePart && !plan.task) return empty;
    const arts = `{${plan.articles.map((a) => `"${a}"`).join(',')}}`;
    const brandIds = intArray(req.brandIds);
    const sectionIds = intArray(req.sectionIds);
    // «чем резать керамогранит» (tasks.ts): only the task's sections; with no other words, all of their products,
    // the first section's first.
    const taskIds = intArray(plan.task?.sectionIds);
    const intent = plan.intent;
    const priceMin = intent?.price?.min ?? null;
    const priceMax = intent?.price?.max ?? null;
    // «не аккумуляторный», «кроме makita»: products with any excluded clause's words are left out.
    const excluded = (plan.exclude ?? []).map((c) => toTsquery([c])).filter(Boolean).map((t) => `(${t})`).join(' | ') || null;
    // A price superlative («самый дешёвый») orders by the viewer's price; property ranges and sorts are the memory engine's (decision 0290).
    const asked = intent?.sort?.by === 'price' && (req.sort ?? 'relevance') === 'relevance' ? (intent.sort.dir === 'asc' ? 'price_asc' : 'price_desc') : null;
    const price = viewerPriceSql(req.pricing ?? null, { id: sql`p.id`, price: sql`p.price`, brand: sql`p.brand_id`, section: sql`p.section_id` });
    // Exact article (tier 0) > article starting with the query (1) > containing it (2) > words (3).
    // Within words, an exact-word match outranks a completion of the last word (+1).
    const res = await this.db.execute(sql`
      WITH hits AS (
        SELECT p.id, 0 AS tier, 0::real AS score FROM products p WHERE p.article_norm = ANY(${arts}::text[])
        UNION ALL
        SELECT p.id, CASE WHEN p.article_norm LIKE ${plan.articlePart ?? ''} || '%' THEN 1 ELSE 2 END, 0::real
          FROM products p WHERE ${plan.articlePart}::text IS NOT NULL AND p.article_norm LIKE '%' || ${plan.articlePart ?? ''} || '%'
        UNION ALL
        SELECT d.product_id, 3, ts_rank('{0.1, 0.3, 0.6, 1.0}', d.doc, q) + CASE WHEN d.doc @@ qe THEN 1 ELSE 0 END
          FROM search_documents d, CAST(coalesce(${plan.tsquery}::text, '') AS tsquery) q, CAST(coalesce(${plan.tsqueryExact}::text, '') AS tsquery) qe
          WHERE ${plan.tsquery}::text IS NOT NULL AND d.doc @@ q
        UNION ALL
        SELECT p.id, 3, (1 - 0.04 * least(array_position(${taskIds}::int[], p.section_id) - 1, 10))::real
          FROM products p WHERE ${taskIds}::int[] IS NOT NULL AND ${plan.tsquery}::text IS NULL AND p.section_id = ANY(${taskIds}::int[])
      ),
      x AS (
        SELECT d.product_id AS id FROM search_documents d WHERE ${excluded}::text IS NOT NULL AND d.doc @@ CAST(coalesce(${excluded}::text, '') AS tsquery)
      ),
      m0 AS (
        SELECT b.id, b.tier, b.score, p.brand_id, p.section_id, ${price} AS price, p.popularity, p.created_at
        FROM (SELECT id, min(tier) AS tier, max(score) AS score FROM hits GROUP BY id) b
        JOIN products p ON p.id = b.id
        WHERE p.active AND NOT EXISTS (SELECT 1 FROM x WHERE x.id = b.id) AND (${taskIds}::int[] IS NULL OR p.section_id = ANY(${taskIds}::int[]))
      ),
      m AS (
        SELECT * FROM m0 WHERE (${priceMin}::numeric IS NULL OR price >= ${priceMin}::numeric) AND (${priceMax}::numeric IS NULL OR price <= ${priceMax}::numeric)
      ),
      f AS (
        SELECT * FROM m
        WHERE (${brandIds}::int[] IS NULL OR brand_id = ANY(${brandIds}::int[]))
          AND (${sectionIds}::int[] IS NULL OR section_id = ANY(${sectionIds}::int[]))
      )
      SELECT
        (SELECT coalesce(json_agg(id), '[]'::json) FROM (SELECT id FROM f ORDER BY ${ORDER[asked ?? req.sort ?? 'relevance']} LIMIT ${req.limit} OFFSET ${req.offset ?? 0}) x) AS ids,
        (SELECT count(*)::int FROM f) AS total,
        (SELECT coalesce(json_agg(json_build_array(brand_id, n) ORDER BY n DESC, brand_id), '[]'::json) FROM (
          SELECT brand_id, count(*)::int AS n FROM m WHERE ${sectionIds}::int[] IS NULL OR section_id = ANY(${sectionIds}::int[]) GROUP BY brand_id) y) AS brands,
        (SELECT coalesce(json_agg(json_build_array(section_id, n) ORDER BY n DESC, section_id), '[]'::json) FROM (
          SELECT section_id, count(*)::int AS n FROM m WHERE ${brandIds}::int[] IS NULL OR brand_id = ANY(${brandIds}::int[]) GROUP BY section_id) z) AS sections,
        (SELECT id FROM m WHERE tier = 0 ORDER BY popularity DESC LIMIT 1) AS exact`);
    const row = rowsOf<Record<string, unknown>>(res)[0]!;
    const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const pairs = (v: unknown) => json<[number, number][]>(v).map(([id, count]) => ({ id, count }));
    // The words beside a task that no product of its sections has («защита глаз при работе болгаркой»): the task alone.
    if (Number(row.total) === 0 && plan.task && plan.tsquery) {
      const alone = await this.search({ ...plan, clauses: plan.clauses.filter((c) => c.task), tsquery: null, tsqueryExact: null }, req);
      return { ...alone, ignored: plan.clauses.filter((c) => !c.task).map((c) => c.typed) };
    }
    return {
      ids: json<number[]>(row.ids),
      total: Number(row.total),
      brands: pairs(row.brands),
      sections: pairs(row.sections),
      exactArticleId: row.exact == null ? null : Number(row.exact),
    };
  }
}
