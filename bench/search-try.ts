/**
 * `DATA_DIR=… npx tsx bench/search-try.ts "query" …`: how the pipeline reads each query and its top
 * results (for tuning by hand; no server may be running on DATA_DIR).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { understand } from '../src/server/search/understand';
import { searchEngine } from '../src/server/search/service';
import { rowsOf } from '../src/server/db/rows';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const engine = searchEngine(handle.db);
for (const q of process.argv.slice(2)) {
  const plan = await understand(handle.db, q);
  const r = await engine.search(plan, { limit: 4 });
  const rows = r.ids.length ? rowsOf<{ id: number; name: string; properties: unknown }>(await handle.db.execute(sql`SELECT id, name, properties FROM products WHERE id = ANY(${`{${r.ids.join(',')}}`}::int[])`)) : [];
  const byId = new Map(rows.map((x) => [x.id, x]));
  const clauses = plan.clauses.map((c) => `${c.typed}[${c.how}/${c.role}${c.context ? '/ctx' : ''}${c.quantity ? `/${c.quantity.dim}=${c.quantity.value}` : ''}]→${c.alternatives.map((a) => a.map((t) => t.lex + (t.prefix ? '*' : '')).join('+')).join('|')}${c.sectionIds ? `§${c.sectionIds.length}` : ''}`);
  console.log(`\n«${q}» total ${r.total}${r.ignored?.length ? ` ignored ${r.ignored.join(',')}` : ''}${r.relaxed ? ` relaxed ${r.relaxed.query}:${r.relaxed.total}` : ''}${plan.corrected ? ` corrected ${plan.corrected}` : ''}\n  ${clauses.join('  ')}`);
  for (const id of r.ids) console.log(`   - ${byId.get(id)?.name}  ${JSON.stringify(byId.get(id)?.properties)}`);
}
await handle.close();
