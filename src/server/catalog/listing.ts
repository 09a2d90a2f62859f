/**
 * The listing engine: one base condition (a section, hits, a brand, a promotion, a search query…)
 * plus filters, sort and page → a page of product cards, the total and every facet with a count
 * per value. Reused by the catalogue, brand pages, the spec §7 calls and (later) search.
 *
 * Two statements per listing:
 *  - the page of cards (ORDER BY … LIMIT/OFFSET over the base and all filters);
 *  - every count in a single scan of the base rows: each facet is counted with all the *other*
 *    filters applied (the usual "disjunctive" facets), using GROUPING SETS over per-row flags.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products } from '../db/schema';
import { cardColumns, toCards, type ProductCard } from './cards';
import { productPriceSql, type Pricing } from './pricing';
import { queryRows } from '../db/rows';
import type { FilterState, ListingParams, Sort } from './filters';
import type { Brands, PropDef, PropValue } from './reference';
import { subtreeIds, type SectionTree } from './sections';

export type ListingBase = {
  /** A condition on `products` (the active flag is added here). */
  where: SQL;
  /** The properties offered as facets (a leaf section's own). */
  props: PropDef[];
  /** Every value of those properties, with URL slugs. */
  propValues: Map<string, PropValue[]>;
  brandFacet: boolean;
  /** Offer the leaf sections as a facet (listings that are not a section themselves). */
  sectionFacet: boolean;
};

export type FacetValue = { key: string; label: string; count: number; selected: boolean };
export type PropFacet = PropDef & { values: FacetValue[] };
export type Facets = {
  brands: FacetValue[];
  sections: FacetValue[];
  props: PropFacet[];
  /** Price range of what the other filters leave. */
  price: { min: number | null; max: number | null };
  /** How many would be left with "in stock" ticked. */
  inStock: number;
};

