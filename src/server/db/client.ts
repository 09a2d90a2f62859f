/**
 * One database handle for the whole server process.
 *
 * - Default: embedded PGlite with its files in DATA_DIR (./data/pglite), zero set-up.
 * - DATABASE_URL set: a real PostgreSQL server through node-postgres.
 * Both are Drizzle `PgDatabase`s over the same schema and the same committed migrations, so every
 * query in src/server runs unchanged on either.
 *
 * The handle is created lazily on first use and kept on globalThis so Vite's dev reloads do not
 * open a second PGlite on the same directory (PGlite is single-process).
 */
import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type OpenOptions = {
  /** postgres://… — when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite directory; `memory://` for an in-memory database (tests). */
  dataDir?: string;
};

export function migrationsFolder(): string {
  if (process.env.MIGRATIONS_DIR) return path.resolve(process.env.MIGRATIONS_DIR);
  return path.resolve(process.cwd(), 'src/server/db/migrations');
}

export function defaultDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
}

/** Opens a database and applies every committed migration. */
export async function openDatabase(opts: OpenOptions = {}): Promise<DbHandle> {
  const url = opts.databaseUrl;
  if (url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.default.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server drops (restart, failover, DROP DATABASE … FORCE) must not crash the process.
    pool.on('error', (e) => console.error('[db] idle connection closed:', e.message));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: migrationsFolder() });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = opts.dataDir ?? defaultDataDir();
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  keepDrizzleParsersInstalled(client as unknown as ParsingClient);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: migrationsFolder() });
  await analyzeIfNeverAnalyzed(client);
  return { db, kind: 'pglite', close: () => client.close() };
}

type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;
type Querying = { query: (q: string, params?: unknown[], opts?: QueryOptions) => Promise<unknown> };
type ParsingClient = Querying & { parsers: Record<number, unknown>; transaction: <T>(fn: (tx: Querying) => Promise<T>) => Promise<T> };

/** Types drizzle-orm reads as text and converts itself: timestamp, timestamptz, interval, date, numeric[] and their arrays. */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * drizzle-orm passes those nine parsers with every PGlite query, and PGlite merges them into its own
 * table of ~370 parsers by copying the whole table, once per query: about half a millisecond each on a
 * shared core, six times for an uncached product page. They are installed in PGlite's table instead,
 * and a query whose options carry only them runs without the copy (the table is checked first: PGlite
 * rewrites array parsers when it refreshes its array types). Results are parsed exactly as before.
 */
function keepDrizzleParsersInstalled(client: ParsingClient): void {
  const install = () => {
    for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  };
  install();
  const onlyDrizzle = (parsers: Record<number, unknown>) => {
    for (const key in parsers) if (!DRIZZLE_TEXT_TYPES.includes(Number(key))) return false;
    return true;
  };
  const lean = (opts?: QueryOptions): QueryOptions | undefined => {
    if (!opts?.parsers || !onlyDrizzle(opts.parsers)) return opts;
    if (DRIZZLE_TEXT_TYPES.some((oid) => client.parsers[oid] !== asText)) install();
    const { parsers: _drop, ...rest } = opts;
    return rest;
  };
  const wrap = (target: Querying) => {
    const query = target.query.bind(target);
    target.query = (q, params, opts) => query(q, params, lean(opts));
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      wrap(tx);
      return fn(tx);
    });
}

/**
 * PGlite runs no autovacuum daemon, so nothing ever gathers planner statistics: a catalogue that was
 * never analyzed is planned with default guesses (at 100,000 products a product page's similar-products
 * query chose a 180,000-row bitmap scan). The seed CLI analyzes what it writes; a database with
 * products that was never analyzed (seeded by an older version, or filled another way) is analyzed here,
 * once (about 3 s at 100,000 products).
 */
async function analyzeIfNeverAnalyzed(client: { query: (q: string) => Promise<{ rows: unknown[] }> }): Promise<void> {
  const { rows } = await client.query(`SELECT 1 FROM pg_class WHERE relname = 'products' AND relkind = 'r' AND reltuples < 0 AND EXISTS (SELECT 1 FROM products)`);
  if (rows.length) await client.query('ANALYZE');
}

type Global = typeof globalThis & { __storeDb?: Promise<DbHandle> };
const g = globalThis as Global;

/**
 * The process-wide database, opened and migrated on first use. Nothing here writes data: demo data
 * is the demo's business (scripts/server.mjs runs the seed CLI before start, never in production).
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!g.__storeDb) {
    g.__storeDb = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
    g.__storeDb.catch(() => {
      g.__storeDb = undefined;
    });
  }
  return g.__storeDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
