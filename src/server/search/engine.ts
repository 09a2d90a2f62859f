/**
 * The search engine interface and its embedded default: PostgreSQL/PGlite full text over
 * `search_documents` (kept current by triggers) plus exact/partial article matches.
 * Results are ranked product ids and facet counts, so listings can render them with their own cards.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toTsquery, type Plan } from './understand';
import { inRange, type IntentSort } from './intent';
import { largestByDim } from './units';
import { loadSectionUnits } from './section-units';
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
    const brandIds = intArray(req.brandIds);
    const sectionIds = intArray(req.sectionIds);
    const intent = plan.intent;
    // A price superlative («самый дешёвый») orders by the viewer's price; a property one («самый мощный») by the
    // rank `byProperties` gives each product.
    const wanted = (req.sort ?? 'relevance') === 'relevance' ? intent?.sort : undefined;
    const asked = wanted?.by === 'price' ? (wanted.dir === 'asc' ? 'price_asc' : 'price_desc') : null;
    const dimSort = wanted?.by === 'dim' ? wanted : null;
    const price = viewerPriceSql(req.pricing ?? null, { id: sql`p.id`, price: sql`p.price`, brand: sql`p.brand_id`, section: sql`p.section_id` });
    // Property limits and sorts need each product's numbers in its section's units (units.ts): the products the
    // words and the price allow are read once, and the ones within the limits come back as an ordered list.
    const ranked = intent?.ranges.length || dimSort ? await this.byProperties(plan, price, dimSort) : null;
    const order = dimSort ? sql`rank, id` : ORDER[asked ?? req.sort ?? 'relevance'];
    const res = await this.db.execute(sql`
      ${matched(plan, price, ranked)},
      f AS (
        SELECT * FROM m
        WHERE (${brandIds}::int[] IS NULL OR brand_id = ANY(${brandIds}::int[]))
          AND (${sectionIds}::int[] IS NULL OR section_id = ANY(${sectionIds}::int[]))
      )
      SELECT
        (SELECT coalesce(json_agg(id), '[]'::json) FROM (SELECT id FROM f ORDER BY ${order} LIMIT ${req.limit} OFFSET ${req.offset ?? 0}) x) AS ids,
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

  /**
   * The products the words, the task, the exclusions and the price allow that are also within the query's
   * property limits, in the order of its property sort when it has one (the products without that property
   * last), as the memory engine orders them (memory-engine.ts `byIntent`).
   */
  private async byProperties(plan: Plan, price: SQL, sort: Extract<IntentSort, { by: 'dim' }> | null): Promise<number[]> {
    type Candidate = { id: number; tier: number; score: number; popularity: number; section_id: number; properties: Record<string, unknown> | string };
    const rows = rowsOf<Candidate>(await this.db.execute(sql`${matched(plan, price, null)}
      SELECT m.id, m.tier, m.score, m.popularity, m.section_id, p.properties FROM m JOIN products p ON p.id = m.id`));
    const units = await loadSectionUnits(this.db, [...new Set(rows.map((r) => r.section_id))]);
    const ranges = plan.intent?.ranges ?? [];
    const kept: { c: Candidate; key: number | undefined }[] = [];
    for (const c of rows) {
      const props = typeof c.properties === 'string' ? (JSON.parse(c.properties) as Record<string, unknown>) : (c.properties ?? {});
      const dims = largestByDim(props, units.get(c.section_id));
      if (!ranges.every((r) => { const v = dims.get(r.dim); return v !== undefined && inRange(v, r); })) continue;
      kept.push({ c, key: sort ? sort.dims.map((d) => dims.get(d)).find((v) => v !== undefined) : undefined });
    }
    if (!sort) return kept.map((k) => Number(k.c.id));
    const sign = sort.dir === 'asc' ? 1 : -1;
    const byKey = (a: (typeof kept)[number], b: (typeof kept)[number]) =>
      a.key === undefined || b.key === undefined ? (a.key === b.key ? 0 : a.key === undefined ? 1 : -1) : sign * (a.key - b.key);
    const relevance = (a: (typeof kept)[number], b: (typeof kept)[number]) =>
      a.c.tier - b.c.tier || Number(b.c.score) - Number(a.c.score) || b.c.popularity - a.c.popularity || a.c.id - b.c.id;
    const band = (k: (typeof kept)[number]) => k.c.tier * 100 - Math.round(Number(k.c.score) * 2);
    // «самый мощный гайковерт»: the products that are the thing (the best word matches) first, by the property;
    // then those that only mention it, by the property too.
    const top = kept.reduce((m, k) => (k.c.tier === 3 ? Math.max(m, Number(k.c.score)) : m), 0);
    const weak = (k: (typeof kept)[number]) => (k.c.tier === 3 && Number(k.c.score) < top - WEAK_BELOW_TOP ? 1 : 0);
    kept.sort(sort.soft ? (a, b) => band(a) - band(b) || byKey(a, b) || relevance(a, b) : (a, b) => a.c.tier - b.c.tier || weak(a) - weak(b) || byKey(a, b) || relevance(a, b));
    return kept.map((k) => Number(k.c.id));
  }
}

