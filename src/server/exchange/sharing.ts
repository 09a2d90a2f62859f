/**
 * Bulk writers — 1C's import (catalog.ts) and the desk's price list (pricelist.ts) — share the app node's one
 * JavaScript thread, and on PGlite its one connection, with the visitors they serve. Each calls the function
 * `restAfterWork` returns after a batch: it rests for EXCHANGE_REST_RATIO of the time worked since the last rest
 * (decision 0200, «Sharing the node»), so pages keep being answered at the cost of a longer write.
 *
 * A writer that commits batch by batch on PGlite passes `embedded`, its database:
 * - this node's change feed then reads each batch at once — dropping its pages, re-indexing its products for
 *   search — inside the time the rest is measured from. Left to the feed's timer, that work fell into the rests,
 *   and visitors had less of the thread than the ratio promises;
 * - the default ratio is 1.5, not 1: PGlite runs every visitor's queries on this same thread too.
 * Measured at 100,000 products (decision 0200, eighth session): cached pages during the exchange 0.37× their idle
 * rate before, 0.47× with the feed read in the work, 0.55× with 1.5 as well.
 */
import { config } from '../config';
import type { Db } from '../db/client';
import { changeFeed } from '../changes/feed';

export function restAfterWork(opts: { embedded?: Db } = {}): () => Promise<void> {
  const { embedded } = opts;
  let workingSince = performance.now();
  return async () => {
    // A failed read is the feed's to retry on its timer; the writer goes on.
    if (embedded) await changeFeed(embedded).catchUp().catch((e) => console.error('[changes] reading change_log after a batch failed', e));
    const ratio = config().EXCHANGE_REST_RATIO ?? (embedded ? 1.5 : 1);
    if (ratio > 0) await new Promise((r) => setTimeout(r, (performance.now() - workingSince) * ratio));
    workingSince = performance.now();
  };
}
