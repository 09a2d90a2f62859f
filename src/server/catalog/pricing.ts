/**
 * The contractor's own price. Every product card is built with the viewer's `Pricing` (a required
 * argument of every card loader), so no page or call can show a product without it. Guests and retail customers see the retail price; a user of a
 * contractor company pays:
 *
 * 1. its **contract price list** — the `product_prices` row of the company's price type
 *    (`companies.price_type_id`, one of 1C's price types, assigned in the desk) — where the product has one.
 *    The list is the contract: it wins even when a percent discount would be lower (decision 0010);
 * 2. otherwise the retail price less the company's best discount that applies: its general percent,
 *    a percent for the product's brand, or one for any section above it.
 *
 * 3. and, while a promotion with a price rule runs (promo-rules.ts, decision 0240), the lower of that and
 *    the promotion's price when the rule is for contractors too. Retail shoppers pay the promotion's
 *    price wherever a rule for them covers the product. Promotions never stack: the lowest price wins.
 *
 * Money is rounded to kopecks: the price shown (`personalPrice`) and the price filtered and sorted by
 * (`priceSql`) are one rule, in integer kopecks (../lib/money.ts). List prices are loaded only for the
 * products being priced (`preparePrices`, called by every loader before `personalPrice`), never the
 * whole list; `personalPrice` refuses a product whose list price was not loaded, so a loader that
 * forgot cannot silently show the discount instead of the contract price.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyDiscounts, productPrices, products } from '../db/schema';
import type { SessionUser } from '../auth/session';
import { cachedSectionTree, sectionPath, type SectionTree } from './sections';
import { discountedPrice, discountedSql, fromKopecks, toKopecks, type Kopecks } from '../lib/money';
import { badgeOf, bestPromo, ensurePromoRules, promoSqlParts, type PromoBadge } from './promo-rules';

export type Pricing = {
  companyId: number;
  companyName: string;
  /** The best percent for a product of this brand and section. */
  percentFor: (brandId: number, sectionId: number) => number;
  /**
   * The same price as an SQL expression over a row's product id, retail price, brand and section
   * columns, so that a listing's price filter, its price range and a price sort use what this viewer pays.
   */
  priceSql: (cols: { id: SQL; price: SQL; brand: SQL; section: SQL }) => SQL;
  /**
   * The largest percent of any product: a discounted price is between retail × (1 − maxPercent/100) and
   * retail. Says nothing of list prices (`priceTypeId`), which may be anything.
   */
  maxPercent: number;
  /** The company's price type (its contract price list), or null: discounts only. */
  priceTypeId: number | null;
  /** List prices loaded so far, by product id: kopecks, or null for «this product has no list price». */
  listPrices: Map<number, Kopecks | null>;
  /** Reads the list prices of these products (one query; ids already loaded are skipped). */
  loadListPrices: (ids: readonly number[]) => Promise<void>;
  /**
   * Everything above that makes this company's prices differ from another's, as one canonical string: the
   * general percent, the price type and every brand and section percent (page-cache/profile.ts hashes it).
   */
  terms: string;
};

/** Thrown when a product is priced for a price-list company before its list price was loaded: a bug in a loader. */
export class ListPriceNotLoaded extends Error {}

export async function loadPricing(db: Db, user: Pick<SessionUser, 'companyId'> | null | undefined): Promise<Pricing | null> {
  await ensurePromoRules(db);
  if (!user?.companyId) return null;
  // The company's brand and section discounts come in its own statement: every signed-in page asks for both, now in one
  // round trip (decision 0350). `percent` as text: numeric, exact. The company
  // is named by its parameter, not by `companies.id`: drizzle writes a one-table select's columns unqualified, and inside
  // the subquery `id` would be the discount row's.
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      discountPercent: companies.discountPercent,
      priceTypeId: companies.priceTypeId,
      discounts: sql<{ brandId: number | null; sectionId: number | null; percent: string }[]>`coalesce((select json_agg(json_build_object('brandId', ${companyDiscounts.brandId}, 'sectionId', ${companyDiscounts.sectionId}, 'percent', ${companyDiscounts.percent}::text)) from ${companyDiscounts} where ${companyDiscounts.companyId} = ${user.companyId}), '[]'::json)`,
    })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  if (!company) return null;
  const tree = await cachedSectionTree(db);
  const priceTypeId = company.priceTypeId ?? null;
  return makePricing(company.id, company.name, Number(company.discountPercent), company.discounts, tree, priceTypeId === null ? null : { priceTypeId, read: (ids) => readListPrices(db, priceTypeId, ids) });
}