export type ListingResult = {
  items: ProductCard[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: Facets;
};

/** Filters turned into ids and values; null members are "not filtered". */
export type ResolvedFilters = {
  brandIds: number[] | null;
  sectionIds: number[] | null;
  priceFrom: number | null;
  priceTo: number | null;
  inStock: boolean;
  props: { code: string; values: string[] }[];
};

export type ResolveResult = { ok: true; filters: ResolvedFilters } | { ok: false; reason: string };

/**
 * Checks a parsed state against what this listing offers: unknown brands, sections, properties
 * or values are a miss (the page answers 404, an endpoint 422).
 */
export function resolveFilters(state: FilterState, base: ListingBase, ref: { brands: Brands; tree: SectionTree }): ResolveResult {
  let brandIds: number[] | null = null;
  if (state.brands.length) {
    if (!base.brandFacet) return { ok: false, reason: 'brand' };
    brandIds = [];
    for (const code of state.brands) {
      const b = ref.brands.byCode.get(code);
      if (!b) return { ok: false, reason: `brand ${code}` };
      brandIds.push(b.id);
    }
  }
  let sectionIds: number[] | null = null;
  if (state.sections.length) {
    if (!base.sectionFacet) return { ok: false, reason: 'section' };
    const ids = new Set<number>();
    for (const code of state.sections) {
      const node = ref.tree.byCode.get(code);
      if (!node) return { ok: false, reason: `section ${code}` };
      for (const id of subtreeIds(node)) ids.add(id);
    }
    sectionIds = [...ids];
  }
  const props: ResolvedFilters['props'] = [];
  for (const [code, slugs] of Object.entries(state.props)) {
    if (!base.props.some((p) => p.code === code)) return { ok: false, reason: `property ${code}` };
    const known = base.propValues.get(code) ?? [];
    const values: string[] = [];
    for (const slug of slugs) {
      const v = known.find((k) => k.slug === slug);
      if (!v) return { ok: false, reason: `value ${code}=${slug}` };
      values.push(v.value);
    }
    props.push({ code, values });
  }
  return { ok: true, filters: { brandIds, sectionIds, priceFrom: state.priceFrom, priceTo: state.priceTo, inStock: state.inStock, props } };
}

type Cols = {
  brand: SQL;
  section: SQL;
  price: SQL;
  properties: SQL;
  inStock: SQL;
  /**
   * The retail price column when `price` is a contractor's: a price filter then also bounds the retail
   * price (contract ≤ retail ≤ contract / (1 − maxPercent/100)), which the (section_id, price) index can use.
   */
  retail?: { col: SQL; maxPercent: number };
};


/** A listing's columns for this viewer: `price` is what the viewer pays (a contractor's own price). */
function itemCols(pricing: Pricing | null): Cols {
  return {
    brand: sql`${products.brandId}`,
    section: sql`${products.sectionId}`,
    price: productPriceSql(pricing),
    properties: sql`${products.properties}`,
    inStock: sql`${products.stockQty} > 0`,
    // A list price may be anything (even above retail), so the retail bound holds only without a price list.
    retail: pricing && pricing.priceTypeId === null ? { col: sql`${products.price}`, maxPercent: pricing.maxPercent } : undefined,
  };
}

const intList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
const textList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** One condition per active filter, keyed so that a facet can leave its own out. */
function conditions(f: ResolvedFilters, c: Cols): Map<string, SQL> {
  const m = new Map<string, SQL>();
  if (f.brandIds) m.set('brand', sql`${c.brand} IN (${intList(f.brandIds)})`);
  if (f.sectionIds) m.set('section', sql`${c.section} IN (${intList(f.sectionIds)})`);
  if (f.priceFrom !== null || f.priceTo !== null) {
    const parts: SQL[] = [];
    if (f.priceFrom !== null) parts.push(sql`${c.price} >= ${f.priceFrom}`);
    if (f.priceTo !== null) parts.push(sql`${c.price} <= ${f.priceTo}`);
    if (c.retail) {
      // Only ever wider than the exact condition beside it: a kopeck covers the contract price's rounding.
      if (f.priceFrom !== null) parts.push(sql`${c.retail.col} >= ${f.priceFrom}`);
      if (f.priceTo !== null && c.retail.maxPercent < 100) parts.push(sql`${c.retail.col} <= ${((f.priceTo + 0.01) * 100) / (100 - c.retail.maxPercent)}`);
    }
    m.set('price', sql`(${sql.join(parts, sql` AND `)})`);
  }
  if (f.inStock) m.set('instock', c.inStock);
  for (const p of f.props) m.set(`p:${p.code}`, sql`(${c.properties} ->> ${p.code}) IN (${textList(p.values)})`);
  return m;
}

function andAll(conds: Map<string, SQL>, except?: string): SQL {
  const list = [...conds].filter(([k]) => k !== except).map(([, v]) => v);
  return list.length ? sql.join(list, sql` AND `) : sql`TRUE`;
}

/** The order of a listing; a price sort is by what this viewer pays. */
export function orderFor(sort: Sort, pricing: Pricing | null): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(productPriceSql(pricing)), asc(products.id)];
    case 'price_desc':
      return [desc(productPriceSql(pricing)), asc(products.id)];
    case 'new':
      return [desc(products.createdAt), asc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    default:
      return [desc(products.popularity), asc(products.id)];
  }
}

/** A page of cards for a base and filters. */
export async function listItems(db: Db, pricing: Pricing | null, base: ListingBase, filters: ResolvedFilters, p: ListingParams): Promise<ProductCard[]> {
  const conds = conditions(filters, itemCols(pricing));
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.active, true), base.where, conds.size ? andAll(conds) : undefined))
    .orderBy(...orderFor(p.sort, pricing))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  return toCards(rows, pricing);
}

type CountRow = Record<string, unknown> & { n: number; total: number | null; pmin: string | null; pmax: string | null; instock: number | null };

