/**
 * A fresh, migrated, seeded database for one test file.
 * - Default: PGlite in memory.
 * - DATABASE_URL set: a new database `store_test_<random>` on that PostgreSQL server, dropped after. A seeded
 *   one is a copy (`CREATE DATABASE … TEMPLATE`) of this run's template for that product count, migrated and
 *   seeded once by whichever file asks first: about 1 s instead of 6–15 s of migrations and seed per file.
 */
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { eq } from 'drizzle-orm';
import { contentEntries } from '../../src/server/db/schema';
import { forgetPromoRules } from '../../src/server/catalog/promo-rules';

/** The seed's module graph is loaded only by a file that seeds (on PostgreSQL most files copy a template). */
const seedDatabase: typeof import('../../src/server/seed/seed').seedDatabase = async (...args) => (await import('../../src/server/seed/seed')).seedDatabase(...args);

export type TestDb = DbHandle & { url?: string; drop: () => Promise<void> };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

export async function createEmptyDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `store_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return { url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/** The prefix of this run's template databases (`tests/helpers/server.ts` provides it and drops them at the end). */
export const TEMPLATE_PREFIX = 'store_tpl_';

function runTemplatePrefix(): string | null {
  try {
    return inject('templatePrefix') || null;
  } catch {
    return null; // outside a vitest worker: no shared template
  }
}

/**
 * A new database holding exactly what `seedDatabase(db, {products})` writes on a freshly migrated one. The
 * template is built under an advisory lock (two workers asking at once build it once) into a scratch name and
 * renamed when complete, so a failed seed never leaves a half template behind. The seed's dates are whole days
 * before the seeding, so a copy made minutes later reads the same.
 */
export async function createSeededDatabase(adminUrl: string, products: number): Promise<{ url: string; drop: () => Promise<void> }> {
  const prefix = runTemplatePrefix();
  if (!prefix) {
    const created = await createEmptyDatabase(adminUrl);
    const handle = await openDatabase({ databaseUrl: created.url });
    try {
      await seedDatabase(handle.db, { products });
    } finally {
      await handle.close();
    }
    return created;
  }
  const template = `${prefix}${products}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `store_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) {
        const scratch = `${template}_wip`;
        await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${scratch}"`);
        const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, scratch) });
        try {
          await seedDatabase(handle.db, { products });
        } finally {
          await handle.close();
        }
        // What autovacuum does to a live store's database after a bulk write, done before it is copied: planner
        // statistics, and the GIN indexes' pending lists merged (a trigram LIKE otherwise scans the whole list:
        // 120 ms instead of 5 ms at 2,000 products).
        const scratchClient = new pg.Client({ connectionString: withDatabase(adminUrl, scratch) });
        await scratchClient.connect();
        try {
          await scratchClient.query('VACUUM ANALYZE');
        } finally {
          await scratchClient.end();
        }
        await admin.query(`ALTER DATABASE "${scratch}" RENAME TO "${template}"`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return { url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

export async function createTestDb(opts: { products?: number; seed?: boolean } = {}): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  const seed = opts.seed !== false;
  const products = opts.products ?? 300;
  let url: string | undefined;
  let dropDb = async () => {};
  if (adminUrl) {
    const created = seed ? await createSeededDatabase(adminUrl, products) : await createEmptyDatabase(adminUrl);
    url = created.url;
    dropDb = created.drop;
  }
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  if (seed && !url) await seedDatabase(handle.db, { products });
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await dropDb();
    },
  };
}

export const dbKind = () => (process.env.DATABASE_URL ? 'postgres' : 'pglite');

/**
 * Takes the price rules off the demo promotions of a test database. For tests that compute the
 * expected contract or retail prices from the catalogue rows alone; what promotions do to prices is
 * promo-prices' subject, so the rest need not restate the rule.
 */
export async function withoutPromotionPrices(db: DbHandle['db']): Promise<void> {
  await db.update(contentEntries).set({ discount: null }).where(eq(contentEntries.kind, 'promotion'));
  forgetPromoRules();
}
