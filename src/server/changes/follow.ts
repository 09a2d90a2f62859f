/** What this node drops when the catalogue or editors' content changes: cached pages, and the per-node reference caches. */
import { getDb, getDbHandle, type Db } from '../db/client';
import { forgetReference } from '../catalog/reference';
import { forgetSectionTree } from '../catalog/sections';
import { pageCache } from '../page-cache/registry';
import { TAG } from '../page-cache/mark';
import { changeFeed, type ChangeRow } from './feed';
import { nextContentMoment } from '../content/schedule';
import { forgetPromoRules } from '../catalog/promo-rules';
import { forgetRefReach } from '../content/refs';

/** Tags to drop for catalogue change rows (`productId` null = a section, brand, branch or bulk change). */
export function tagsFor(rows: Pick<ChangeRow, 'productId'>[]): string[] {
  if (rows.some((r) => r.productId === null)) return [TAG.catalog];
  return [TAG.listings, TAG.sitemap, TAG.home, ...new Set(rows.map((r) => TAG.product(r.productId!)))];
}

/**
 * What an editor's publish, unpublish or save of a published entry drops (a `content` row): every
 * page that prints entries — their own, lists, home, sitemap — and the catalogue's pages, because
 * a product page lists the media about it and a listing may be a promotion's. Saves are rare; a
 * cold cache after one is cheaper than a page that keeps a withdrawn promotion for an hour.
 */
export const CONTENT_TAGS = [TAG.content, TAG.catalog, TAG.home, TAG.sitemap, TAG.listings];

/**
 * A scheduled start or end changes what guests see without any write, so no change-log row
 * announces it. Each node sets a timer for the next such moment of a published entry (read after
 * every content change, and at least hourly) and drops the content pages when it passes: every node
 * flips on time by its own clock, with nothing written (decision 0210).
 */
class ScheduleWatch {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  constructor(private readonly db: Db) {}

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  async arm(): Promise<void> {
    if (this.stopped) return;
    const next = await nextContentMoment(this.db);
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(3_600_000, next ? Math.max(0, next.getTime() - Date.now()) + 50 : 3_600_000);
    this.timer = setTimeout(() => {
      if (next && next.getTime() <= Date.now()) pageCache()?.invalidate(CONTENT_TAGS);
      this.arm().catch((e) => console.error('[changes] content schedule', e));
    }, wait);
    this.timer.unref();
  }
}

let following = false;

export async function followCatalogChanges(): Promise<void> {
  if (following) return;
  following = true;
  const handle = await getDbHandle();
  const feed = changeFeed(handle.db);
  feed.subscribe('catalog', (rows) => {
    // A rule names sections, brands and articles: a new product or a moved section may change what it covers.
    forgetPromoRules();
    forgetRefReach();
    const tags = tagsFor(rows);
    if (tags.includes(TAG.catalog)) {
      forgetSectionTree();
      forgetReference();
    }
    pageCache()?.invalidate(tags);
  });
  // Signed-in pages kept per pricing profile (decision 0310): a company's terms or a price list changed — every
  // profile's pages go, and every session is asked its profile again; a session ended or a user's profile inputs changed — the latter.
  feed.subscribe('terms', () => {
    pageCache()?.invalidate([TAG.profiles]);
    pageCache()?.forgetSessions();
  });
  feed.subscribe('sessions', () => {
    pageCache()?.forgetSessions();
  });
  const schedule = new ScheduleWatch(await getDb());
  feed.subscribe('content', () => {
    forgetPromoRules();
    forgetRefReach();
    pageCache()?.invalidate(CONTENT_TAGS);
    return schedule.arm();
  });
  await schedule.arm().catch((e) => console.error('[changes] content schedule', e));
  feed.start();
  handle.beforeClose(() => {
    schedule.stop();
    return feed.stop();
  });
  const listening = handle.listen?.('change_log', () => feed.wake());
  listening?.then(
    () => handle.notifiesEveryCommit && feed.trustNotifications(),
    (e) => console.error('[changes] LISTEN change_log failed; the feed polls', e),
  );
}
