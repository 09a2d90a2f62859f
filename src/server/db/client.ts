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
import { config, type Config } from '../config';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The channels the migrations' triggers NOTIFY: a commit to the change log (0040), a new outgoing message (0041). */
export type NotifyChannel = 'change_log' | 'message_outbox';

export type DbHandle = {
  db: Db;
  /**
   * Checkout's writing transaction runs here. On PostgreSQL: its own small pool (DB_WRITE_POOL_MAX),
   * so checkouts queued behind a stock lock never hold the connections pages and calls need. On
   * PGlite (one connection, one process) the same handle as `db`.
   */
  writeDb: Db;
  kind: 'pglite' | 'postgres';
  /** `SELECT 1` on a connection nothing else uses (PostgreSQL), for /api/health/. */
  ping: () => Promise<void>;
  /** That connection for /api/health/'s own reads (the outbox's counts), so a busy pool never makes them wait. */
  probe: Db;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`; resolves once listening. PostgreSQL: on a connection of its own,
   * and once more each time that connection is (re)established, since what was sent while it was down is not sent
   * again. PGlite: in the process, before the committing statement's promise resolves (see `notifiesEveryCommit`).
   */
  listen?: (channel: NotifyChannel, onNotify: () => void) => Promise<void>;
  /**
   * Every commit is this process's and its notifications reach the listener before the commit returns to its caller
   * (PGlite: one process owns the data directory, and PGlite queues the listeners while it reads the COMMIT's answer).
   * Then "no notification since the last read" means "nothing to read" (changes/feed.ts). Not so on PostgreSQL: another
   * node's commit is notified over the network, after it returned.
   */
  notifiesEveryCommit: boolean;
  /**
   * Background work (the change feed, the alert, payment and outbox workers) registers how it stops: `close` first
   * runs every one — timers cleared, the pass under way finished — so nothing queries a closed pool while the node shuts down.
   */
  beforeClose: (stop: () => Promise<void> | void) => void;
  close: () => Promise<void>;
};

/**
 * `close` that first stops what registered with `beforeClose`, waiting at most SHUTDOWN_GRACE_MS for the passes under way
 * (a stop that fails or takes longer is logged; the connections close either way).
 */
function closing(end: () => Promise<void>): Pick<DbHandle, 'beforeClose' | 'close'> {
  const stops = new Set<() => Promise<void> | void>();
  return {
    beforeClose: (stop) => void stops.add(stop),
    close: async () => {
      const graceMs = config().SHUTDOWN_GRACE_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), graceMs)));
      const stopped = Promise.allSettled([...stops].map(async (stop) => stop())).then((results) => {
        for (const r of results) if (r.status === 'rejected') console.error('[db] stopping background work failed', r.reason);
      });
      if ((await Promise.race([stopped, late])) === 'late') console.error(`[db] background work still running after ${graceMs} ms: closing the database anyway`);
      clearTimeout(timer);
      await end();
    },
  };
}

export type OpenOptions = {
  /** postgres://… — when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite directory; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  /** PostgreSQL statement_timeout of every connection; 0 = none (the seed CLI). Default DB_STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
  /** PostgreSQL lock_timeout of every connection; 0 = none (the seed CLI). Default DB_LOCK_TIMEOUT_MS. */
  lockTimeoutMs?: number;
};

/** Bounded waiting on PostgreSQL (docs/ARCHITECTURE.md, «Several nodes»). No-ops on PGlite. */
export function dbTimeouts(c: Pick<Config, 'DB_ACQUIRE_TIMEOUT_MS' | 'DB_LOCK_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'CHECKOUT_LOCK_TIMEOUT_MS'> = config()) {
  return {
    /** Longest wait for a free pool connection before the request fails (pg `connectionTimeoutMillis`). */
    acquireMs: c.DB_ACQUIRE_TIMEOUT_MS,
    /** Longest wait for a row or table lock (`lock_timeout`). */
    lockMs: c.DB_LOCK_TIMEOUT_MS,
    /** Longest single statement (`statement_timeout`). */
    statementMs: c.DB_STATEMENT_TIMEOUT_MS,
    /** Checkout's stock locks (`SET LOCAL lock_timeout` in its transaction). */
    checkoutLockMs: c.CHECKOUT_LOCK_TIMEOUT_MS,
  };
}

/** Any constants: the keys of the advisory locks nodes migrate (ASCII "store-mi") and seed (ASCII "store-se") under. */
export const MIGRATION_LOCK_KEY = 0x73746f72652d6d69n;
export const SEED_LOCK_KEY = 0x73746f72652d7365n;

export { dbBusy, type DbBusy } from './busy';

export function migrationsFolder(): string {
  return path.resolve(config().MIGRATIONS_DIR);
}

export function defaultDataDir(): string {
  return path.resolve(config().DATA_DIR, 'pglite');
}

/** Opens a database and applies every committed migration. */
export async function openDatabase(opts: OpenOptions = {}): Promise<DbHandle> {
  const url = opts.databaseUrl;
  if (url) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const limits = dbTimeouts();
    const statementMs = opts.statementTimeoutMs ?? limits.statementMs;
    // Every connection waits a bounded time: for a pool slot, for a lock, for a statement.
    const settings = config();
    const connection = { connectionString: url, connectionTimeoutMillis: limits.acquireMs, lock_timeout: opts.lockTimeoutMs ?? limits.lockMs, statement_timeout: statementMs };
    const pool = new pg.default.Pool({ ...connection, max: settings.DB_POOL_MAX });
    const writePool = new pg.default.Pool({ ...connection, max: settings.DB_WRITE_POOL_MAX });
    const probePool = new pg.default.Pool({ ...connection, max: 1, statement_timeout: Math.min(statementMs || 5000, 5000) });
    // An idle connection the server drops (restart, failover, DROP DATABASE … FORCE) must not crash the process.
    for (const p of [pool, writePool, probePool]) p.on('error', (e) => console.error('[db] idle connection closed:', e.message));
    const listening = new Set<{ close: () => void }>();
    const closeAll = () => {
      for (const l of listening) l.close();
      return Promise.all([pool.end(), writePool.end(), probePool.end()]).then(() => {});
    };
    try {
      await withAdvisoryLock(url, MIGRATION_LOCK_KEY, (client) => migrate(drizzle(client, { schema }) as never, { migrationsFolder: migrationsFolder() }));
    } catch (e) {
      await closeAll();
      throw e;
    }
    const db = drizzle(pool, { schema }) as unknown as Db;
    const writeDb = drizzle(writePool, { schema }) as unknown as Db;
    const listen = async (channel: NotifyChannel, onNotify: () => void) => void listening.add(listener(pg.default, { connectionString: url, connectionTimeoutMillis: limits.acquireMs }, channel, onNotify));
    const probe = drizzle(probePool, { schema }) as unknown as Db;
    return { db, writeDb, kind: 'postgres', ping: async () => void (await probePool.query('SELECT 1')), probe, listen, notifiesEveryCommit: false, ...closing(closeAll) };
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
  const listen = async (channel: NotifyChannel, onNotify: () => void) => void (await client.listen(channel, () => onNotify()));
  return { db, writeDb: db, kind: 'pglite', ping: async () => void (await client.query('SELECT 1')), probe: db, listen, notifiesEveryCommit: true, ...closing(() => client.close()) };
}

/**
 * One connection that LISTENs on `channel` for as long as the handle is open. A dropped connection (a server
 * restart, a failover) is opened again a second later; it never keeps the process alive.
 */
function listener(pg: typeof import('pg').default, connection: import('pg').ClientConfig, channel: string, onNotify: () => void): { close: () => void } {
  let closed = false;
  let current: import('pg').Client | null = null;
  const open = async () => {
    if (closed) return;
    const client = new pg.Client(connection);
    current = client;
    let dropped = false;
    const drop = (e?: Error) => {
      if (dropped) return;
      dropped = true;
      if (e && !closed) console.error(`[db] LISTEN ${channel} connection lost:`, e.message);
      client.end().catch(() => {});
      if (!closed) setTimeout(open, 1000).unref();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', () => onNotify());
    try {
      await client.connect();
      (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await client.query(`LISTEN ${channel}`);
      onNotify();
    } catch (e) {
      drop(e as Error);
    }
  };
  void open();
  return {
    close: () => {
      closed = true;
      void current?.end().catch(() => {});
    },
  };
}

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, on one dedicated connection that `fn`
 * may use; other processes asking for the same key wait until it is done. Several nodes starting
 * together on one empty database would each create the same tables and types at once (two of three
 * crashed on `pg_type_typname_nsp_index`): migrations run under MIGRATION_LOCK_KEY, so the first node
 * migrates and the others then find nothing left to apply (the start-up seed likewise, SEED_LOCK_KEY).
 * The connection has no statement or lock timeout (a migration on a large table may take long, and
 * waiting here is what it is for) and is closed after.
 */
export async function withAdvisoryLock<T>(url: string, key: bigint, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: dbTimeouts().acquireMs, statement_timeout: 0, lock_timeout: 0 });
  client.on('error', (e) => console.error('[db] advisory-lock connection closed:', e.message));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key.toString()]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key.toString()]);
    }
  } finally {
    await client.end();
  }
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
    g.__storeDb = openDatabase({ databaseUrl: config().DATABASE_URL });
    g.__storeDb.catch(() => {
      g.__storeDb = undefined;
    });
  }
  return g.__storeDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** The handle checkout writes through (its own pool on PostgreSQL; see DbHandle.writeDb). */
export async function getWriteDb(): Promise<Db> {
  return (await getDbHandle()).writeDb;
}
