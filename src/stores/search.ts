/**
 * Header search state shared by the overlay: the visitor's query history (last 10, in
 * localStorage so it survives page loads) and the call to POST api/searchHeader/.
 */
import { atom } from 'nanostores';
import { api } from './api';
import { SEARCH_HISTORY_LIMIT } from '../config/constants';

// The answer's shape is the server's own (a type-only import: nothing of the server reaches the browser).
import type { HeaderResult } from '../server/search/service';

export type SearchHeaderData = HeaderResult;

const KEY = 'search-history';
export const $searchHistory = atom<string[]>([]);

function read(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string').slice(0, SEARCH_HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

export function loadSearchHistory(): void {
  $searchHistory.set(read());
}

/** Newest first, no duplicates (case-insensitive), at most SEARCH_HISTORY_LIMIT. */
export function rememberQuery(query: string): void {
  const q = query.trim().replace(/\s+/g, ' ').slice(0, 200);
  if (!q) return;
  const next = [q, ...read().filter((s) => s.toLowerCase() !== q.toLowerCase())].slice(0, SEARCH_HISTORY_LIMIT);
  $searchHistory.set(next);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* private mode: history lives for this page only */
  }
}

export function searchHeader(query: string): Promise<SearchHeaderData> {
  return api<SearchHeaderData>('/api/searchHeader/', { method: 'POST', body: { query } });
}

export const searchPageUrl = (query: string) => `/search/?q=${encodeURIComponent(query.trim())}`;
