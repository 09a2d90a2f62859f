/**
 * Search services behind POST api/searchHeader/ and the /search/ page. Both understand the query
 * once, ask the configured engine for ranked ids and facet counts, and render with the shared cards.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products } from '../db/schema';
import { cardsByIds, type ProductCard } from '../catalog/cards';
import { preparePrices, shownPrices, type Pricing } from '../catalog/pricing';
import type { PromoBadge } from '../catalog/promo-rules';
import { cachedSectionTree, type SectionNode } from '../catalog/sections';
import { SEARCH_LIMITS } from '../../config/constants';
import { PgSearchEngine, type SearchEngine, type SearchResult, type SearchSort } from './engine';
import { prepareUnderstanding, understand, type Plan } from './understand';
import { MemorySearchEngine } from './memory-engine';
import { fold } from './text';
import type { IntentSort } from './intent';
import { config } from '../config';
import { chipViews, closestReason, dimValueLabel, type ChipView } from './chips';
import { largestByDim, type Dim } from './units';
import { loadSectionUnits } from './section-units';
import { formatPrice } from '../../lib/format';

export const SEARCH_PAGE_SIZE = 24;

/**
 * The embedded engines: `memory` (default, an in-process index fed by the database's change feed) or
 * `postgres` (SEARCH_ENGINE=postgres: full text straight in SQL, no memory per node). A dedicated engine
 * (docs/search-scale-out.md) would be chosen here too.
 */
export function searchEngine(db: Db, kind: string = config().SEARCH_ENGINE): SearchEngine {
  return kind === 'postgres' ? new PgSearchEngine(db) : new MemorySearchEngine(db);
}

/** `personalPrice`: the viewer's own price (catalog/pricing.ts), null for guests and retail customers. */
export type HeaderProduct = { id: number; name: string; article: string; price: number; personalPrice: number | null; oldPrice: number | null; promo: PromoBadge | null; url: string; image: string; brand: string; canBuy: boolean };
export type HeaderCategory = { id: number; name: string; url: string; count: number };
export type HeaderBrand = { id: number; code: string; name: string; url: string; count: number };
export type HeaderResult = {
  query: string;
  /** The query as understood when it differs from what was typed («Возможно, вы искали …»). */
  corrected: string | null;
  total: number;
  categories: HeaderCategory[];
  brands: HeaderBrand[];
  products: HeaderProduct[];
  sts: string[];
  /** Words left out because no product has them all («Без учёта: …»). */
  ignored: string[];
  /** How the query was understood (price and property limits, sorts, exclusions, tasks): each removable. */
  chips: ChipView[];
  /** Nothing obeys the query's price or property limits: the four nearest products and why, as on the results page. */
  closest: { products: HeaderProduct[]; reason: string } | null;
};

type BrandRow = { id: number; code: string; name: string };
/** Brand names for facets change rarely: one small table per node for 30 s, like the section tree (matching itself is always fresh). */
const BRANDS_TTL_MS = 30_000;
let brandCache: { at: number; db: Db; rows: Promise<Map<number, BrandRow>> } | null = null;

async function brandRows(db: Db, ids: number[]): Promise<Map<number, BrandRow>> {
  if (!brandCache || brandCache.db !== db || Date.now() - brandCache.at > BRANDS_TTL_MS) {
    const rows = db
      .select({ id: brands.id, code: brands.code, name: brands.name })
      .from(brands)
      .then((list) => new Map(list.map((r) => [r.id, r])));
    brandCache = { at: Date.now(), db, rows };
    rows.catch(() => (brandCache = null));
  }
  const all = await brandCache.rows;
  return new Map(ids.filter((id) => all.has(id)).map((id) => [id, all.get(id)!]));
}

/**
 * The overlay's four products by primary key only: the shared card query also sums stock per product,
 * which the overlay does not show and which costs ~20 ms at 100,000 products.
 */
