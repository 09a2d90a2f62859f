/**
 * The one reader of the change log (`change_log`, written by triggers: db/schema/catalog.ts). Each app node has
 * one feed per database: it reads what is new — every scope in one read — and hands each scope's
 * rows to its subscribers: the page cache (`catalog` and editors' `content`, changes/follow.ts) and the in-process search
 * index (`search`, search/memory-engine.ts). On PostgreSQL each commit that writes the log wakes it (a
 * NOTIFY from a trigger, migration 0040), so other nodes follow within milliseconds; it also runs on a timer
 * (CHANGE_POLL_MS, default 500 ms), which covers a lost LISTEN connection. A subscriber that must be current
 * right now (a search) asks it to catch up at once; concurrent asks share one read. On PGlite, where every commit
 * is this process's and notifies before it returns, a catch-up without a notification since the last read reads
 * nothing (`trustNotifications`). No bus but the database. The feed also prunes the log.
 *
 * Why no committed change is ever skipped (docs/decisions/0054-change-feed.md): a row's id is taken
 * when it is inserted, not when its transaction commits, so "id > the last id read" alone misses a
 * transaction that took a smaller id and committed later. Each read therefore runs in one
 * REPEATABLE READ snapshot and remembers that snapshot's in-progress transaction ids
 * (`pg_snapshot_xip`). The next read takes every row with a larger id, plus every row written by
 * one of those remembered transactions: a row that was invisible last time either has a larger id
 * (its transaction took the id after the snapshot) or was written by a transaction that snapshot
 * listed as in progress. Nothing else can appear below the last id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { changeLog } from '../db/schema';
import { config } from '../config';

export type ChangeScope = 'catalog' | 'search' | 'content' | 'tasks' | 'terms' | 'sessions';
export type ChangeRow = { id: number; scope: ChangeScope; productId: number | null };
export type ChangeHandler = (rows: ChangeRow[]) => void | Promise<void>;

/** Rows followed one by one in one read; a longer backlog is handed on as "everything changed" (product_id null). */
export const MAX_ROWS = 50_000;
const KEEP_MS = 86_400_000;

type Position = { lastId: number; pending: string[] };
type RawRow = { id: string | number; scope: ChangeScope; product_id: number | null };

const toRow = (r: RawRow): ChangeRow => ({ id: Number(r.id), scope: r.scope, productId: r.product_id });
const xidArray = (xids: string[]) => `{${xids.join(',')}}`;

export class ChangeFeed {
  private pos: Position | null = null;
  private reading: Promise<void> | null = null;
  /** Woken while a read was running: that read's snapshot may predate the commit that woke it. */
  private again = false;
  /**
   * Set by `trustNotifications` where every commit notifies this node before it returns (PGlite): a catch-up with no
   * notification since the last read began has nothing to read and returns at once. A search asks for one before
   * every query; on PGlite that read was a transaction of five statements on the store's one connection, about 2 ms
   * of a 12 ms query at 100,000 products (decision 0054).
   */
  private complete = false;
  private dirty = true;
  private lastPrune = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The node is closing its database (`stop`): nothing is read any more. */
  private stopped = false;
  private readonly handlers = new Map<ChangeScope, Set<ChangeHandler>>();

  constructor(private readonly db: Db) {}

