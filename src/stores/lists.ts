/**
 * Basket, compare and favourites actions every island shares. Each action updates the header id
 * sets optimistically, calls the spec §7 endpoint, then reloads the header (and tells other tabs);
 * on failure the optimistic change is rolled back and the error is rethrown for the island to show.
 *
 * Contract with the server (spec §7):
 *   POST api/basket/add/      {product: <productId>, quantity?: <int>, motivation?: 'Y'}
 *   POST api/basket/remove/   {product_id}
 *   POST api/compare/add/     {product_id}      POST api/compare/remove/  {product_id}
 *   POST api/favorite/add/    {product_id}      POST api/favorite/remove/ {product_id}
 * Each call carries a fresh Idempotency-Key (one per click) and is retried with it once when the
 * network fails: a lost answer never adds a second unit, nor flips a toggle back.
 */
import type { WritableAtom } from 'nanostores';
import { api } from './api';
import { $basketIds, $compareIds, $favoriteIds, refreshHeader } from './header';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Writes of one page go to the server one after another. A guest's first write creates the guest
 * cookie; a second write sent before that answer arrived would carry no cookie, get a second
 * basket, and the item of the first would be lost when its cookie is overwritten.
 */
export function serial<T>(call: () => Promise<T>): Promise<T> {
  const run = queue.then(call, call);
  queue = run.catch(() => {});
  return run;
}

async function optimistic(store: WritableAtom<number[]>, next: number[], call: () => Promise<unknown>): Promise<void> {
  const before = store.get();
  store.set(next);
  try {
    await serial(call);
  } catch (e) {
    store.set(before);
    throw e;
  } finally {
    void refreshHeader();
  }
}

const without = (ids: number[], id: number) => ids.filter((x) => x !== id);
const withId = (ids: number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);

export function addToBasket(productId: number, quantity = 1, motivation = false): Promise<void> {
  return optimistic($basketIds, withId($basketIds.get(), productId), () =>
    api('/api/basket/add/', { method: 'POST', body: { product: productId, quantity, ...(motivation ? { motivation: 'Y' } : {}) }, once: true }),
  );
}

export function toggleCompare(productId: number): Promise<void> {
  const on = $compareIds.get().includes(productId);
  return optimistic($compareIds, on ? without($compareIds.get(), productId) : withId($compareIds.get(), productId), () =>
    api(on ? '/api/compare/remove/' : '/api/compare/add/', { method: 'POST', body: { product_id: productId }, once: true }),
  );
}

export function toggleFavorite(productId: number): Promise<void> {
  const on = $favoriteIds.get().includes(productId);
  return optimistic($favoriteIds, on ? without($favoriteIds.get(), productId) : withId($favoriteIds.get(), productId), () =>
    api(on ? '/api/favorite/remove/' : '/api/favorite/add/', { method: 'POST', body: { product_id: productId }, once: true }),
  );
}
