/** The /search/ page's query string, parsed leniently: a bad value falls back to its default (links get shared and mangled). */
import { z } from 'astro/zod';
import { SEARCH_SORTS, type SearchSort } from './engine';
import type { SearchPageInput } from './service';

const ids = (values: string[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647))].slice(0, 50);

export function parseSearchParams(params: URLSearchParams): SearchPageInput {
  const page = z.coerce.number().int().min(1).max(1000).catch(1).parse(params.get('page') ?? 1);
  const sort = z.enum(SEARCH_SORTS).catch('relevance').parse(params.get('sort') ?? 'relevance') as SearchSort;
  // `?query=` (the spec's search call's name, and what other sites link with) works like `?q=`.
  return { q: (params.get('q') || params.get('query') || '').slice(0, 1000), page, sort, brand: ids(params.getAll('brand')), section: ids(params.getAll('section')) };
}

/** The page's own URL with some parameters changed (page reset unless given). */
export function searchHref(input: SearchPageInput, change: Partial<SearchPageInput>): string {
  const next = { ...input, page: 1, ...change };
  const p = new URLSearchParams();
  p.set('q', next.q);
  if (next.sort !== 'relevance') p.set('sort', next.sort);
  for (const b of next.brand) p.append('brand', String(b));
  for (const s of next.section) p.append('section', String(s));
  if (next.page > 1) p.set('page', String(next.page));
  return `/search/?${p}`;
}
