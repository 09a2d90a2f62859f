/** What this node drops when the catalogue changes: cached pages, and the per-node reference caches. */
import { getDb } from '../db/client';
import { forgetReference } from '../catalog/reference';
import { forgetSectionTree } from '../catalog/sections';
import { pageCache } from '../page-cache/registry';
import { TAG } from '../page-cache/mark';
import { changeFeed, type ChangeRow } from './feed';

/** Tags to drop for catalogue change rows (`productId` null = a section, brand, branch or bulk change). */
export function tagsFor(rows: Pick<ChangeRow, 'productId'>[]): string[] {
  if (rows.some((r) => r.productId === null)) return [TAG.catalog];
  return [TAG.listings, TAG.sitemap, TAG.home, ...new Set(rows.map((r) => TAG.product(r.productId!)))];
}

let following = false;

export async function followCatalogChanges(): Promise<void> {
  if (following) return;
  following = true;
  const feed = changeFeed(await getDb());
  feed.subscribe('catalog', (rows) => {
    const tags = tagsFor(rows);
    if (tags.includes(TAG.catalog)) {
      forgetSectionTree();
      forgetReference();
    }
    pageCache()?.invalidate(tags);
  });
  feed.start();
}
