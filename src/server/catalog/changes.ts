/**
 * Cached catalogue pages follow the data: triggers write every change to `catalog_changes`
 * (migration 0005_catalog_triggers), and each app node reads that log at most once a second, before serving
 * from its cache, and purges what changed. Whatever made the change (this node, another node,
 * an import, psql), every node is up to date within about a second — no bus but the database.
 */
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogChanges } from '../db/schema';
import { TAG } from './cache';
import { forgetReference } from './reference';
import { forgetSectionTree } from './sections';

type Invalidate = (options: { tags: string[] }) => Promise<void>;

const BATCH = 1000;

export function createChangeWatcher(opts: { pollMs?: number; keepMs?: number } = {}) {
  const pollMs = opts.pollMs ?? 1000;
  const keepMs = opts.keepMs ?? 86_400_000;
  let lastId: number | null = null;
  let lastPoll = 0;
  let lastPrune = 0;
  let inFlight: Promise<string[]> | null = null;

  async function poll(db: Db, invalidate: Invalidate): Promise<string[]> {
    if (lastId === null) {
      // A fresh node has nothing cached yet: start from the end of the log.
      const [row] = await db.select({ max: sql<number | null>`max(${catalogChanges.id})` }).from(catalogChanges);
      lastId = Number(row?.max ?? 0);
      return [];
    }
    const rows = await db.select().from(catalogChanges).where(gt(catalogChanges.id, lastId)).orderBy(asc(catalogChanges.id)).limit(BATCH);
    if (!rows.length) return [];
    lastId = rows[rows.length - 1]!.id;
    const everything = rows.length === BATCH || rows.some((r) => r.productId === null);
    const tags = everything ? [TAG.catalog] : [TAG.listings, TAG.sitemap, ...new Set(rows.map((r) => TAG.product(r.productId!)))];
    if (everything) {
      forgetSectionTree();
      forgetReference();
    }
    await invalidate({ tags });
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      await db.delete(catalogChanges).where(lt(catalogChanges.at, new Date(Date.now() - keepMs)));
    }
    return tags;
  }

  return {
    /** Purges what changed since the last look; cheap when called on every request (throttled). */
    sync(db: Db, invalidate: Invalidate, now = Date.now()): Promise<string[]> {
      if (inFlight) return inFlight;
      if (now - lastPoll < pollMs) return Promise.resolve([]);
      lastPoll = now;
      inFlight = poll(db, invalidate).finally(() => (inFlight = null));
      return inFlight;
    },
  };
}
