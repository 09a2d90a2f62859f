/** What this node drops when the catalogue changes: cached pages, and the per-node reference caches. */
import { getDb } from '../db/client';
import { forgetReference } from '../catalog/reference';
import { forgetSectionTree } from '../catalog/sections';
import { pageCache } from '../page-cache/registry';
import { TAG } from '../page-cache/mark';
import { startChangePoller } from './poller';

export function followCatalogChanges(): void {
  startChangePoller(getDb, (tags) => {
    if (tags.includes(TAG.catalog)) {
      forgetSectionTree();
      forgetReference();
    }
    pageCache()?.invalidate(tags);
  });
}