async function headerProducts(db: Db, pricing: Pricing | null, ids: number[]): Promise<HeaderProduct[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: products.id, code: products.code, name: products.name, article: products.article, price: products.price, oldPrice: products.oldPrice, canBuy: products.canBuy, brand: brands.name, brandId: products.brandId, sectionId: products.sectionId })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, ids));
  await preparePrices(pricing, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => !!r)
    .map((r) => ({
      id: r.id,
      name: r.name,
      article: r.article,
      ...shownPrices(pricing, { id: r.id, price: Number(r.price), oldPrice: r.oldPrice == null ? null : Number(r.oldPrice), brandId: r.brandId, sectionId: r.sectionId }),
      url: `/${r.code}/`,
      image: `/img/p/${r.id}/0-160.webp`,
      brand: r.brand,
      canBuy: r.canBuy,
    }));
}

/** Query suggestions: the understood query, then its best sections and brands as ready-made queries. */
function suggestions(plan: Plan, result: SearchResult, sectionsById: Map<number, SectionNode>, brandById: Map<number, { name: string }>): string[] {
  const base = plan.corrected ?? fold(plan.query);
  const out: string[] = [];
  const push = (s: string) => {
    const v = s.trim().replace(/\s+/g, ' ');
    if (v && v !== fold(plan.query) && !out.includes(v)) out.push(v);
  };
  if (!result.total) return [];
  if (plan.corrected) push(plan.corrected);
  for (const s of result.sections.slice(0, 3)) {
    const name = sectionsById.get(s.id)?.name;
    if (name) push(fold(name));
  }
  const named = (name: string) => fold(base).includes(fold(name));
  // One brand only means the query already names it: no "makita makita".
  for (const b of result.brands.length > 1 ? result.brands.slice(0, 4) : []) {
    const brand = brandById.get(b.id);
    if (brand && !named(brand.name)) push(`${base} ${fold(brand.name)}`);
  }
  return out.slice(0, SEARCH_LIMITS.sts);
}

async function understood(db: Db, query: string, engine: SearchEngine): Promise<Plan> {
  if (engine.sync) await engine.sync();
  // An empty query (the server's warm-up at boot, a cleared field) also loads what understanding needs.
  if (!query.trim()) await prepareUnderstanding(db);
  return understand(db, query, { followsChanges: !!engine.sync });
}

export async function searchHeader(db: Db, pricing: Pricing | null, query: string, engine: SearchEngine = searchEngine(db)): Promise<HeaderResult> {
  const plan = await understood(db, query, engine);
  // The viewer's prices: a price limit or a price superlative in the query («до 150 р») is on what they pay.
  const result = await engine.search(plan, { limit: SEARCH_LIMITS.products, topSections: true, pricing });
  const [tree, items, brandMap] = await Promise.all([
    cachedSectionTree(db),
    headerProducts(db, pricing, result.ids),
    brandRows(db, result.brands.slice(0, SEARCH_LIMITS.brands).map((b) => b.id)),
  ]);
  // Sections of the best results first: «аккумулятор» shows batteries, not the screwdriver kits that mention one.
  const countOf = new Map(result.sections.map((s) => [s.id, s.count]));
  const categories = (result.topSections ?? result.sections.map((s) => s.id))
    .slice(0, SEARCH_LIMITS.categories)
    .map((id) => {
      const node = tree.byId.get(id);
      return node ? { id: node.id, name: node.name, url: node.url, count: countOf.get(id) ?? 0 } : null;
    })
    .filter((c): c is HeaderCategory => c !== null);
  const brandList = result.brands
    .slice(0, SEARCH_LIMITS.brands)
    .map((b) => {
      const row = brandMap.get(b.id);
      return row ? { id: row.id, code: row.code, name: row.name, url: `/brands/${row.code}/`, count: b.count } : null;
    })
    .filter((b): b is HeaderBrand => b !== null);
  return {
    query: plan.query,
    corrected: plan.corrected,
    total: result.total,
    categories,
    brands: brandList,
    products: items,
    sts: suggestions(plan, result, tree.byId, brandMap),
    ignored: result.ignored ?? [],
    chips: chipViews(query, plan.intent?.chips ?? []),
    closest: result.total === 0 ? await headerClosest(db, pricing, plan, engine) : null,
  };
}

