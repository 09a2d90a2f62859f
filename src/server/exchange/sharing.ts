/**
 * Bulk writers — 1C's import (catalog.ts) and the desk's price list (pricelist.ts) — share the app node's one
 * JavaScript thread, and on PGlite its one connection, with the visitors they serve. Each calls the function this
 * returns after a batch: it rests for EXCHANGE_REST_RATIO of the time worked since the last rest (decision 0200,
 * «Sharing the node»), so pages keep being answered at the cost of a longer write.
 */
import { config } from '../config';

export function restAfterWork(): () => Promise<void> {
  let workingSince = performance.now();
  return async () => {
    const ratio = config().EXCHANGE_REST_RATIO;
    if (ratio > 0) await new Promise((r) => setTimeout(r, (performance.now() - workingSince) * ratio));
    workingSince = performance.now();
  };
}
