import fs from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { understand } from '../src/server/search/understand';
import { searchEngine, searchHeader } from '../src/server/search/service';

const handle = await openDatabase({});
const db = handle.db;
const judged = ['tests/search/judged.json', 'tests/search/judged-v2.json'].flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')).map((j: { q: string }) => j.q));
const typing = ['шуруповерт makita', 'lhtkm elfhyfz', 'болгарка 125', 'ЗД7202X', 'шуруповерт 18в макита', 'піла'].flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2)));
const qs = [...judged, ...typing];
const engine = searchEngine(db);
for (const q of qs.slice(0, 30)) await searchHeader(db, q, engine);
const rows: { q: string; u: number; s: number; h: number }[] = [];
for (const q of qs) {
  let t = performance.now();
  if (engine.sync) await engine.sync();
  const plan = await understand(db, q, { followsChanges: true });
  const u = performance.now() - t;
  t = performance.now();
  await engine.search(plan, { limit: 4 });
  const s = performance.now() - t;
  t = performance.now();
  await searchHeader(db, q, engine);
  const h = performance.now() - t;
  rows.push({ q, u, s, h });
}
const pct = (k: 'u' | 's' | 'h', p: number) => [...rows].sort((a, b) => a[k] - b[k])[Math.floor(rows.length * p)]![k].toFixed(1);
console.log(`n=${rows.length} understand p50 ${pct('u', 0.5)} p95 ${pct('u', 0.95)} | engine p50 ${pct('s', 0.5)} p95 ${pct('s', 0.95)} | header p50 ${pct('h', 0.5)} p95 ${pct('h', 0.95)}`);
for (const r of [...rows].sort((a, b) => b.h - a.h).slice(0, 15)) console.log(`${r.h.toFixed(1)} (u ${r.u.toFixed(1)} s ${r.s.toFixed(1)}) ${r.q}`);
await handle.close();
