/**
 * The demo data writer's command line. Seeding is only ever a demo action (issue 22):
 *
 * - `npm run seed -- --reset [--products N]`: WIPES the database (PGlite in DATA_DIR, or DATABASE_URL)
 *   and writes the demo data. Without `--reset` it refuses; under NODE_ENV=production it always
 *   refuses. The server must not be running on the same PGlite directory.
 * - `--if-empty` (what `npm start` runs before serving, outside production): seeds only a database
 *   that holds nothing but what migrations write; any user, order, basket, company, product… and it
 *   says in one line why it did not seed, and exits 0.
 */
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { config, ConfigError, isProduction } from '../config';

try {
  config();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const values = (() => {
  try {
    return parseArgs({ options: { products: { type: 'string', default: String(config().SEED_PRODUCTS) }, 'if-empty': { type: 'boolean', default: false }, reset: { type: 'boolean', default: false } } }).values;
  } catch (e) {
    // An unknown flag or a flag without its value: one line, not Node's stack trace.
    console.error(`seed: непонятные аргументы — ${(e as Error).message}. Допустимо: --reset, --if-empty, --products N.`);
    process.exit(2);
  }
})();
if (isProduction()) {
  console.error('seed: отказ — NODE_ENV=production, демо-данные в рабочую базу не пишутся (refused: never seeds under NODE_ENV=production).');
  process.exit(1);
}
if (!values.reset && !values['if-empty']) {
  console.error('seed: отказ — это УДАЛИТ все данные базы; подтвердите флагом: npm run seed -- --reset (refused: wipes the database, pass --reset).');
  process.exit(1);
}
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

// Loaded once the refusals above are past: a refused command answers at once instead of after 1.5 s of CPU.
const { sql } = await import('drizzle-orm');
const { defaultDataDir, openDatabase, SEED_LOCK_KEY, withAdvisoryLock } = await import('../db/client');
const { resetDatabase, rowsNotFromMigrations, seedDatabase } = await import('./seed');

const started = Date.now();
// Writing 100,000 products takes longer than a request may (DB_STATEMENT_TIMEOUT_MS), and TRUNCATE
// waits for the locks of whoever still reads: neither timeout applies here.
const url = config().DATABASE_URL;
const handle = await openDatabase({ databaseUrl: url, statementTimeoutMs: 0, lockTimeoutMs: 0 });
// Nodes starting together on one fresh PostgreSQL database: one seeds, the others wait for it and then find its rows.
const serialized = <T>(fn: () => Promise<T>) => (url ? withAdvisoryLock(url, SEED_LOCK_KEY, fn) : fn());
const wrote = await serialized(async () => {
  if (values['if-empty']) {
    const holding = await rowsNotFromMigrations(handle.db);
    if (holding.length) {
      const list = holding.length > 6 ? `${holding.slice(0, 6).join(', ')} и ещё ${holding.length - 6}` : holding.join(', ');
      console.log(`seed: демо-данные не записаны — в базе уже есть данные (${list}); demo data is only written into a freshly migrated database.`);
      return false;
    }
  }
  await resetDatabase(handle.db);
  await seedDatabase(handle.db, { products, log: (m) => console.log(`seed: ${m}`) });
  return true;
});
if (!wrote) {
  await handle.close();
  process.exit(0);
}
// Planner statistics for the freshly written tables: PGlite has no autovacuum daemon to gather them, and
// PostgreSQL's would only get to it later (without them the similar-products scan took 150 ms at 100,000).
await handle.db.execute(sql`ANALYZE`);
if (handle.kind === 'pglite') await handle.db.execute('CHECKPOINT' as never);
await handle.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const where = handle.kind === 'pglite' ? `${defaultDataDir()} (${(dirSize(defaultDataDir()) / 1048576).toFixed(0)} МБ)` : 'PostgreSQL (DATABASE_URL)';
console.log(`seed: ${products} товаров за ${seconds} с → ${where}`);
