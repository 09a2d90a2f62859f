/**
 * The catalogue's filter state and its clean URL form (spec §7 `filter/{filter}/apply/`).
 * Pure: no database, so the grammar is unit-tested on its own.
 *
 *   /catalog/elektroinstrument/dreli/dreli-udarnye/filter/brand-is-bosch-or-makita/price-from-100-to-500/apply/?sort=price_asc&page=2
 *
 * One segment per facet, in a fixed order (section, brand, price, instock, then properties by code),
 * values sorted: every filter combination has exactly one URL. Anything else is redirected to it
 * (a different order, a GET form's query string) or answered 404 (an unknown facet or value).
 */

export const SORTS = ['popular', 'price_asc', 'price_desc', 'new', 'name'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'popular';

/** 20 cards: ten rows on a phone, five on a desktop — and a page that stays light on a cheap phone (decisions/0052). */
export const PAGE_SIZES = [20, 40, 80] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type FilterState = {
  /** Leaf or any-level section codes (only on listings that are not a section themselves). */
  sections: string[];
  brands: string[];
  priceFrom: number | null;
  priceTo: number | null;
  inStock: boolean;
  /** Property code → value slugs. */
  props: Record<string, string[]>;
};

export type ListingParams = { sort: Sort; page: number; pageSize: number };

export const emptyFilters = (): FilterState => ({ sections: [], brands: [], priceFrom: null, priceTo: null, inStock: false, props: {} });

const CODE = /^[a-z][a-z0-9_]{0,39}$/;
const VALUE = /^[a-z0-9][a-z0-9.]*(?:-[a-z0-9.]+)*$/;
const NUMBER = /^\d{1,9}(?:\.\d{1,2})?$/;
const RESERVED = new Set(['section', 'brand', 'price', 'instock']);
const MAX_SEGMENTS = 20;
const MAX_VALUES = 50;

const byNatural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The URL form of a property value: numbers as they are (1.5), words transliterated (БЗП 13 мм → bzp-13-mm). */
export function valueSlug(value: string | number): string {
  const s = String(value).trim();
  if (NUMBER.test(s)) return s;
  return slugifyValue(s);
}

const CYR: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'c', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ў: 'u',
};

function slugifyValue(input: string): string {
  let out = '';
  for (const ch of input.toLowerCase()) out += CYR[ch] ?? ch;
  // Keep a decimal point between digits (1.5 А·ч), everything else becomes a dash.
  return out
    .replace(/(\d)[.,](\d)/g, '$1.$2')
    .replace(/[^a-z0-9.]+|\.(?!\d)|(?<!\d)\./g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '') || 'x';
}

export type ParseResult = { ok: true; state: FilterState } | { ok: false; reason: string };

/**
 * Parses the segments between `filter/` and `/apply/`. `clear` alone means "no filter".
 * Structural checks only: whether a brand or value exists is the caller's business.
 */
export function parseFilterSegments(segments: string[]): ParseResult {
  const state = emptyFilters();
  if (segments.length === 1 && segments[0] === 'clear') return { ok: true, state };
  if (!segments.length || segments.length > MAX_SEGMENTS) return { ok: false, reason: 'segments' };
  const seen = new Set<string>();
  for (const seg of segments) {
    const range = /^price(?:-from-([\d.]+))?(?:-to-([\d.]+))?$/.exec(seg);
    if (range && (range[1] || range[2])) {
      if (seen.has('price')) return { ok: false, reason: 'duplicate price' };
      seen.add('price');
      const from = range[1] ? parseMoney(range[1]) : null;
      const to = range[2] ? parseMoney(range[2]) : null;
      if ((range[1] && from === null) || (range[2] && to === null)) return { ok: false, reason: 'price' };
      if (from !== null && to !== null && from > to) return { ok: false, reason: 'price order' };
      state.priceFrom = from;
      state.priceTo = to;
      continue;
    }
    const i = seg.indexOf('-is-');
    if (i < 1) return { ok: false, reason: `segment ${seg}` };
    const code = seg.slice(0, i);
    const values = seg.slice(i + 4).split('-or-');
    if (!CODE.test(code) || seen.has(code)) return { ok: false, reason: `code ${code}` };
    if (!values.length || values.length > MAX_VALUES || values.some((v) => !VALUE.test(v))) return { ok: false, reason: `values ${seg}` };
    if (new Set(values).size !== values.length) return { ok: false, reason: 'duplicate value' };
    seen.add(code);
    if (code === 'instock') {
      if (values.length !== 1 || values[0] !== 'y') return { ok: false, reason: 'instock' };
      state.inStock = true;
    } else if (code === 'brand') state.brands = values;
    else if (code === 'section') state.sections = values;
    else if (code === 'price') return { ok: false, reason: 'price' };
    else state.props[code] = values;
  }
  return { ok: true, state: normalizeFilters(state) };
}

