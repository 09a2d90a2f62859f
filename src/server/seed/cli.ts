/**
 * `npm run seed [-- --products N]`: resets the database (PGlite in DATA_DIR, or DATABASE_URL) and
 * writes the demo data. The server must not be running on the same PGlite directory.
 * `--if-empty`: seed only a database without a catalogue (what `npm start` does before serving).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir, openDatabase } from '../db/client';
import { isEmpty, resetDatabase, seedDatabase } from './seed';

const { values } = parseArgs({ options: { products: { type: 'string', default: process.env.SEED_PRODUCTS ?? '2000' }, 'if-empty': { type: 'boolean', default: false } } });
const products = Number(values.products);
if (!Number.isInteger(products) || products < 100 || products > 1_000_000) {
  console.error('--products: целое число от 100 до 1 000 000');
  process.exit(2);
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : fs.statSync(p).size;
  }
  return total;
}

const started = Date.now();
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
if (values['if-empty'] && !(await isEmpty(handle.db))) {
  await handle.close();
  process.exit(0);
}
await resetDatabase(handle.db);
await seedDatabase(handle.db, { products, log: (m) => console.log(`seed: ${m}`) });
// Planner statistics for the freshly written tables: PGlite has no autovacuum daemon to gather them, and
// PostgreSQL's would only get to it later (without them the similar-products scan took 150 ms at 100,000).
await handle.db.execute(sql`ANALYZE`);
if (handle.kind === 'pglite') await handle.db.execute('CHECKPOINT' as never);
await handle.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const where = handle.kind === 'pglite' ? `${defaultDataDir()} (${(dirSize(defaultDataDir()) / 1048576).toFixed(0)} МБ)` : 'PostgreSQL (DATABASE_URL)';
console.log(`seed: ${products} товаров за ${seconds} с → ${where}`);
