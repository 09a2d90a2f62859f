/**
 * Relevance half of `npm run bench:search`: opens DATA_DIR's database directly (no server may be
 * running on it: PGlite is single-process), evaluates the judged set and prints one JSON line.
 * Article judgements name articles of the 2,000-product demo catalogue, so on other sizes they are skipped.
 */
import fs from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { evaluate, type Judgement } from '../src/server/search/evaluate';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/search/rows';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
let judged = JSON.parse(fs.readFileSync('tests/search/judged.json', 'utf8')) as Judgement[];
if (Number(n) !== 2000) judged = judged.filter((j) => !j.relevant.articles);
const e = await evaluate(handle.db, judged);
await handle.close();
console.log(JSON.stringify({ products: Number(n), queries: e.queries, successAt4: e.successAt4, mrr: e.mrr, byKind: e.byKind, misses: e.misses.map((m) => `${m.q} (${m.kind}, rank ${m.rank ?? '—'})`) }));