async function headerClosest(db: Db, pricing: Pricing | null, plan: Plan, engine: SearchEngine): Promise<HeaderResult['closest']> {
  const found = await closestTo(db, pricing, plan, engine, {}, (ids) => headerProducts(db, pricing, ids));
  return found && { products: found.products, reason: found.reason };
}

export type FacetOption = { id: number; name: string; count: number; selected: boolean };
export type SearchPageInput = { q: string; page: number; sort: SearchSort; brand: number[]; section: number[] };
export type SearchPageData = {
  plan: Plan;
  total: number;
  page: number;
  pages: number;
  products: ProductCard[];
  brands: FacetOption[];
  sections: FacetOption[];
  /** When nothing matched: a shorter or corrected query that does match, with its count. */
  suggestion: { query: string; total: number } | null;
  /** Words of the query the results do not take into account (no product has them all). */
  ignored: string[];
  popularSections: SectionNode[];
  /**
   * Nothing obeys every price or property limit of the query: the products nearest to them (the same query
   * without its limits, ordered towards them) and which way («cheapest», «lightest»…), for «nothing matches exactly».
   */
  closest: { products: ProductCard[]; toward: Toward; reason: string } | null;
};

export async function searchPage(db: Db, pricing: Pricing | null, input: SearchPageInput, engine: SearchEngine = searchEngine(db)): Promise<SearchPageData> {
  const plan = await understood(db, input.q, engine);
  const limit = SEARCH_PAGE_SIZE;
  const result = await engine.search(plan, { brandIds: input.brand, sectionIds: input.section, sort: input.sort, pricing, limit, offset: (input.page - 1) * limit });
  const pages = Math.max(1, Math.ceil(result.total / limit));
  const [tree, cards, brandMap] = await Promise.all([cachedSectionTree(db), cardsByIds(db, pricing, result.ids), brandRows(db, result.brands.map((b) => b.id))]);
  const brandsFacet = result.brands
    .map((b) => ({ id: b.id, name: brandMap.get(b.id)?.name ?? '', count: b.count, selected: input.brand.includes(b.id) }))
    .filter((b) => b.name)
    // What is chosen stays on top of the (scrolling) list, then the biggest.
    .sort((a, b) => Number(b.selected) - Number(a.selected) || b.count - a.count || a.name.localeCompare(b.name, 'ru'));
  const sectionsFacet = result.sections
    .map((s) => ({ id: s.id, name: tree.byId.get(s.id)?.name ?? '', count: s.count, selected: input.section.includes(s.id) }))
    .filter((s) => s.name)
    .sort((a, b) => Number(b.selected) - Number(a.selected) || b.count - a.count);

  let suggestion: SearchPageData['suggestion'] = null;
  let popularSections: SectionNode[] = [];
  if (result.total === 0 && plan.query) {
    suggestion = result.relaxed !== undefined ? result.relaxed : await relaxedQuery(db, plan, engine);
    popularSections = tree.roots
      .flatMap((r) => r.children)
      .sort((a, b) => b.productCount - a.productCount)
      .slice(0, 8);
  }
  const closest = result.total === 0 ? await closestTo(db, pricing, plan, engine, { brandIds: input.brand, sectionIds: input.section }, (ids) => cardsByIds(db, pricing, ids)) : null;
  return { plan, total: result.total, page: input.page, pages, products: cards, brands: brandsFacet, sections: sectionsFacet, suggestion, popularSections, ignored: result.ignored ?? [], closest };
}

/** Which way the closest products were ordered: towards the query's first price or property limit. */
type Toward = 'price_asc' | 'price_desc' | 'dim_asc' | 'dim_desc';

/**
 * The query without its price and property limits, ordered towards the first limit it had: what comes
 * nearest, as the caller's cards (the page's or the overlay's), and the sentence that says why
 * («Лобзики: до 20 р. — таких нет. Самые дешёвые из найденных — от 69,40 р.»). Null when the query has no limit.
 */
