/**
 * Client side of the basket page, the quick order, compare and favourites: types of the spec §7
 * responses and the calls that change them. Every change refreshes the header id sets (and other
 * tabs) through refreshHeader().
 */
import { api } from './api';
import { refreshHeader } from './header';
import { serial } from './lists';

export type BasketRow = {
  id: number;
  product_id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  brand: string;
  image_seed: number;
  can_buy: boolean;
  category: { code: string; name: string };
  quantity: number;
  max_quantity: number;
  stock: number;
  price: number;
  base_price: number;
  old_price: number | null;
  discount_percent: number;
  sum: number;
  motivation: 'Y' | 'N';
};

export type Card = { id: number; code: string; url: string; name: string; article: string; price: number; oldPrice: number | null; canBuy: boolean; brand: string; stock: number };

export type BasketGrid = {
  grid: { row: BasketRow[] };
  inactive: BasketRow[];
  categories: { code: string; name: string; count: number }[];
  category: string | null;
  page_navigation: { page: number; page_size: number; total: number; pages: number };
  info: { positions: number; quantity: number; base_sum: number; discount_sum: number; sum: number; contractor: boolean; inactive: number; free_delivery_from: number };
  motivation_block: { title: string; text: string; free_delivery_from: number; left: number; progress: number; products: Card[] } | null;
};

export type MatchProduct = { id: number; name: string; article: string; url: string; price: number; brand: string; can_buy: boolean; stock: number; max_quantity: number; section: { id: number; code: string; name: string } };
export type MatchRow = { line: number; input: string; article: string; quantity: number; status: 'found' | 'not_found' | 'ambiguous' | 'unavailable' | 'invalid'; message?: string; product?: MatchProduct; choices?: MatchProduct[] };
export type MatchReport = { rows: MatchRow[]; found: number; not_found: number; ambiguous: number; unavailable: number; invalid: number; total: number; file?: string };
export type ListResult = { added: { product_id: number; quantity: number; requested: number; limited: boolean }[]; refused: { product_id: number; reason: string }[] };

export const BASKET_PAGE_SIZE = 50;

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

/** Writes go through the page's one queue (see serial() in lists.ts). */
export const post = <T>(path: string, body: unknown = {}) => serial(() => api<T>(path, { method: 'POST', body }));

const rub = new Intl.NumberFormat('ru-BY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** «1 234,50 р.» */
export const money = (n: number) => `${rub.format(n).replace(/\u00a0|\u202f/g, ' ')} р.`;

export const imageUrl = (productId: number, width = 160) => `/img/p/${productId}/0-${width}.webp`;

export function plural(n: number, forms: [string, string, string]): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return forms[2];
  if (b > 1 && b < 5) return forms[1];
  if (b === 1) return forms[0];
  return forms[2];
}