function parseMoney(s: string): number | null {
  if (!NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && n <= 1e8 ? n : null;
}

/** Sorted values, dropped empties: the canonical form of a state. */
export function normalizeFilters(s: FilterState): FilterState {
  const props: Record<string, string[]> = {};
  for (const code of Object.keys(s.props).sort()) {
    const values = [...new Set(s.props[code])].sort(byNatural);
    if (values.length) props[code] = values;
  }
  return {
    sections: [...new Set(s.sections)].sort(byNatural),
    brands: [...new Set(s.brands)].sort(byNatural),
    priceFrom: s.priceFrom,
    priceTo: s.priceTo,
    inStock: s.inStock,
    props,
  };
}

const fmtMoney = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/** The segments of a state, in canonical order; [] when nothing is filtered. */
export function filterSegments(s: FilterState): string[] {
  const n = normalizeFilters(s);
  const segs: string[] = [];
  if (n.sections.length) segs.push(`section-is-${n.sections.join('-or-')}`);
  if (n.brands.length) segs.push(`brand-is-${n.brands.join('-or-')}`);
  if (n.priceFrom !== null || n.priceTo !== null)
    segs.push(`price${n.priceFrom !== null ? `-from-${fmtMoney(n.priceFrom)}` : ''}${n.priceTo !== null ? `-to-${fmtMoney(n.priceTo)}` : ''}`);
  if (n.inStock) segs.push('instock-is-y');
  for (const [code, values] of Object.entries(n.props)) segs.push(`${code}-is-${values.join('-or-')}`);
  return segs;
}

export function isFiltered(s: FilterState): boolean {
  return filterSegments(s).length > 0;
}

/** How many discrete values are selected (brands, sections, property values). */
export function selectedCount(s: FilterState): number {
  return s.sections.length + s.brands.length + Object.values(s.props).reduce((a, v) => a + v.length, 0) + (s.inStock ? 1 : 0) + (s.priceFrom !== null || s.priceTo !== null ? 1 : 0);
}

/**
 * Whether a filtered page deserves to be indexed: a single brand or a single property value
 * ("Дрели ударные Bosch") is a real landing page; combinations, ranges and stock are not.
 */
export function isIndexableFilter(s: FilterState): boolean {
  const discrete = s.sections.length + s.brands.length + Object.values(s.props).reduce((a, v) => a + v.length, 0);
  return discrete <= 1 && !s.inStock && s.priceFrom === null && s.priceTo === null;
}

/** `base` is a listing's own path with its trailing slash (/catalog/dreli/). */
export function filterPath(base: string, s: FilterState): string {
  const segs = filterSegments(s);
  return segs.length ? `${base}filter/${segs.join('/')}/apply/` : base;
}

/** Query string of the listing parameters that differ from the defaults (page 1 is never written). */
export function listingQuery(p: Partial<ListingParams>): string {
  const q = new URLSearchParams();
  if (p.sort && p.sort !== DEFAULT_SORT) q.set('sort', p.sort);
  if (p.pageSize && p.pageSize !== DEFAULT_PAGE_SIZE) q.set('page_size', String(p.pageSize));
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function listingUrl(base: string, s: FilterState, p: Partial<ListingParams> = {}): string {
  return filterPath(base, s) + listingQuery(p);
}

/** Toggles one discrete value; a new filter always starts again from page 1. */
export function toggleValue(s: FilterState, facet: 'brand' | 'section' | string, value: string): FilterState {
  const flip = (list: string[]) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  if (facet === 'brand') return normalizeFilters({ ...s, brands: flip(s.brands) });
  if (facet === 'section') return normalizeFilters({ ...s, sections: flip(s.sections) });
  return normalizeFilters({ ...s, props: { ...s.props, [facet]: flip(s.props[facet] ?? []) } });
}

/** Splits a path's segments into the listing part and the filter part (`…/filter/x/y/apply`). */
export function splitFilterPath(segments: string[]): { listing: string[]; filter: string[] | null } | null {
  const i = segments.indexOf('filter');
  if (i === -1) return { listing: segments, filter: null };
  if (segments[segments.length - 1] !== 'apply' || segments.length - i < 3) return null;
  return { listing: segments.slice(0, i), filter: segments.slice(i + 1, -1) };
}

/** True when the query string carries filter-form fields that must be folded into the clean path. */
export function hasFormFilters(q: URLSearchParams): boolean {
  for (const key of q.keys()) if (key === 'section' || key === 'brand' || key === 'price_from' || key === 'price_to' || key === 'instock' || key.startsWith('prop_')) return true;
  return false;
}

/**
 * Folds a GET form's fields into the state of the path it was sent from. The form sends the whole
 * state it wants (its checkboxes are ticked for the current values), so listed facets replace.
 */
export function stateFromForm(q: URLSearchParams, current: FilterState): ParseResult {
  const next: FilterState = { ...current, props: { ...current.props } };
  const list = (key: string) =>
    q
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  if (q.has('section')) next.sections = list('section');
  if (q.has('brand')) next.brands = list('brand');
  if (q.has('price_from') || q.has('price_to')) {
    const from = (q.get('price_from') ?? '').trim().replace(',', '.');
    const to = (q.get('price_to') ?? '').trim().replace(',', '.');
    // A bound a person typed badly is ignored rather than refused.
    next.priceFrom = from ? parseMoney(from) : null;
    next.priceTo = to ? parseMoney(to) : null;
    if (next.priceFrom !== null && next.priceTo !== null && next.priceFrom > next.priceTo) [next.priceFrom, next.priceTo] = [next.priceTo, next.priceFrom];
  }
  if (q.has('instock')) next.inStock = q.get('instock') === 'y';
  for (const key of new Set(q.keys())) {
    if (!key.startsWith('prop_')) continue;
    const code = key.slice(5);
    if (!CODE.test(code) || RESERVED.has(code)) return { ok: false, reason: `code ${code}` };
    next.props[code] = list(key);
  }
  const values = [...next.sections, ...next.brands, ...Object.values(next.props).flat()];
  if (values.length > MAX_VALUES * 4 || values.some((v) => !VALUE.test(v))) return { ok: false, reason: 'values' };
  return { ok: true, state: normalizeFilters(next) };
}

export type ParamsResult = { ok: true; params: ListingParams } | { ok: false; reason: string };

/** sort, page and page_size from a query string; junk is an error (the page answers 404, an endpoint 422). */
export function parseListingParams(q: URLSearchParams): ParamsResult {
  const sort = (q.get('sort') ?? DEFAULT_SORT) as Sort;
  if (!SORTS.includes(sort)) return { ok: false, reason: 'sort' };
  const pageRaw = q.get('page') ?? '1';
  const sizeRaw = q.get('page_size') ?? String(DEFAULT_PAGE_SIZE);
  if (!/^\d{1,5}$/.test(pageRaw) || !/^\d{1,3}$/.test(sizeRaw)) return { ok: false, reason: 'page' };
  const page = Number(pageRaw);
  const pageSize = Number(sizeRaw);
  if (page < 1 || !(PAGE_SIZES as readonly number[]).includes(pageSize)) return { ok: false, reason: 'page' };
  return { ok: true, params: { sort, page, pageSize } };
}