/**
 * Every count of a listing in one scan; facets leave their own filter out.
 *
 * Each active filter becomes a boolean column computed once per row (c0, c1, …). A row that fails
 * two or more filters counts for nothing (every facet leaves out one filter at most), so such rows
 * are dropped before the GROUPING SETS aggregate: with a few filters that is most of them.
 */
export async function countFacets(db: Db, base: ListingBase, filters: ResolvedFilters, pricing: Pricing | null): Promise<{ total: number; raw: CountRow[]; dims: string[] }> {
  const f: Cols = { brand: sql`f.brand_id`, section: sql`f.section_id`, price: sql`f.price`, properties: sql`f.properties`, inStock: sql`f.in_stock` };
  // A product's properties are its largest column: carried through the scan only when a facet or a filter reads them.
  const usesProperties = base.props.length > 0 || filters.props.length > 0;
  const conds = [...conditions(filters, f)];
  const flag = (key: string) => sql.raw(`c${conds.findIndex(([k]) => k === key)}`);
  const flags = new Map(conds.map(([k]) => [k, flag(k)]));
  // Facet dimensions: a column that holds the value when all the other filters pass, else NULL.
  const dims: { key: string; value: SQL }[] = [];
  if (base.brandFacet) dims.push({ key: 'brand', value: sql`x.brand_id::text` });
  if (base.sectionFacet) dims.push({ key: 'section', value: sql`x.section_id::text` });
  base.props.forEach((p) => dims.push({ key: `p:${p.code}`, value: sql`x.properties ->> ${p.code}` }));
  const dimCols = dims.map((d, i) => sql`CASE WHEN ${andAll(flags, d.key)} THEN ${d.value} END AS ${sql.raw(`d${i}`)}`);
  const groupingCols = dims.map((_, i) => sql.raw(`GROUPING(d${i}) AS g${i}, d${i}`));
  const sets = [...dims.map((_, i) => sql.raw(`(d${i})`)), sql.raw('()')];
  const flagCols = conds.map(([, cond], i) => sql`, ${cond} AS ${sql.raw(`c${i}`)}`);
  const failures = conds.map((_, i) => sql.raw(`(NOT c${i})::int`));
  const query = sql`
    SELECT ${sql.join([...groupingCols, sql`count(*)::int AS n`], sql`, `)},
      (count(*) FILTER (WHERE y.a_all))::int AS total,
      min(y.price) FILTER (WHERE y.a_price) AS pmin,
      max(y.price) FILTER (WHERE y.a_price) AS pmax,
      (count(*) FILTER (WHERE y.a_stock AND y.in_stock))::int AS instock
    FROM (
      SELECT x.price, x.in_stock,
        ${andAll(flags)} AS a_all, ${andAll(flags, 'price')} AS a_price, ${andAll(flags, 'instock')} AS a_stock
        ${dimCols.length ? sql`, ${sql.join(dimCols, sql`, `)}` : sql``}
      FROM (
        SELECT f.* ${sql.join(flagCols, sql``)}
        FROM (
          SELECT ${products.brandId} AS brand_id, ${products.sectionId} AS section_id, ${itemCols(pricing).price} AS price,
            ${usesProperties ? sql`${products.properties}` : sql`NULL::jsonb`} AS properties, ${products.stockQty} > 0 AS in_stock
          FROM ${products}
          WHERE ${products.active} AND ${base.where}
        ) f
        OFFSET 0
      ) x
      ${conds.length > 1 ? sql`WHERE ${sql.join(failures, sql` + `)} <= 1` : sql``}
      OFFSET 0
    ) y
    GROUP BY GROUPING SETS (${sql.join(sets, sql`, `)})`;
  const rows = await queryRows<CountRow>(db, query);
  const grand = rows.find((r) => dims.every((_, i) => Number(r[`g${i}`]) === 1));
  return { total: Number(grand?.total ?? 0), raw: rows, dims: dims.map((d) => d.key) };
}

