/**
 * The contractor's own price. Every product card is built with the viewer's `Pricing` (a required
 * argument of every card loader), so no page or call can show a product without it. Guests and retail customers see the retail price; a user of a
 * contractor company sees the retail price less the company's best discount that applies:
 * its general percent, a percent for the product's brand, or one for any section above it
 * (docs/decisions/0010-catalog.md). Money is rounded to kopecks: the price shown (`discounted`) and the
 * price filtered and sorted by (`priceSql`) are one rule, in integer kopecks (../lib/money.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyDiscounts, products } from '../db/schema';
import type { SessionUser } from '../auth/session';
import { cachedSectionTree, sectionPath, type SectionTree } from './sections';
import { discountedPrice, discountedSql } from '../lib/money';

export type Pricing = {
  companyId: number;
  companyName: string;
  /** The best percent for a product of this brand and section. */
  percentFor: (brandId: number, sectionId: number) => number;
  /**
   * The same price as an SQL expression over a row's retail price, brand and section columns, so
   * that a listing's price filter, its price range and a price sort use what this viewer pays.
   */
  priceSql: (cols: { price: SQL; brand: SQL; section: SQL }) => SQL;
  /** The largest percent of any product: a contract price is between retail × (1 − maxPercent/100) and retail. */
  maxPercent: number;
};

export async function loadPricing(db: Db, user: Pick<SessionUser, 'companyId'> | null | undefined): Promise<Pricing | null> {
  if (!user?.companyId) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1);
  if (!company) return null;
  const rows = await db.select().from(companyDiscounts).where(eq(companyDiscounts.companyId, company.id));
  const tree = await cachedSectionTree(db);
  return makePricing(company.id, company.name, Number(company.discountPercent), rows, tree);
}

const perRequest = new WeakMap<object, Promise<Pricing | null>>();

/** The viewer's pricing, loaded once per request (keyed by the request's `locals`). */
export function viewerPricing(db: Db, locals: { user: Pick<SessionUser, 'companyId'> | null }): Promise<Pricing | null> {
  let p = perRequest.get(locals);
  if (!p) perRequest.set(locals, (p = loadPricing(db, locals.user)));
  return p;
}

export function makePricing(
  companyId: number,
  companyName: string,
  basePercent: number,
  rows: { brandId: number | null; sectionId: number | null; percent: string | number }[],
  tree: SectionTree,
): Pricing {
  const byBrand = new Map<number, number>();
  const bySection = new Map<number, number>();
  for (const r of rows) {
    const pct = Number(r.percent);
    if (r.brandId != null) byBrand.set(r.brandId, Math.max(byBrand.get(r.brandId) ?? 0, pct));
    if (r.sectionId != null) bySection.set(r.sectionId, Math.max(bySection.get(r.sectionId) ?? 0, pct));
  }
  const sectionPct = new Map<number, number>();
  const forSection = (sectionId: number) => {
    let pct = sectionPct.get(sectionId);
    if (pct === undefined) {
      const node = tree.byId.get(sectionId);
      pct = node ? Math.max(0, ...sectionPath(tree, node).map((n) => bySection.get(n.id) ?? 0)) : 0;
      sectionPct.set(sectionId, pct);
    }
    return pct;
  };
  const percentFor = (brandId: number, sectionId: number) => Math.min(100, Math.max(basePercent, byBrand.get(brandId) ?? 0, forSection(sectionId)));
  // Only the brands and sections whose percent beats the general one need a branch of the CASE.
  const brandCases = [...byBrand].filter(([, pct]) => pct > basePercent);
  const sectionCases = [...tree.byId.keys()].map((id) => [id, forSection(id)] as const).filter(([, pct]) => pct > basePercent);
  const caseOf = (col: SQL, cases: (readonly [number, number])[]) =>
    cases.length ? sql`CASE ${col} ${sql.join(cases.map(([id, pct]) => sql`WHEN ${id} THEN ${pct}::numeric`), sql` `)} ELSE 0 END` : sql`0`;
  const maxPercent = Math.min(100, Math.max(basePercent, ...brandCases.map(([, pct]) => pct), ...sectionCases.map(([, pct]) => pct)));
  return {
    companyId,
    companyName,
    percentFor,
    maxPercent,
    // discountedSql: round(price × (100 − percent)) / 100 in numeric — `discounted()` is the same rule in kopecks.
    priceSql: ({ price, brand, section }) => {
      if (!brandCases.length && !sectionCases.length && basePercent <= 0) return price;
      const pct = sql`LEAST(100, GREATEST(${basePercent}::numeric, ${caseOf(brand, brandCases)}, ${caseOf(section, sectionCases)}))`;
      return discountedSql(price, pct);
    },
  };
}

/** What a row costs this viewer in SQL: the retail price column, or the company's price (`Pricing.priceSql`). */
export function viewerPriceSql(pricing: Pricing | null, cols: { price: SQL; brand: SQL; section: SQL }): SQL {
  return pricing ? pricing.priceSql(cols) : cols.price;
}

/** What a `products` row costs this viewer in SQL (listings, favourites). */
export function productPriceSql(pricing: Pricing | null): SQL {
  return viewerPriceSql(pricing, { price: sql`${products.price}`, brand: sql`${products.brandId}`, section: sql`${products.sectionId}` });
}

/** A price less `percent` %, to the kopeck, exactly as `priceSql` computes it in SQL (../lib/money.ts). */
export function discounted(price: number, percent: number): number {
  return discountedPrice(price, percent);
}

/**
 * The one place a price is decided for a viewer: what a product costs the viewer whose terms are
 * `pricing` (their company's), or null when they have none (guests, retail customers: the retail
 * price). Cards (cards.ts `toCard`), product details, the basket and export feeds all call this.
 */
export function personalPrice(pricing: Pricing | null, item: { price: number; brandId: number; sectionId: number }): number | null {
  if (!pricing) return null;
  const pct = pricing.percentFor(item.brandId, item.sectionId);
  return pct > 0 ? discounted(item.price, pct) : item.price;
}
