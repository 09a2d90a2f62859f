/**
 * Promotions' price rules (issue 25, decision 0240): what a published promotion with a `discount`
 * does to prices while it runs. pricing.ts is the only reader — it applies the best rule inside the
 * one pricing step, so cards, the product page, search, favourites, compare, the basket, checkout,
 * orders and feeds all get the same price.
 *
 * A rule covers a product when the product's article is listed, or when it is in one of the listed
 * sections (at any depth) and of one of the listed brands (an empty list means «any»); a rule with
 * neither sections, brands nor articles covers nothing (the editor refuses to save one).
 *
 * The rules are read once per node and kept until the change log reports a content or catalogue
 * change (changes/follow.ts calls `forgetPromoRules`); a rule's dates are checked on every use,
 * so prices change at the start and end second with nothing written — the page cache follows by
 * the content schedule watch, which drops the catalogue's pages at those moments.
 */
import { and, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, contentEntries, products } from '../db/schema';
import { cachedSectionTree, sectionPath } from './sections';
import { discountKopecks, discountedSql, fromKopecks, toKopecks, type Kopecks } from '../lib/money';

/** Who a rule is for: retail shoppers (guests and customers without a company), or contractors. */
export type Audience = 'retail' | 'contractor';

export type PromoBadge = { code: string; title: string; color: string; url: string; endsAt: string; percent: number | null };

export type PromoRule = {
  code: string;
  title: string;
  color: string;
  startsAt: number;
  endsAt: number;
  percent: number | null;
  /** A fixed promotion price in kopecks (never above the price it replaces). */
  fixed: Kopecks | null;
  retail: boolean;
  contractors: boolean;
  sectionIds: Set<number> | null;
  brandIds: Set<number> | null;
  productIds: Set<number>;
  /** Both sections and brands empty: only the articles count. */
  byArticleOnly: boolean;
};

type Loaded = { rules: PromoRule[]; at: number };

let loaded: Loaded = { rules: [], at: 0 };
let loading: Promise<void> | null = null;
let stale = true;
/** A backstop for a change-log outage: rules are re-read at least this often. */
const MAX_AGE_MS = 5 * 60_000;

type SavedDiscount = { percent?: number; price?: number; sections?: string[]; brands?: string[]; articles?: string[]; contractors?: boolean };

/** The rules of the published promotions that have not ended (`only`: of one promotion, whatever its status or dates — a draft's preview shows what it will cover). */
export async function readPromoRules(db: Db, now = new Date(), only?: string): Promise<PromoRule[]> {
  const which = only === undefined ? and(eq(contentEntries.status, 'published'), gt(contentEntries.endsAt, now)) : eq(contentEntries.code, only);
  const rows = await db
    .select({ code: contentEntries.code, title: contentEntries.title, data: contentEntries.data, discount: contentEntries.discount, startsAt: contentEntries.startsAt, endsAt: contentEntries.endsAt, createdAt: contentEntries.createdAt })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, 'promotion'), isNotNull(contentEntries.discount), which));
  if (!rows.length) return [];
  const tree = await cachedSectionTree(db);
  const wanted = rows.map((r) => r.discount as SavedDiscount);
  const brandCodes = [...new Set(wanted.flatMap((d) => d.brands ?? []))];
  const articles = [...new Set(wanted.flatMap((d) => d.articles ?? []))];
  const brandIds = new Map<string, number>();
  if (brandCodes.length) for (const b of await db.select({ id: brands.id, code: brands.code }).from(brands).where(inArray(brands.code, brandCodes))) brandIds.set(b.code, b.id);
  const byArticle = new Map<string, number[]>();
  if (articles.length)
    for (const p of await db.select({ id: products.id, article: products.article }).from(products).where(inArray(products.article, articles))) byArticle.set(p.article, [...(byArticle.get(p.article) ?? []), p.id]);
  return rows.flatMap((r) => {
    const d = r.discount as SavedDiscount;
    const data = r.data as { color?: string; forContractors?: boolean };
    const percent = typeof d.percent === 'number' && d.percent > 0 ? d.percent : null;
    const fixed = percent === null && typeof d.price === 'number' && d.price > 0 ? toKopecks(d.price) : null;
    if (percent === null && fixed === null) return [];
    const sectionCodes = new Set(d.sections ?? []);
    let sectionIds: Set<number> | null = null;
    if (sectionCodes.size) {
      sectionIds = new Set();
      for (const node of tree.byId.values()) if (sectionPath(tree, node).some((n) => sectionCodes.has(n.code))) sectionIds.add(node.id);
    }
    const ruleBrands = d.brands?.length ? new Set(d.brands.map((c) => brandIds.get(c)).filter((id): id is number => id !== undefined)) : null;
    return [
      {
        code: r.code,
        title: r.title,
        color: data.color ?? '#d71920',
        startsAt: (r.startsAt ?? r.createdAt).getTime(),
        endsAt: (r.endsAt ?? new Date(8.64e15)).getTime(),
        percent,
        fixed,
        // A promotion shown only in the personal area prices for contractors only.
        retail: !data.forContractors,
        contractors: !!d.contractors || !!data.forContractors,
        sectionIds,
        brandIds: ruleBrands,
        productIds: new Set((d.articles ?? []).flatMap((a) => byArticle.get(a) ?? [])),
        byArticleOnly: !sectionIds && !ruleBrands,
      },
    ];
  });
}

