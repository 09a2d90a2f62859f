/**
 * What the spec §7 catalogue and product calls share: input schemas, the JSON shape of a listing,
 * finding the product a call is about (the product forms: catalog/product-form.ts).
 */
import { t } from '../../i18n';
import { ERR, HttpError } from '../http/api';
import { pageNavigation, type PageNavigation } from '../http/paging';
import { zPageSize, zSortOf } from '../http/zod';
import type { Db } from '../db/client';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, emptyFilters, filterPath, parseFilterSegments, SORTS, type FilterState, type ListingParams, type Sort } from './filters';
import { runListing, type ListingResult } from './listing';
import { cachedBrands } from './reference';
import { cachedSectionTree, type SectionNode } from './sections';
import { prepareListing, type Scope } from './scope';
import { runningPromotions } from '../content/promotions';
import { refsCondition } from '../content/refs';
import type { Pricing } from './pricing';
import { findProduct } from './product';

export const zSort = zSortOf(SORTS, DEFAULT_SORT);
export const zApiPageSize = zPageSize(DEFAULT_PAGE_SIZE);

const SORT_NAMES: Record<Sort, string> = {
  popular: t('CAT_SORT_POPULAR'),
  price_asc: t('CAT_SORT_PRICE_ASC'),
  price_desc: t('CAT_SORT_PRICE_DESC'),
  new: t('CAT_SORT_NEW'),
  name: t('CAT_SORT_NAME'),
};

export const invalid = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);
export const notFoundError = (message: string) => new HttpError(404, [{ code: ERR.NOT_FOUND, message }]);

export type ApiScopeInput = { section_id?: number; section_code?: string; action?: string; query?: string; brand?: string };

/** spec: section_id or section_code ('hit' and 'novinki' included), action (a promotion), query. */
export async function scopeFromInput(db: Db, q: ApiScopeInput): Promise<{ scope: Scope; section: SectionNode | null; basePath: string }> {
  const tree = await cachedSectionTree(db);
  if (q.section_code === 'hit' || q.section_code === 'novinki') return { scope: { kind: q.section_code }, section: null, basePath: `/catalog/${q.section_code}/` };
  if (q.section_id !== undefined || q.section_code !== undefined) {
    const node = q.section_id !== undefined ? tree.byId.get(q.section_id) : tree.byCode.get(q.section_code!);
    if (!node) throw notFoundError(t('CAT_ERR_SECTION_NOT_FOUND'));
    return { scope: { kind: 'section', node }, section: node, basePath: node.url };
  }
  if (q.brand) {
    const brand = (await cachedBrands(db)).byCode.get(q.brand);
    if (!brand) throw notFoundError(t('CAT_ERR_BRAND_NOT_FOUND'));
    return { scope: { kind: 'brand', brand }, section: null, basePath: brand.url };
  }
  if (q.action) {
    // The same running promotions as /actions/ (content_entries, edited in the desk).
    const promo = (await runningPromotions()).find((e) => e.id === q.action);
    const where = promo ? refsCondition(db, promo.data.products) : undefined;
    if (!where) throw notFoundError(t('CAT_ERR_ACTION_NOT_FOUND'));
    return { scope: { kind: 'action', code: q.action, where }, section: null, basePath: `/actions/${q.action}/` };
  }
  if (q.query) return { scope: { kind: 'query', query: q.query }, section: null, basePath: `/search/` };
  return { scope: { kind: 'all' }, section: null, basePath: '/catalog/' };
}

/**
 * What a refused filter says to the caller: the parsers' reasons are for the log and name what was
 * typed (`segment __proto__`); the answer says in plain Russian what is wrong, never echoing it.
 */
export function filterMessage(reason: string): string {
  const kind = reason.split(' ')[0]!;
  const key =
    kind === 'price' || reason === 'duplicate price' ? 'CAT_ERR_FILTER_PRICE'
    : kind === 'segments' ? 'CAT_ERR_FILTER_TOO_MANY'
    : kind === 'instock' ? 'CAT_ERR_FILTER_INSTOCK'
    : kind === 'brand' ? 'CAT_ERR_FILTER_BRAND'
    : kind === 'section' ? 'CAT_ERR_FILTER_SECTION'
    : kind === 'property' ? 'CAT_ERR_FILTER_PROPERTY'
    : kind === 'value' ? 'CAT_ERR_FILTER_VALUE'
    : 'CAT_ERR_FILTER_SHAPE';
  return `${t('CAT_ERR_FILTER')}: ${t(key)}`;
}

export function parseApiFilter(segments: string[] | null): FilterState {
  if (!segments || !segments.length) return emptyFilters();
  const parsed = parseFilterSegments(segments);
  if (!parsed.ok) throw invalid('filter', filterMessage(parsed.reason));
  return parsed.state;
}

export type ApiListing = {
  section: { ID: number; CODE: string; NAME: string; URL: string; DEPTH_LEVEL: number } | null;
  items: ListingResult['items'];
  page_navigation: PageNavigation;
  sort: { by: Sort; name: string; selected: boolean }[];
  filter: { url: string; applied: FilterState; facets: ListingResult['facets'] };
};

/** A listing as the calls answer it: items (with the contractor's price), pages, sort options, facets. */
export async function apiListing(
  db: Db,
  where: { scope: Scope; section: SectionNode | null; basePath: string },
  state: FilterState,
  params: ListingParams,
  pricing: Pricing | null,
): Promise<ApiListing> {
  const prepared = await prepareListing(db, where.scope, state);
  if (!prepared.ok) throw invalid('filter', filterMessage(prepared.reason));
  const result = await runListing(db, prepared.base, state, prepared.filters, params, prepared.ref, pricing);
  const s = where.section;
  return {
    section: s ? { ID: s.id, CODE: s.code, NAME: s.name, URL: s.url, DEPTH_LEVEL: s.depth } : null,
    items: result.items,
    page_navigation: pageNavigation(result.total, result.page, result.pageSize),
    sort: SORTS.map((by) => ({ by, name: SORT_NAMES[by], selected: by === params.sort })),
    filter: { url: filterPath(where.basePath, state), applied: state, facets: result.facets },
  };
}

/** The product a call names by code, productId or (as the spec's forms do) productName. */
export async function productFromInput(db: Db, q: { code?: string; productId?: number; product_id?: number; productName?: string }) {
  const id = q.productId ?? q.product_id;
  if (!q.code && !id && !q.productName) throw invalid('code', `${t('CAT_ERR_PRODUCT_REQUIRED')}`);
  const p = await findProduct(db, { id, code: q.code, name: q.code || id ? undefined : q.productName });
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  return p;
}
