/**
 * Which products a response prints (a price, stock, a name): every card built while it renders is noted
 * here, and the middleware adds their `product:<id>` tags to the response's page-cache mark. A product
 * page then also drops when a line variant, a similar product or a consumable it lists changes price or
 * stock, and so does a promotion, a media item or any other page that shows products — without each
 * route having to list what it showed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHE_HEADER } from './store';
import { TAG } from './mark';

const shown = new AsyncLocalStorage<Set<number>>();

/** More products than this on one page: its own tags (listings, home) already drop it on any product change. */
const MAX_SHOWN_TAGS = 300;

/** Notes that the response being rendered prints product `id` (no-op outside a render). */
export function noteShownProduct(id: number): void {
  shown.getStore()?.add(id);
}

/** Runs a render, collecting the products it shows. */
export function collectShownProducts<T>(render: () => Promise<T>): Promise<{ result: T; ids: Set<number> }> {
  const ids = new Set<number>();
  return shown.run(ids, async () => ({ result: await render(), ids }));
}

/** The page-cache mark `max-age=N; tags=…` with the shown products' tags added (unchanged when there are too many). */
export function markWithShown(mark: string, ids: Set<number>): string {
  if (!ids.size || ids.size > MAX_SHOWN_TAGS) return mark;
  const m = /tags=([^;]*)/.exec(mark);
  const tags = new Set(m ? m[1]!.split(',').filter(Boolean) : []);
  for (const id of ids) tags.add(TAG.product(id));
  const list = `tags=${[...tags].join(',')}`;
  return m ? mark.replace(m[0], list) : `${mark}; ${list}`;
}

/** Adds the shown products' tags to a marked response. */
export function tagShownProducts(headers: Headers, ids: Set<number>): void {
  const mark = headers.get(CACHE_HEADER);
  if (mark) headers.set(CACHE_HEADER, markWithShown(mark, ids));
}