/** Makes sure this node holds current rules (a no-op while they are current). Every pricing entry point awaits it. */
export function ensurePromoRules(db: Db): Promise<void> {
  if (!stale && Date.now() - loaded.at < MAX_AGE_MS) return Promise.resolve();
  if (!loading) {
    const started = Date.now();
    stale = false;
    loading = readPromoRules(db)
      .then((rules) => void (loaded = { rules, at: started }))
      .catch((e) => {
        stale = true;
        throw e;
      })
      .finally(() => (loading = null));
  }
  return loading;
}

/** Called by the change-log follower on every content or catalogue change: the next pricing re-reads. */
export function forgetPromoRules(): void {
  stale = true;
}

/** The rules running at `now` for this audience (the dates are checked here, on every use). */
export function runningRules(audience: Audience, now = Date.now()): PromoRule[] {
  return loaded.rules.filter((r) => r.startsAt <= now && now < r.endsAt && (audience === 'retail' ? r.retail : r.contractors));
}

/**
 * What the running rules are, as a short string: part of a feed's version (exports/feed.ts), so a
 * conditional pull gets the new prices at a promotion's start and end, when nothing was written.
 */
export function promoStamp(audience: Audience, now = Date.now()): string {
  return runningRules(audience, now)
    .map((r) => [r.code, r.percent ?? '', r.fixed ?? '', r.startsAt, r.endsAt, [...(r.sectionIds ?? [])].join('.'), [...(r.brandIds ?? [])].join('.'), [...r.productIds].join('.')].join(':'))
    .sort()
    .join('|');
}

function covers(r: PromoRule, item: { id: number; brandId: number; sectionId: number }): boolean {
  if (r.productIds.has(item.id)) return true;
  if (r.byArticleOnly) return false;
  return (!r.sectionIds || r.sectionIds.has(item.sectionId)) && (!r.brandIds || r.brandIds.has(item.brandId));
}

/** A rule's price for a product whose price before the promotion is `base` (kopecks): never above `base`. */
function ruleKopecks(r: PromoRule, base: Kopecks): Kopecks {
  return r.percent !== null ? discountKopecks(base, r.percent) : Math.min(base, r.fixed!);
}

/**
 * The best running promotion for a product (its retail price `price`) for this audience: the lowest
 * price wins, ties go to the promotion that ends first; rules never stack. Null when none lowers it.
 */
export function bestPromo(audience: Audience, item: { id: number; price: number; brandId: number; sectionId: number }, now = Date.now()): { price: number; rule: PromoRule } | null {
  const base = toKopecks(item.price);
  let best: { kop: Kopecks; rule: PromoRule } | null = null;
  for (const r of runningRules(audience, now)) {
    if (!covers(r, item)) continue;
    const kop = ruleKopecks(r, base);
    if (kop < base && (!best || kop < best.kop || (kop === best.kop && r.endsAt < best.rule.endsAt))) best = { kop, rule: r };
  }
  return best && { price: fromKopecks(best.kop), rule: best.rule };
}

export function badgeOf(r: PromoRule): PromoBadge {
  return { code: r.code, title: r.title, color: r.color, url: `/actions/${r.code}/`, endsAt: new Date(r.endsAt).toISOString(), percent: r.percent };
}

/**
 * The same rules in SQL, one `CASE WHEN covered THEN promotion price END` per running rule over a
 * row's retail price and its id, brand and section columns, for the caller's LEAST (PostgreSQL's
 * LEAST skips the NULLs of rules that do not cover the row). Exactly `bestPromo`'s prices:
 * `discountKopecks` and `round(price × (100 − p)) / 100` are one rule (../lib/money.ts). Empty: no rule runs.
 */
export function promoSqlParts(audience: Audience, cols: { id: SQL; price: SQL; brand: SQL; section: SQL }, now = Date.now()): SQL[] {
  return runningRules(audience, now).map((r) => {
    const when = coverSql(r, cols);
    const price = r.percent !== null ? discountedSql(cols.price, sql`${r.percent}::numeric`) : sql`LEAST(${cols.price}, ${fromKopecks(r.fixed!)}::numeric)`;
    return sql`CASE WHEN ${when} THEN ${price} END`;
  });
}

/** `covers` in SQL: the rows of products this rule covers. */
function coverSql(r: PromoRule, cols: { id: SQL; brand: SQL; section: SQL }): SQL {
  const ids = (s: Iterable<number>) => sql.join([...s].map((id) => sql`${id}::int`), sql`, `);
  const conds: SQL[] = [];
  if (r.productIds.size) conds.push(sql`${cols.id} IN (${ids(r.productIds)})`);
  if (!r.byArticleOnly) {
    const inSection = r.sectionIds ? (r.sectionIds.size ? sql`${cols.section} IN (${ids(r.sectionIds)})` : sql`false`) : sql`true`;
    const ofBrand = r.brandIds ? (r.brandIds.size ? sql`${cols.brand} IN (${ids(r.brandIds)})` : sql`false`) : sql`true`;
    conds.push(sql`(${inSection} AND ${ofBrand})`);
  }
  return conds.length ? sql.join(conds, sql` OR `) : sql`false`;
}

/**
 * The products a promotion's price rule covers, as a condition on `products` (undefined: it has no
 * rule): its page lists them beside the ones the editor referenced, so the shopper sees what the
 * promotion makes cheaper.
 */
export async function promotionCoverage(db: Db, code: string): Promise<SQL | undefined> {
  const [rule] = await readPromoRules(db, new Date(), code);
  return rule && coverSql(rule, { id: sql`${products.id}`, brand: sql`${products.brandId}`, section: sql`${products.sectionId}` });
}