/** The list prices of `ids` in one price type, as kopecks (absent: no row). Chunked so that no statement carries 100k parameters. */
export async function readListPrices(db: Db, priceTypeId: number, ids: readonly number[]): Promise<Map<number, Kopecks>> {
  const out = new Map<number, Kopecks>();
  for (let i = 0; i < ids.length; i += 10_000) {
    const chunk = ids.slice(i, i + 10_000);
    const rows = await db
      .select({ id: productPrices.productId, price: productPrices.price })
      .from(productPrices)
      .where(and(eq(productPrices.priceTypeId, priceTypeId), inArray(productPrices.productId, chunk)));
    for (const r of rows) out.set(r.id, toKopecks(r.price));
  }
  return out;
}

/**
 * Loads the list prices `personalPrice` will need for these products. Every loader that prices
 * products calls it with the ids it is about to price (cards, product page, search, basket, quick
 * order, feeds, repeat order); a no-op for guests, retail users and companies without a price type.
 */
export async function preparePrices(pricing: Pricing | null | undefined, ids: Iterable<number>): Promise<void> {
  if (!pricing || pricing.priceTypeId === null) return;
  const missing = [...new Set(ids)].filter((id) => !pricing.listPrices.has(id));
  if (missing.length) await pricing.loadListPrices(missing);
}

const perRequest = new WeakMap<object, Promise<Pricing | null>>();

/** The viewer's pricing, loaded once per request (keyed by the request's `locals`). */
export function viewerPricing(db: Db, locals: { user: Pick<SessionUser, 'companyId'> | null }): Promise<Pricing | null> {
  // loadPricing reads the promotions' rules first, guests included: every SQL price built after this is current.
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
  list: { priceTypeId: number; read: (ids: readonly number[]) => Promise<Map<number, Kopecks>> } | null = null,
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
  const listPrices = new Map<number, Kopecks | null>();
  const discountSql = (price: SQL, brand: SQL, section: SQL) => {
    if (!brandCases.length && !sectionCases.length && basePercent <= 0) return price;
    const pct = sql`LEAST(100, GREATEST(${basePercent}::numeric, ${caseOf(brand, brandCases)}, ${caseOf(section, sectionCases)}))`;
    // discountedSql: round(price × (100 − percent)) / 100 in numeric — `discounted()` is the same rule in kopecks.
    return discountedSql(price, pct);
  };
  const rowTerms = rows
    .map((r) => ({ brand: r.brandId ?? Infinity, section: r.sectionId ?? Infinity, pct: Number(r.percent), text: `${r.brandId ?? '-'}/${r.sectionId ?? '-'}:${Number(r.percent)}` }))
    .sort((a, b) => a.brand - b.brand || a.section - b.section || a.pct - b.pct)
    .map((r) => r.text);
  return {
    companyId,
    companyName,
    percentFor,
    maxPercent,
    terms: [`d${basePercent}`, `t${list?.priceTypeId ?? '-'}`, ...rowTerms].join('|'),
    priceTypeId: list?.priceTypeId ?? null,
    listPrices,
    loadListPrices: async (ids) => {
      if (!list) return;
      const found = await list.read(ids);
      for (const id of ids) listPrices.set(id, found.get(id) ?? null);
    },
    // The list price where the product has one (the primary key (product_id, price_type_id) answers the
    // subquery by index), else the discount — exactly `personalPrice`'s order.
    priceSql: (cols) => {
      const { id, price, brand, section } = cols;
      const discounted = discountSql(price, brand, section);
      const own = list ? sql`COALESCE((SELECT pp.price FROM product_prices pp WHERE pp.product_id = ${id} AND pp.price_type_id = ${list.priceTypeId}::int), ${discounted})` : discounted;
      const promos = promoSqlParts('contractor', cols);
      return promos.length ? sql`LEAST(${own}, ${sql.join(promos, sql`, `)})` : own;
    },
  };
}

/** What a row costs this viewer in SQL: the retail price column, or the company's price (`Pricing.priceSql`). */
export function viewerPriceSql(pricing: Pricing | null, cols: { id: SQL; price: SQL; brand: SQL; section: SQL }): SQL {
  if (pricing) return pricing.priceSql(cols);
  const promos = promoSqlParts('retail', cols);
  return promos.length ? sql`LEAST(${cols.price}, ${sql.join(promos, sql`, `)})` : cols.price;
}

