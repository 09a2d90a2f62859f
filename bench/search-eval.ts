/**
 * Relevance half of `npm run bench:search`: opens DATA_DIR's database directly (no server may be
 * running on it: PGlite is single-process), evaluates the judged sets and prints one JSON line.
 * Article judgements name articles of the 2,000-product demo catalogue, so on other sizes they are
 * skipped, and so are judgements with no relevant product in that catalogue.
 *   BENCH_JUDGED=tests/search/judged.json,tests/search/judged-v2.json,tests/search/judged-intent.json,tests/search/judged-tasks.json  BENCH_VERBOSE=1 (misses to stderr)
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { evaluate, falsePositives, type Judgement } from '../src/server/search/evaluate';
import { rowsOf } from '../src/server/db/rows';

const files = (process.env.BENCH_JUDGED ?? 'tests/search/judged.json,tests/search/judged-v2.json,tests/search/judged-intent.json,tests/search/judged-tasks.json').split(',');
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
const sets: Record<string, unknown> = {};
for (const file of files) {
  let judged = JSON.parse(fs.readFileSync(file, 'utf8')) as Judgement[];
  if (Number(n) !== 2000) judged = judged.filter((j) => !j.relevant.articles);
  const e = await evaluate(handle.db, judged, undefined, { skipUnjudgeable: Number(n) !== 2000 });
  if (process.env.BENCH_VERBOSE) for (const m of e.misses) console.error(`miss ${m.kind}: «${m.q}» rank ${m.rank ?? '—'} total ${m.total}`);
  const { misses, ...rest } = e;
  sets[file] = { ...rest, misses: misses.map((m) => `${m.q} (${m.kind}, rank ${m.rank ?? '—'})`) };
}
const nonsense = JSON.parse(fs.readFileSync('tests/search/nonsense.json', 'utf8')) as string[];
const found = await falsePositives(handle.db, nonsense);
await handle.close();
console.log(JSON.stringify({ products: Number(n), sets, nonsense: { n: nonsense.length, found } }));