async function closestTo<C extends { price: number; personalPrice: number | null }>(
  db: Db,
  pricing: Pricing | null,
  plan: Plan,
  engine: SearchEngine,
  scope: { brandIds?: number[]; sectionIds?: number[] },
  cardsOf: (ids: number[]) => Promise<C[]>,
): Promise<{ products: C[]; toward: Toward; reason: string } | null> {
  const intent = plan.intent;
  if (!intent || (!intent.price && !intent.ranges.length)) return null;
  const r = intent.ranges[0];
  const sort: IntentSort = intent.price
    ? { by: 'price', dir: intent.price.max !== null ? 'asc' : 'desc', soft: false }
    : { by: 'dim', dims: [r!.dim], dir: r!.max !== null ? 'asc' : 'desc', soft: false };
  const loose: Plan = { ...plan, intent: { ...intent, price: null, ranges: [], sort } };
  if (engine.sync) await engine.sync();
  const near = await engine.search(loose, { ...scope, pricing, limit: 4 });
  if (!near.ids.length) return null;
  const cards = await cardsOf(near.ids);
  const toward = `${sort.by}_${sort.dir}` as const;
  // The type is the section most of what was found belongs to («Лобзики»); the nearest value is the one the
  // closest products reach towards the limit (their lowest price, their highest power…).
  const [tree, nearest] = await Promise.all([cachedSectionTree(db), sort.by === 'price' ? nearestPrice(cards, sort.dir) : nearestDim(db, near.ids, sort.dims[0]!, sort.dir)]);
  const type = near.sections[0] ? (tree.byId.get(near.sections[0].id)?.name ?? null) : null;
  const limit = intent.chips.find((c) => (intent.price ? c.kind === 'price' : c.kind === 'range'));
  return { products: cards, toward, reason: closestReason(type, limit, toward, nearest) };
}

function nearestPrice(cards: { price: number; personalPrice: number | null }[], dir: 'asc' | 'desc'): string | null {
  const prices = cards.map((p) => p.personalPrice ?? p.price);
  if (!prices.length) return null;
  return formatPrice(dir === 'asc' ? Math.min(...prices) : Math.max(...prices));
}

async function nearestDim(db: Db, ids: number[], dim: Dim, dir: 'asc' | 'desc'): Promise<string | null> {
  const rows = await db.select({ sectionId: products.sectionId, properties: products.properties }).from(products).where(inArray(products.id, ids));
  const units = await loadSectionUnits(db, [...new Set(rows.map((r) => r.sectionId))]);
  const values = rows.map((r) => largestByDim(r.properties as Record<string, unknown>, units.get(r.sectionId)).get(dim)).filter((v): v is number => v !== undefined);
  if (!values.length) return null;
  // Sorted towards a maximum («легче 1,5 кг»): the lightest found is «from» its weight; towards a minimum: «up to».
  return dir === 'asc' ? dimValueLabel(dim, 'from', Math.min(...values)) : dimValueLabel(dim, 'to', Math.max(...values));
}

/**
 * Nothing matched every word, on an engine that does not choose a part itself (the PostgreSQL one):
 * offer the understood query without the word that blocks it most (the one whose removal finds the most).
 */
async function relaxedQuery(db: Db, plan: Plan, engine: SearchEngine): Promise<{ query: string; total: number } | null> {
  if (plan.clauses.length < 2) return null;
  let best: { query: string; total: number } | null = null;
  for (let i = 0; i < Math.min(plan.clauses.length, 6); i++) {
    const text = plan.clauses
      .filter((_, k) => k !== i)
      .map((c) => c.shown)
      .join(' ');
    const relaxed = await understand(db, `${text} `);
    const r = await engine.search(relaxed, { limit: 1 });
    if (r.total > 0 && (!best || r.total > best.total)) best = { query: text, total: r.total };
  }
  return best;
}

/** The most products a catalogue listing scoped by a text query (`?query=`) takes from the engine. */
export const QUERY_SCOPE_LIMIT = 5000;

/**
 * Ids of the products a text query finds, as the search page finds them (same understanding, same
 * partial matching), for listings that filter and sort on their own (the catalogue's `?query=`).
 */
export async function searchScopeIds(db: Db, query: string, engine: SearchEngine = searchEngine(db)): Promise<number[]> {
  const plan = await understood(db, query, engine);
  const result = await engine.search(plan, { limit: QUERY_SCOPE_LIMIT });
  return result.ids;
}
