/**
 * Cached pages follow the data: triggers write every catalogue change to `catalog_changes`
 * (migration 0005), and every app node polls that log on a timer and drops what changed from its
 * caches — the page cache in front of Astro and the per-node reference caches. Whatever made the
 * change (this node, another node, an import, psql), every node is up to date within about a
 * second — no bus but the database.
 */
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogChanges } from '../db/schema';
import { TAG } from '../page-cache/mark';

export type Invalidate = (tags: string[]) => void | Promise<void>;

const BATCH = 1000;

/** Tags to drop for a batch of change rows (`productId` null = a section, brand, branch or bulk change). */
export function tagsFor(rows: { productId: number | null }[], full: boolean): string[] {
  if (full || rows.some((r) => r.productId === null)) return [TAG.catalog];
  return [TAG.listings, TAG.sitemap, TAG.home, ...new Set(rows.map((r) => TAG.product(r.productId!)))];
}

export function createChangeWatcher(opts: { keepMs?: number } = {}) {
  const keepMs = opts.keepMs ?? 86_400_000;
  let lastId: number | null = null;
  let lastPrune = 0;

  return {
    /** Reads what changed since the last look and hands the tags to `invalidate`. */
    async poll(db: Db, invalidate: Invalidate): Promise<string[]> {
      if (lastId === null) {
        // A fresh node has nothing cached yet: start from the end of the log.
        const [row] = await db.select({ max: sql<number | null>`max(${catalogChanges.id})` }).from(catalogChanges);
        lastId = Number(row?.max ?? 0);
        return [];
      }
      const rows = await db.select().from(catalogChanges).where(gt(catalogChanges.id, lastId)).orderBy(asc(catalogChanges.id)).limit(BATCH);
      if (!rows.length) return [];
      lastId = rows[rows.length - 1]!.id;
      const tags = tagsFor(rows, rows.length === BATCH);
      await invalidate(tags);
      if (Date.now() - lastPrune > 3_600_000) {
        lastPrune = Date.now();
        await db.delete(catalogChanges).where(lt(catalogChanges.at, new Date(Date.now() - keepMs)));
      }
      return tags;
    },
  };
}

type Global = typeof globalThis & { __storeChangePoller?: ReturnType<typeof setInterval> };

/**
 * Starts this node's poller (once per process): every `intervalMs` (CHANGE_POLL_MS, default 500) the
 * change log is read and `invalidate` called with what changed.
 */
export function startChangePoller(getDb: () => Promise<Db>, invalidate: Invalidate, intervalMs = Number(process.env.CHANGE_POLL_MS ?? 500)): void {
  const g = globalThis as Global;
  if (g.__storeChangePoller) return;
  const watcher = createChangeWatcher();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await watcher.poll(await getDb(), invalidate);
    } catch (e) {
      console.error('[changes] reading catalog_changes failed', e);
    } finally {
      running = false;
    }
  };
  void tick();
  g.__storeChangePoller = setInterval(tick, intervalMs);
  g.__storeChangePoller.unref();
}