/** How far below the best word score a product counts as only mentioning the thing (ts_rank's scale plus 1 for an exact word). */
const WEAK_BELOW_TOP = 0.75;

/**
 * The products a plan matches with their tier, score and the viewer's price: `hits` (articles, words, a task),
 * `x` (excluded words), `m0` (active, in the task's sections; only the `ranked` ids when given, with their place in
 * it as `rank`) and `m` (within the price limit). What is searched for, in one place for the page query and
 * `byProperties`.
 */
function matched(plan: Plan, price: SQL, ranked: number[] | null): SQL {
  const arts = `{${plan.articles.map((a) => `"${a}"`).join(',')}}`;
  // «чем резать керамогранит» (tasks.ts): only the task's sections; with no other words, all of their products,
  // the first section's first.
  const taskIds = intArray(plan.task?.sectionIds);
  const priceMin = plan.intent?.price?.min ?? null;
  const priceMax = plan.intent?.price?.max ?? null;
  // «не аккумуляторный», «кроме makita»: products with any excluded clause's words are left out.
  const excluded = (plan.exclude ?? []).map((c) => toTsquery([c])).filter(Boolean).map((t) => `(${t})`).join(' | ') || null;
  // A clause found in the product's own section name too («аккумулятор» in «Аккумуляторы») outweighs one found only
  // in its name («… (2 АКБ + ЗУ)» of a screwdriver kit), as the memory index counts each place a word is (memory-index.ts
  // parseDoc): +0.6 (a section name's weight) × the share of the clauses that name the section.
  const inSection = plan.clauses.map((c) => toTsquery([c], true, 'B')).filter((q): q is string => !!q);
  return sql`
      WITH hits AS (
        SELECT p.id, 0 AS tier, 0::real AS score FROM products p WHERE p.article_norm = ANY(${arts}::text[])
        UNION ALL
        SELECT p.id, CASE WHEN p.article_norm LIKE ${plan.articlePart ?? ''} || '%' THEN 1 ELSE 2 END, 0::real
          FROM products p WHERE ${plan.articlePart}::text IS NOT NULL AND p.article_norm LIKE '%' || ${plan.articlePart ?? ''} || '%'
        UNION ALL
        SELECT d.product_id, 3, ts_rank('{0.1, 0.3, 0.6, 1.0}', d.doc, q) + CASE WHEN d.doc @@ qe THEN 1 ELSE 0 END
            + 0.6 * (SELECT count(*) FROM unnest(qs.b) u WHERE d.doc @@ u) / greatest(cardinality(qs.b), 1)
          FROM search_documents d, CAST(coalesce(${plan.tsquery}::text, '') AS tsquery) q, CAST(coalesce(${plan.tsqueryExact}::text, '') AS tsquery) qe,
            (SELECT coalesce(array_agg(x::tsquery), '{}') AS b FROM jsonb_array_elements_text(CAST(${JSON.stringify(inSection)} AS jsonb)) x) qs
          WHERE ${plan.tsquery}::text IS NOT NULL AND d.doc @@ q
        UNION ALL
        SELECT p.id, 3, (1 - 0.04 * least(array_position(${taskIds}::int[], p.section_id) - 1, 10))::real
          FROM products p WHERE ${taskIds}::int[] IS NOT NULL AND ${plan.tsquery}::text IS NULL AND p.section_id = ANY(${taskIds}::int[])
      ),
      x AS (
        SELECT d.product_id AS id FROM search_documents d WHERE ${excluded}::text IS NOT NULL AND d.doc @@ CAST(coalesce(${excluded}::text, '') AS tsquery)
      ),
      m0 AS (
        SELECT b.id, b.tier, b.score, p.brand_id, p.section_id, ${price} AS price, p.popularity, p.created_at, ${ranked ? sql`o.rank` : sql`0::bigint`} AS rank
        FROM (SELECT id, min(tier) AS tier, max(score) AS score FROM hits GROUP BY id) b
        JOIN products p ON p.id = b.id
        ${ranked ? sql`JOIN unnest(${`{${ranked.join(',')}}`}::int[]) WITH ORDINALITY AS o(oid, rank) ON o.oid = b.id` : sql``}
        WHERE p.active AND NOT EXISTS (SELECT 1 FROM x WHERE x.id = b.id) AND (${taskIds}::int[] IS NULL OR p.section_id = ANY(${taskIds}::int[]))
      ),
      m AS (
        SELECT * FROM m0 WHERE (${priceMin}::numeric IS NULL OR price >= ${priceMin}::numeric) AND (${priceMax}::numeric IS NULL OR price <= ${priceMax}::numeric)
      )`;
}
