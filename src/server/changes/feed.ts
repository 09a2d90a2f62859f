/**
 * The one reader of the change log (`change_log`, written by triggers: db/schema/catalog.ts). Each app node has
 * one feed per database: it reads what is new — every scope in one query — and hands each scope's
 * rows to its subscribers: the page cache (`catalog`, changes/follow.ts) and the in-process search
 * index (`search`, search/memory-engine.ts). It runs on a timer (CHANGE_POLL_MS, default 500 ms), and
 * a subscriber that must be current right now (a search) asks it to catch up at once; concurrent
 * asks share one read. Whatever made a change, every node follows within about a second — no bus
 * but the database. The feed also prunes the log.
 */
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { changeLog } from '../db/schema';

export type ChangeScope = 'catalog' | 'search';
export type ChangeRow = { id: number; scope: ChangeScope; productId: number | null };
export type ChangeHandler = (rows: ChangeRow[]) => void | Promise<void>;

/** Rows read at once; a longer backlog is handed on as "everything changed" (product_id null). */
const BATCH = 5000;
const KEEP_MS = 86_400_000;

export class ChangeFeed {
  private lastId: number | null = null;
  private reading: Promise<void> | null = null;
  private lastPrune = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
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
    if (this.lastId !== null) return;
    const [row] = await this.db.select({ max: sql<number | null>`max(${changeLog.id})` }).from(changeLog);
    this.lastId ??= Number(row?.max ?? 0);
  }

  /** Reads what is new and hands it on; resolves when every subscriber has handled it. */
  catchUp(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<void> {
    if (this.lastId === null) return this.ready();
    const rows = await this.db.select().from(changeLog).where(gt(changeLog.id, this.lastId)).orderBy(asc(changeLog.id)).limit(BATCH + 1);
    if (!rows.length) return this.prune();
    let batch: ChangeRow[] = rows;
    if (rows.length > BATCH) {
      // Too much to follow one by one: skip to the end and tell everyone that everything changed.
      const [end] = await this.db.select({ max: sql<number>`max(${changeLog.id})` }).from(changeLog);
      batch = (['catalog', 'search'] as const).map((scope) => ({ id: Number(end!.max), scope, productId: null }));
    }
    this.lastId = batch[batch.length - 1]!.id;
    for (const [scope, handlers] of this.handlers) {
      const mine = batch.filter((r) => r.scope === scope);
      if (mine.length) for (const h of handlers) await h(mine);
    }
    await this.prune();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 3_600_000) return;
    this.lastPrune = Date.now();
    await this.db.delete(changeLog).where(lt(changeLog.at, new Date(Date.now() - KEEP_MS)));
  }

  /** Follows the log on a timer (unref'd: it never keeps the process alive). */
  start(intervalMs = Number(process.env.CHANGE_POLL_MS ?? 500)): void {
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
