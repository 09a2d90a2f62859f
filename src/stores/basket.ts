/**
 * Client side of the basket page, the quick order, compare and favourites: types of the spec §7
 * responses and the calls that change them. Every change refreshes the header id sets (and other
 * tabs) through refreshHeader().
 */
import { api } from './api';
import { refreshHeader } from './header';
import { serial } from './lists';
import { BASKET_PAGE_SIZE } from '../config/constants';
import type { BasketGrid } from '../server/basket/basket';

// Response types come from the server modules (type-only: nothing of the server is bundled).
export type { BasketGrid, BasketRow, ListResult } from '../server/basket/basket';
export type { MatchReport, MatchRow } from '../server/basket/match';

/** `price` is the retail price; `personalPrice` what a contractor pays (null for everyone else, see server/catalog/pricing.ts). */
export type Card = { id: number; code: string; url: string; name: string; article: string; price: number; oldPrice: number | null; personalPrice: number | null; canBuy: boolean; brand: string; stock: number };

/** The contractor's own price when they have one below retail (as components/ProductCard.astro decides). */
/** The contractor's price when it differs from retail (a contract list price may even be above it: decision 0010). */
export const ownPrice = (c: Pick<Card, 'price' | 'personalPrice'>): number | null => (c.personalPrice !== null && c.personalPrice !== c.price ? c.personalPrice : null);

export { BASKET_PAGE_SIZE };

export function loadBasket(page: number, category: string | null): Promise<BasketGrid> {
  return api<BasketGrid>('/web/basket/products/', { query: { page, pageSize: BASKET_PAGE_SIZE, category: category ?? undefined } });
}

/** Runs a change, then refreshes the header counters here and in other tabs. */
export async function change<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } finally {
    void refreshHeader();
  }
}

/** Writes go through the page's one queue (see serial() in lists.ts), each with its own idempotency key (api.ts `once`). */
export const post = <T>(path: string, body: unknown = {}) => serial(() => api<T>(path, { method: 'POST', body, once: true }));

export { formatPrice as money, plural } from '../lib/format';

export const imageUrl = (productId: number, width = 160) => `/img/p/${productId}/0-${width}.webp`;