function buildFacets(base: ListingBase, state: FilterState, counts: Awaited<ReturnType<typeof countFacets>>, ref: { brands: Brands; tree: SectionTree }): Facets {
  const byDim = new Map<string, Map<string, number>>();
  let grand: CountRow | undefined;
  counts.dims.forEach((d) => byDim.set(d, new Map()));
  for (const r of counts.raw) {
    const i = counts.dims.findIndex((_, k) => Number(r[`g${k}`]) === 0);
    if (i === -1) {
      grand = r;
      continue;
    }
    const v = r[`d${i}`];
    if (v !== null && v !== undefined) byDim.get(counts.dims[i]!)!.set(String(v), Number(r.n));
  }

  const brandCounts = byDim.get('brand');
  const brandsFacet: FacetValue[] = [];
  if (brandCounts) {
    for (const b of ref.brands.list) {
      const count = brandCounts.get(String(b.id)) ?? 0;
      const selected = state.brands.includes(b.code);
      if (count > 0 || selected) brandsFacet.push({ key: b.code, label: b.name, count, selected });
    }
  }

  const sectionCounts = byDim.get('section');
  const sectionsFacet: FacetValue[] = [];
  if (sectionCounts) {
    for (const [id, count] of sectionCounts) {
      const node = ref.tree.byId.get(Number(id));
      if (node) sectionsFacet.push({ key: node.code, label: node.name, count, selected: state.sections.includes(node.code) });
    }
    for (const code of state.sections) {
      if (sectionsFacet.some((s) => s.key === code)) continue;
      const node = ref.tree.byCode.get(code);
      if (node) sectionsFacet.push({ key: code, label: node.name, count: 0, selected: true });
    }
    sectionsFacet.sort((a, b) => Number(b.selected) - Number(a.selected) || b.count - a.count || a.label.localeCompare(b.label, 'ru'));
  }

  const propsFacet: PropFacet[] = base.props.map((def) => {
    const c = byDim.get(`p:${def.code}`) ?? new Map<string, number>();
    const selected = state.props[def.code] ?? [];
    const values = (base.propValues.get(def.code) ?? []).map((v) => ({ key: v.slug, label: v.label, count: c.get(v.value) ?? 0, selected: selected.includes(v.slug) }));
    return { ...def, values };
  });

  return {
    brands: brandsFacet,
    sections: sectionsFacet,
    props: propsFacet.filter((p) => p.values.length > 1 || p.values.some((v) => v.selected)),
    price: { min: grand?.pmin == null ? null : Number(grand.pmin), max: grand?.pmax == null ? null : Number(grand.pmax) },
    inStock: Number(grand?.instock ?? 0),
  };
}

/** Facets and total only (a filter panel before anything is listed: spec web/filter/); the price range is the viewer's. */
export async function listingFacets(
  db: Db,
  base: ListingBase,
  state: FilterState,
  filters: ResolvedFilters,
  ref: { brands: Brands; tree: SectionTree },
  pricing: Pricing | null,
): Promise<{ total: number; facets: Facets }> {
  const counts = await countFacets(db, base, filters, pricing);
  return { total: counts.total, facets: buildFacets(base, state, counts, ref) };
}

/** A whole listing: page of cards, total, page count and facets. */
export async function runListing(
  db: Db,
  base: ListingBase,
  state: FilterState,
  filters: ResolvedFilters,
  params: ListingParams,
  ref: { brands: Brands; tree: SectionTree },
  pricing: Pricing | null,
): Promise<ListingResult> {
  const [items, counts] = await Promise.all([listItems(db, pricing, base, filters, params), countFacets(db, base, filters, pricing)]);
  const total = counts.total;
  return {
    items,
    total,
    page: params.page,
    pageSize: params.pageSize,
    pageCount: Math.max(1, Math.ceil(total / params.pageSize)),
    facets: buildFacets(base, state, counts, ref),
  };
}

