/**
 * Relevance evaluation against the judged set (tests/search/judged.json): success@4 (a relevant
 * product among the overlay's four) and MRR over the first 10 results. A judgement names what is
 * relevant by catalogue facts (sections incl. their subtree, brands, articles), not by ids, so the
 * set stays readable and independent of the pipeline it judges.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchEngine } from './service';
import type { SearchEngine } from './engine';
import { understand } from './understand';
import { rowsOf } from './rows';

export type Judgement = { q: string; kind: string; relevant: { sections?: string[]; brands?: string[]; articles?: string[] } };
export type QueryOutcome = { q: string; kind: string; rank: number | null; top: number[] };
export type Evaluation = { queries: number; successAt4: number; mrr: number; byKind: Record<string, { n: number; successAt4: number; mrr: number }>; misses: QueryOutcome[] };

async function relevantIds(db: Db, j: Judgement): Promise<Set<number>> {
  const r = j.relevant;
  const res = await db.execute(sql`
    WITH RECURSIVE sub AS (
      SELECT id FROM sections WHERE code = ANY(${`{${(r.sections ?? []).join(',')}}`}::text[])
      UNION SELECT s.id FROM sections s JOIN sub ON s.parent_id = sub.id
    )
    SELECT p.id FROM products p JOIN brands b ON b.id = p.brand_id
    WHERE p.active
      AND (${r.sections?.length ?? 0} = 0 OR p.section_id IN (SELECT id FROM sub))
      AND (${r.brands?.length ?? 0} = 0 OR b.code = ANY(${`{${(r.brands ?? []).join(',')}}`}::text[]))
      AND (${r.articles?.length ?? 0} = 0 OR p.article = ANY(${`{${(r.articles ?? []).map((a) => `"${a}"`).join(',')}}`}::text[]))`);
  return new Set(rowsOf<{ id: number }>(res).map((x) => Number(x.id)));
}

export async function evaluate(db: Db, judged: Judgement[], engine: SearchEngine = searchEngine(db)): Promise<Evaluation> {
  const outcomes: QueryOutcome[] = [];
  for (const j of judged) {
    const relevant = await relevantIds(db, j);
    if (!relevant.size) throw new Error(`judged query «${j.q}» has no relevant product in this catalogue`);
    const result = await engine.search(await understand(db, j.q), { limit: 10 });
    const idx = result.ids.findIndex((id) => relevant.has(id));
    outcomes.push({ q: j.q, kind: j.kind, rank: idx < 0 ? null : idx + 1, top: result.ids.slice(0, 4) });
  }
  const score = (list: QueryOutcome[]) => ({
    n: list.length,
    successAt4: list.filter((o) => o.rank !== null && o.rank <= 4).length / list.length,
    mrr: list.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / list.length,
  });
  const byKind: Evaluation['byKind'] = {};
  for (const kind of [...new Set(outcomes.map((o) => o.kind))]) byKind[kind] = score(outcomes.filter((o) => o.kind === kind));
  const all = score(outcomes);
  return { queries: all.n, successAt4: all.successAt4, mrr: all.mrr, byKind, misses: outcomes.filter((o) => o.rank === null || o.rank > 4) };
}