  subscribe(scope: ChangeScope, handler: ChangeHandler): () => void {
    let set = this.handlers.get(scope);
    if (!set) this.handlers.set(scope, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Marks the end of the log as read (a fresh node has nothing to update); resolves once done. */
  async ready(): Promise<void> {
    if (this.pos) return;
    const pos = await this.snapshot(async (tx, pending) => {
      const [row] = rowsOf<{ max: string | null }>(await tx.execute(sql`SELECT max(id)::text AS max FROM change_log`));
      return { lastId: Number(row?.max ?? 0), pending };
    });
    this.pos ??= pos;
  }

  /** Reads what is new and hands it on; resolves when every subscriber has handled it. */
  catchUp(): Promise<void> {
    if (this.stopped) return this.reading ?? Promise.resolve();
    if (this.complete && !this.dirty && !this.reading && this.pos) return Promise.resolve();
    this.reading ??= this.read().finally(() => {
      this.reading = null;
      if (this.again) this.wake();
    });
    return this.reading;
  }

  /** A commit wrote the log (its NOTIFY, db/client.ts `listen`): read it now, or right after the read under way. */
  wake(): void {
    this.dirty = true;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.again = false;
    this.catchUp().catch((e) => console.error('[changes] reading change_log failed', e));
  }

  /**
   * The database notifies this node of every commit that writes the log before the commit returns (db/client.ts
   * `notifiesEveryCommit`), and `wake` is listening: from now on a catch-up reads only after a notification. Call it
   * once LISTEN is active; what was committed before that is read by the next catch-up.
   */
  trustNotifications(): void {
    this.dirty = true;
    this.complete = true;
  }

  /** Runs `fn` in one read-only REPEATABLE READ snapshot, with that snapshot's in-progress transaction ids. */
  private snapshot<T>(fn: (tx: Db, pending: string[]) => Promise<T>): Promise<T> {
    return this.db.transaction(
      async (tx) => {
        const [snap] = rowsOf<{ xip: string[] | string | null }>(await tx.execute(sql`SELECT ARRAY(SELECT x::text FROM pg_snapshot_xip(pg_current_snapshot()) AS x) AS xip`));
        const xip = snap?.xip ?? [];
        // node-postgres parses text[]; PGlite may hand back the array literal.
        const pending = Array.isArray(xip) ? xip : xip.replace(/[{}]/g, '').split(',').filter(Boolean);
        return fn(tx as unknown as Db, pending);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private async read(): Promise<void> {
    // Before the snapshot: a commit after this point is in the snapshot, or its notification marks the feed again.
    this.dirty = false;
    if (!this.pos) return this.ready();
    const from = this.pos;
    const { rows, next } = await this.snapshot(async (tx, pending) => {
      // Rows of transactions that were still open at the last read, whatever their id…
      const late = from.pending.length
        ? rowsOf<RawRow>(await tx.execute(sql`SELECT id, scope, product_id FROM change_log WHERE xid = ANY(${xidArray(from.pending)}::bigint[]) AND id <= ${from.lastId}`))
        : [];
      // …and everything after the last id.
      const fresh = rowsOf<RawRow>(await tx.execute(sql`SELECT id, scope, product_id FROM change_log WHERE id > ${from.lastId} ORDER BY id LIMIT ${MAX_ROWS + 1}`));
      let lastId = fresh.length ? Number(fresh[fresh.length - 1]!.id) : from.lastId;
      let all = [...late, ...fresh].map(toRow);
      if (all.length > MAX_ROWS) {
        // Too much to follow one by one: skip to the end and tell everyone that everything changed.
        const [end] = rowsOf<{ max: string }>(await tx.execute(sql`SELECT max(id)::text AS max FROM change_log`));
        lastId = Number(end!.max);
        all = (['catalog', 'search', 'content', 'tasks'] as const).map((scope) => ({ id: lastId, scope, productId: null }));
      }
      return { rows: all, next: { lastId, pending } };
    });
    this.pos = next;
    for (const [scope, handlers] of this.handlers) {
      const mine = rows.filter((r) => r.scope === scope);
      if (mine.length) for (const h of handlers) await h(mine);
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 3_600_000) return;
    this.lastPrune = Date.now();
    await this.db.delete(changeLog).where(sql`${changeLog.at} < ${new Date(Date.now() - KEEP_MS)}`);
  }

  /** Stops following (the node closes its database): no timer, no new read; resolves once the read under way is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reading?.catch(() => {});
  }

  /** Follows the log on a timer (unref'd: it never keeps the process alive). */
  start(intervalMs = config().CHANGE_POLL_MS): void {
    if (this.timer) return;
    const tick = () => this.catchUp().catch((e) => console.error('[changes] reading change_log failed', e));
    void this.ready().then(tick, tick);
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }
}

const g = globalThis as typeof globalThis & { __storeChangeFeeds?: WeakMap<Db, ChangeFeed> };
g.__storeChangeFeeds ??= new WeakMap();

/** This node's feed for `db`. */
export function changeFeed(db: Db): ChangeFeed {
  let feed = g.__storeChangeFeeds!.get(db);
  if (!feed) g.__storeChangeFeeds!.set(db, (feed = new ChangeFeed(db)));
  return feed;
}