/** What a `products` row costs this viewer in SQL (listings, favourites). */
export function productPriceSql(pricing: Pricing | null): SQL {
  return viewerPriceSql(pricing, { id: sql`${products.id}`, price: sql`${products.price}`, brand: sql`${products.brandId}`, section: sql`${products.sectionId}` });
}

/** A price less `percent` %, to the kopeck, exactly as `priceSql` computes it in SQL (../lib/money.ts). */
export function discounted(price: number, percent: number): number {
  return discountedPrice(price, percent);
}

/**
 * The one place a price is decided for a viewer: what a product costs the viewer whose terms are
 * `pricing` (their company's), or, for guests and retail customers (null), the promotion price or
 * null for «the retail price». Cards (cards.ts `toCard`), product details, search, the basket,
 * checkout, quick order, repeat order and export feeds all call this, after `preparePrices` for the
 * same products.
 */
export function personalPrice(pricing: Pricing | null, item: PricedItem): number | null {
  return priceFor(pricing, item).price;
}

type PricedItem = { id: number; price: number; brandId: number; sectionId: number };

/**
 * `personalPrice` with the promotion that gave it (null when the viewer's own terms are at least as
 * good, or no promotion covers the product): what cards and the product page print as the badge,
 * the crossed-out price and the offer's `priceValidUntil`.
 */
export function priceFor(pricing: Pricing | null, item: PricedItem): { price: number | null; promo: PromoBadge | null } {
  if (!pricing) {
    const promo = bestPromo('retail', item);
    return promo ? { price: promo.price, promo: badgeOf(promo.rule) } : { price: null, promo: null };
  }
  const listed = listPriceOf(pricing, item.id);
  const pct = listed === null ? pricing.percentFor(item.brandId, item.sectionId) : 0;
  const own = listed !== null ? fromKopecks(listed) : pct > 0 ? discounted(item.price, pct) : item.price;
  const promo = bestPromo('contractor', item);
  return promo && promo.price < own ? { price: promo.price, promo: badgeOf(promo.rule) } : { price: own, promo: null };
}

/**
 * How a price is printed: contractors see retail (`price`, `oldPrice` as loaded) and their own
 * `personalPrice`; guests and retail customers under a promotion see its price as `price` with the
 * price before it as `oldPrice` (crossed out). Cards, the product page and search print these.
 */
export function shownPrices(pricing: Pricing | null, item: PricedItem & { oldPrice: number | null }): { price: number; oldPrice: number | null; personalPrice: number | null; promo: PromoBadge | null } {
  const { price, promo } = priceFor(pricing, item);
  if (pricing) return { price: item.price, oldPrice: item.oldPrice, personalPrice: price, promo };
  if (price === null) return { price: item.price, oldPrice: item.oldPrice, personalPrice: null, promo: null };
  // Crossed out: the price just before the promotion, never an older one — the badge's «−N %» is the promotion's.
  return { price, oldPrice: item.price, personalPrice: null, promo };
}

/** The product's contract list price in kopecks, or null when it has none (or the company has no price type). */
export function listPriceOf(pricing: Pricing, productId: number): Kopecks | null {
  if (pricing.priceTypeId === null) return null;
  const listed = pricing.listPrices.get(productId);
  if (listed === undefined) throw new ListPriceNotLoaded(`list price of product ${productId} not loaded: call preparePrices() first`);
  return listed;
}

/**
 * The percent a line is shown with («скидка N %»): the company's percent for a discounted product;
 * a percent-off promotion's percent; for a list-priced one or a fixed promotion price, how far it is
 * below retail (0 when it is not), to 0.01 %.
 */
export function percentShown(pricing: Pricing | null, item: PricedItem): number {
  const { price, promo } = priceFor(pricing, item);
  if (pricing && !promo && listPriceOf(pricing, item.id) === null) return pricing.percentFor(item.brandId, item.sectionId);
  // A percent-off promotion is shown with its own percent (off retail): «−15 %», not the kopeck-rounded «−14,99 %».
  if (promo?.percent) return promo.percent;
  const retail = toKopecks(item.price);
  const paid = toKopecks(price ?? item.price);
  return retail > 0 && paid < retail ? Math.round(((retail - paid) * 10_000) / retail) / 100 : 0;
}
