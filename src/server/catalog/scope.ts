/**
 * What a listing lists (a section, hits, novelties, a brand, a promotion, a text query) and the
 * request → listing flow every listing page shares: clean-URL redirects, 404s, canonical and
 * robots decisions. Endpoints use the same pieces but answer 422 instead of redirecting.
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Pricing } from './pricing';
import { products } from '../db/schema';
import { normalizeArticle } from '../lib/text';
import {
  emptyFilters,
  hasFormFilters,
  isIndexableFilter,
  listingUrl,
  parseFilterSegments,
  parseListingParams,
  stateFromForm,
  type FilterState,
  type ListingParams,
} from './filters';
import { resolveFilters, runListing, type ListingBase, type ListingResult, type ResolvedFilters } from './listing';
import { cachedBrands, cachedPropValues, cachedSectionProps, type BrandRef, type Brands } from './reference';
import { cachedSectionTree, subtreeIds, type SectionNode, type SectionTree } from './sections';
import { searchScopeIds } from '../search/service';

export type Scope =
  | { kind: 'all' }
  | { kind: 'section'; node: SectionNode }
  | { kind: 'hit' }
  | { kind: 'novinki' }
  | { kind: 'brand'; brand: BrandRef }
  /** Products of a running promotion: the editor's references, resolved by content/refs.ts. */
  | { kind: 'action'; code: string; where: SQL }
  | { kind: 'query'; query: string }
  /** The products of one line (kits of one model); a product without a line is a line of one. */
  | { kind: 'line'; productId: number; lineCode: string | null; sectionId: number };

/** The condition a scope puts on `products`. */
export function scopeWhere(scope: Scope): SQL {
  switch (scope.kind) {
    case 'section': {
      const ids = subtreeIds(scope.node);
      return ids.length === 1 ? eq(products.sectionId, ids[0]!) : inArray(products.sectionId, ids);
    }
    case 'hit':
      return eq(products.isHit, true);
    case 'novinki':
      return eq(products.isNew, true);
    case 'brand':
      return eq(products.brandId, scope.brand.id);
    case 'action':
      return scope.where;
    case 'query':
      return queryWhere(scope.query);
    case 'line':
      return scope.lineCode ? eq(products.lineCode, scope.lineCode) : eq(products.id, scope.productId);
    default:
      return sql`TRUE`;
  }
}

/** A plain text match on name or article (the search issue brings the real search engine). */
export function queryWhere(query: string): SQL {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 6);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const article = normalizeArticle(query);
  const byName = words.length ? and(...words.map((w) => ilike(products.name, like(w)))) : undefined;
  return or(byName, article.length >= 3 ? sql`${products.articleNorm} LIKE ${`${article.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined) ?? sql`FALSE`;
}

/** A text query's scope comes from the search engine: the products the search page finds (up to its cap). */
export async function queryScopeWhere(db: Db, query: string): Promise<SQL> {
  const ids = await searchScopeIds(db, query);
  return ids.length ? inArray(products.id, ids) : sql`FALSE`;
}

export async function listingBase(db: Db, scope: Scope): Promise<ListingBase> {
  const where = scope.kind === 'query' ? await queryScopeWhere(db, scope.query) : scopeWhere(scope);
  // Properties are facets where every product shares them: a leaf section, or a line (one model).
  const leafId = scope.kind === 'section' && scope.node.children.length === 0 ? scope.node.id : scope.kind === 'line' ? scope.sectionId : null;
  const props = leafId ? ((await cachedSectionProps(db)).get(leafId) ?? []) : [];
  const propValues = leafId && props.length ? await cachedPropValues(db, leafId, props) : new Map();
  return { where, props, propValues, brandFacet: scope.kind !== 'brand', sectionFacet: scope.kind !== 'section' };
}

export type Prepared = { ok: true; base: ListingBase; filters: ResolvedFilters; ref: Ref } | { ok: false; reason: string };
type Ref = { brands: Brands; tree: SectionTree };

/** A scope's base, and a filter state checked against what that base offers. */
export async function prepareListing(db: Db, scope: Scope, state: FilterState): Promise<Prepared> {
  const [tree, brands, base] = await Promise.all([cachedSectionTree(db), cachedBrands(db), listingBase(db, scope)]);
  const ref = { tree, brands };
  const resolved = resolveFilters(state, base, ref);
  return resolved.ok ? { ok: true, base, filters: resolved.filters, ref } : resolved;
}

export type ListingPage = {
  type: 'ok';
  state: FilterState;
  params: ListingParams;
  result: ListingResult;
  base: ListingBase;
  basePath: string;
  /** Canonical URL (path + query) or null when the page is noindex. */
  canonical: string | null;
  noindex: boolean;
};
export type ListingOutcome = ListingPage | { type: 'redirect'; location: string } | { type: 'notFound'; reason: string };

/**
 * The request → listing flow of a listing page.
 * @param basePath the listing's own path (`/catalog/dreli/`, `/brands/bosch/`)
 * @param filter   the segments between `filter/` and `/apply/`, or null when the URL has none
 */
export async function loadListingPage(db: Db, scope: Scope, basePath: string, filter: string[] | null, url: URL, pricing: Pricing | null): Promise<ListingOutcome> {
  let state: FilterState;
  if (filter) {
    const parsed = parseFilterSegments(filter);
    if (!parsed.ok) return { type: 'notFound', reason: parsed.reason };
    state = parsed.state;
  } else state = emptyFilters();

  const q = url.searchParams;
  const parsedParams = parseListingParams(q);
  if (!parsedParams.ok) return { type: 'notFound', reason: parsedParams.reason };
  const params = parsedParams.params;

  // A GET form's fields (or a filter path in another order) → the one clean URL, from page 1.
  if (hasFormFilters(q)) {
    const folded = stateFromForm(q, state);
    if (!folded.ok) return { type: 'notFound', reason: folded.reason };
    return { type: 'redirect', location: listingUrl(basePath, folded.state, { sort: params.sort, pageSize: params.pageSize }) };
  }
  const wanted = listingUrl(basePath, state, params);
  const requested = url.pathname + cleanQuery(q);
  if (wanted !== requested) return { type: 'redirect', location: withQuery(wanted, foreignQuery(q)) };

  const prepared = await prepareListing(db, scope, state);
  if (!prepared.ok) return { type: 'notFound', reason: prepared.reason };
  const { base, filters, ref } = prepared;
  const result = await runListing(db, base, state, filters, params, ref, pricing);
  if (params.page > result.pageCount) return { type: 'notFound', reason: 'page' };

  const indexableFilter = isIndexableFilter(state);
  return {
    type: 'ok',
    state,
    params,
    result,
    base,
    basePath,
    // Sorted and resized variants point at the default order; pages keep their number.
    canonical: indexableFilter ? listingUrl(basePath, state, { page: params.page }) : null,
    noindex: !indexableFilter,
  };
}

const LISTING_KEYS = new Set(['sort', 'page', 'page_size']);

/** The listing parameters of a query string, as listingUrl writes them (for comparing URLs). */
function cleanQuery(q: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of ['sort', 'page_size', 'page']) {
    const v = q.get(key);
    if (v !== null) out.set(key, v);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** Tracking and other foreign parameters survive a redirect (utm_* of a campaign link). */
function foreignQuery(q: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const [k, v] of q) if (!LISTING_KEYS.has(k)) out.append(k, v);
  return out.toString();
}

function withQuery(url: string, extra: string): string {
  if (!extra) return url;
  return url + (url.includes('?') ? '&' : '?') + extra;
}
