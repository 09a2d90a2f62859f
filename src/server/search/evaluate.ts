/**
 * Relevance evaluation against the judged sets (tests/search/judged*.json): success@1 and @4 (a relevant
 * product first / among the overlay's four), MRR over the first 10 results, precision@4, and the share
 * of queries answered with nothing. A judgement names what is relevant by catalogue facts (sections incl.
 * their subtree, brands, articles, property values), not by ids, so the set stays readable and
 * independent of the pipeline it judges. All facts named must hold (brand + type + attribute).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchEngine } from './service';
import type { SearchEngine } from './engine';
import { understand } from './understand';
import { rowsOf } from '../db/rows';
import { viewerPriceSql } from '../catalog/pricing';
import { ensurePromoRules } from '../catalog/promo-rules';

export type Judgement = {
  q: string;
  kind: string;
  relevant: {
    sections?: string[];
    brands?: string[];
    articles?: string[];
    props?: Record<string, (string | number)[]>;
    /** The guest's price (catalog/pricing.ts) within these limits, BYN. */
    price?: { min?: number; max?: number };
    /** A numeric property (in its section's own unit) within these limits. */
    ranges?: { prop: string; min?: number; max?: number }[];
    /** Only the products with the extreme price or property value among the others that qualify («самый …»). */
    best?: { by: string; dir: 'asc' | 'desc' };
  };
};
export type QueryOutcome = { q: string; kind: string; rank: number | null; top: number[]; total: number; precision: number };
export type Score = { n: number; successAt1: number; successAt4: number; mrr: number; precisionAt4: number; zeroShare: number };
export type Evaluation = Score & { queries: number; byKind: Record<string, Score>; misses: QueryOutcome[] };

const textArray = (list: string[]) => `{${list.map((a) => `"${a.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

async function relevantIds(db: Db, j: Judgement): Promise<Set<number>> {
  const r = j.relevant;
  const props = Object.entries(r.props ?? {});
  const propSql = props.length
    ? sql.join(
        props.map(([code, values]) => sql`AND (p.properties ->> ${code}) = ANY(${textArray(values.map(String))}::text[])`),
        sql` `,
      )
    : sql``;
  const own = (code: string) => sql`(CASE WHEN jsonb_typeof(p.properties -> ${code}) = 'number' THEN (p.properties ->> ${code})::numeric END)`;
  // Power is in W, or in horse-power on petrol engines (`engine`, л.с. = 735.5 W): «самая мощная газонокосилка» compares both.
  const numeric = (code: string) => (code === 'power' ? sql`coalesce(${own('power')}, ${own('engine')} * 735.5)` : own(code));
  const price = viewerPriceSql(null, { id: sql`p.id`, price: sql`p.price`, brand: sql`p.brand_id`, section: sql`p.section_id` });
  const rangeSql = sql.join(
    (r.ranges ?? []).map((x) => sql`AND ${numeric(x.prop)} IS NOT NULL AND (${x.min ?? null}::numeric IS NULL OR ${numeric(x.prop)} >= ${x.min ?? null}::numeric) AND (${x.max ?? null}::numeric IS NULL OR ${numeric(x.prop)} <= ${x.max ?? null}::numeric)`),
    sql` `,
  );
  const priceSql = r.price ? sql`AND (${r.price.min ?? null}::numeric IS NULL OR ${price} >= ${r.price.min ?? null}::numeric) AND (${r.price.max ?? null}::numeric IS NULL OR ${price} <= ${r.price.max ?? null}::numeric)` : sql``;
  const value = r.best ? (r.best.by === 'price' ? price : numeric(r.best.by)) : sql`NULL::numeric`;
  const res = await db.execute(sql`
    WITH RECURSIVE sub AS (
      SELECT id FROM sections WHERE code = ANY(${`{${(r.sections ?? []).join(',')}}`}::text[])
      UNION SELECT s.id FROM sections s JOIN sub ON s.parent_id = sub.id
    )
    SELECT p.id, (${value})::float8 AS value FROM products p JOIN brands b ON b.id = p.brand_id
    WHERE p.active
      AND (${r.sections?.length ?? 0} = 0 OR p.section_id IN (SELECT id FROM sub))
      AND (${r.brands?.length ?? 0} = 0 OR b.code = ANY(${`{${(r.brands ?? []).join(',')}}`}::text[]))
      AND (${r.articles?.length ?? 0} = 0 OR p.article = ANY(${textArray(r.articles ?? [])}::text[]))
      ${propSql} ${rangeSql} ${priceSql}`);
  let rows = rowsOf<{ id: number; value: number | null }>(res);
  if (r.best) {
    const vals = rows.map((x) => x.value).filter((v): v is number => v !== null);
    const extreme = r.best.dir === 'asc' ? Math.min(...vals) : Math.max(...vals);
    rows = rows.filter((x) => x.value !== null && Math.abs(x.value - extreme) < 1e-9);
  }
  return new Set(rows.map((x) => Number(x.id)));
}

function score(list: QueryOutcome[]): Score {
  const n = list.length || 1;
  return {
    n: list.length,
    successAt1: list.filter((o) => o.rank === 1).length / n,
    successAt4: list.filter((o) => o.rank !== null && o.rank <= 4).length / n,
    mrr: list.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n,
    precisionAt4: list.reduce((s, o) => s + o.precision, 0) / n,
    zeroShare: list.filter((o) => o.total === 0).length / n,
  };
}

export async function evaluate(db: Db, judged: Judgement[], engine: SearchEngine = searchEngine(db), opts: { skipUnjudgeable?: boolean } = {}): Promise<Evaluation> {
  await ensurePromoRules(db);
  const outcomes: QueryOutcome[] = [];
  for (const j of judged) {
    const relevant = await relevantIds(db, j);
    if (!relevant.size && opts.skipUnjudgeable) continue;
    if (!relevant.size) throw new Error(`judged query «${j.q}» has no relevant product in this catalogue`);
    const result = await engine.search(await understand(db, j.q), { limit: 10 });
    const idx = result.ids.findIndex((id) => relevant.has(id));
    const top = result.ids.slice(0, 4);
    outcomes.push({ q: j.q, kind: j.kind, rank: idx < 0 ? null : idx + 1, top, total: result.total, precision: top.filter((id) => relevant.has(id)).length / 4 });
  }
  const byKind: Evaluation['byKind'] = {};
  for (const kind of [...new Set(outcomes.map((o) => o.kind))]) byKind[kind] = score(outcomes.filter((o) => o.kind === kind));
  const all = score(outcomes);
  return { ...all, queries: all.n, byKind, misses: outcomes.filter((o) => o.rank === null || o.rank > 4) };
}

/** Queries that should find nothing (a sofa in a tools shop): how many of them did find something. */
export async function falsePositives(db: Db, queries: string[], engine: SearchEngine = searchEngine(db)): Promise<string[]> {
  const out: string[] = [];
  for (const q of queries) if ((await engine.search(await understand(db, q), { limit: 1 })).total > 0) out.push(q);
  return out;
}
