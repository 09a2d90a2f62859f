/**
 * A fresh, migrated, seeded database for one test file.
 * - Default: PGlite in memory.
 * - DATABASE_URL set: a new database `store_test_<random>` on that PostgreSQL server, dropped after.
 */
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { eq } from 'drizzle-orm';
import { seedDatabase } from '../../src/server/seed/seed';
import { contentEntries } from '../../src/server/db/schema';
import { forgetPromoRules } from '../../src/server/catalog/promo-rules';

export type TestDb = DbHandle & { url?: string; drop: () => Promise<void> };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createEmptyDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `store_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestDb(opts: { products?: number; seed?: boolean } = {}): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  let dropDb = async () => {};
  if (adminUrl) {
    const created = await createEmptyDatabase(adminUrl);
    url = created.url;
    dropDb = created.drop;
  }
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  if (opts.seed !== false) await seedDatabase(handle.db, { products: opts.products ?? 300 });
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
