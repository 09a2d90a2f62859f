/** Products an editor referenced from a promotion or a media item (by section code and/or article). */
import type { Pricing } from '../catalog/pricing';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products, sections } from '../db/schema';
import { productCards, type ProductCard } from '../catalog/cards';

export type ProductRefs = { sections: string[]; articles: string[]; limit: number };

/** A section code may name any level of the catalogue: its whole subtree takes part. */
export function refsCondition(_db: Db, refs: ProductRefs): SQL | undefined {
  const parts: SQL[] = [];
  if (refs.sections.length) {
    const codes = sql.join(refs.sections.map((c) => sql`${c}`), sql`, `);
    parts.push(sql`${products.sectionId} IN (WITH RECURSIVE tree AS (SELECT id FROM sections WHERE code IN (${codes}) UNION ALL SELECT s.id FROM sections s JOIN tree ON s.parent_id = tree.id) SELECT id FROM tree)`);
  }
  if (refs.articles.length) parts.push(inArray(products.article, refs.articles));
  return parts.length ? or(...parts) : undefined;
}

/** Current cards (price, stock) of the referenced products, most popular first. */
export async function referencedProducts(db: Db, pricing: Pricing | null, refs: ProductRefs, limit = refs.limit, offset = 0): Promise<ProductCard[]> {
  const where = refsCondition(db, refs);
  if (!where) return [];
  return productCards(db, pricing, { where, limit, offset });
}

/** Does a product (by the codes of its section and the section's ancestors, and its article) fall under these references? */
export function refsInclude(refs: ProductRefs, product: { sectionCodes: string[]; article: string }): boolean {
  return product.sectionCodes.some((c) => refs.sections.includes(c)) || refs.articles.includes(product.article);
}

/** The sections and brands (id → name) of the active products a set of references covers. */
type Reach = { sections: Map<number, string>; brands: Map<number, string> };

/**
 * Reaches read once per node and kept until the change log reports a catalogue or content change
 * (changes/follow.ts calls `forgetRefReach`): a running promotion's reach is the same for every viewer, and
 * at 100,000 products reading it per promotion per summary cost more than the rest of the page.
 */
let reaches = new WeakMap<Db, Map<string, { at: number; reach: Promise<Reach> }>>();
/** More distinct reference sets than any store runs promotions and media at once: a bound, not a working size. */
const REACH_KEPT = 500;
/** A backstop for a process that does not follow the change log (a script, a test calling services): re-read this often. */
const REACH_MAX_AGE_MS = 60_000;

export function forgetRefReach(): void {
  reaches = new WeakMap();
}

function reachOf(db: Db, refs: ProductRefs, where: SQL): Promise<Reach> {
  const key = JSON.stringify([refs.sections, refs.articles]);
  let kept = reaches.get(db);
  if (!kept) reaches.set(db, (kept = new Map()));
  const known = kept.get(key);
  if (known && Date.now() - known.at < REACH_MAX_AGE_MS) return known.reach;
  if (kept.size >= REACH_KEPT) kept.clear();
  const reach = Promise.all([
    db.selectDistinct({ id: sections.id, name: sections.name }).from(products).innerJoin(sections, eq(sections.id, products.sectionId)).where(and(eq(products.active, true), where)),
    db.selectDistinct({ id: brands.id, name: brands.name }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(and(eq(products.active, true), where)),
  ]).then(([s, b]) => ({ sections: new Map(s.map((r) => [r.id, r.name])), brands: new Map(b.map((r) => [r.id, r.name])) }));
  const mine = kept;
  mine.set(key, { at: Date.now(), reach });
  reach.catch(() => mine.delete(key));
  return reach;
}

/**
 * What of the referenced products touches what someone buys: the names of the sections (bought
 * from) and brands (bought) they share, a few of each in name order (personal area, "promotions for me").
 */
export async function refsTouching(db: Db, refs: ProductRefs, bought: { sectionIds: number[]; brandIds: number[] }, limit = 3): Promise<{ sections: string[]; brands: string[] }> {
  const where = refsCondition(db, refs);
  if (!where || (!bought.sectionIds.length && !bought.brandIds.length)) return { sections: [], brands: [] };
  const reach = await reachOf(db, refs, where);
  const shared = (names: Map<number, string>, ids: number[]) =>
    [...new Set(ids.map((id) => names.get(id)).filter((n): n is string => n !== undefined))].sort((a, b) => a.localeCompare(b, 'ru')).slice(0, limit);
  return { sections: shared(reach.sections, bought.sectionIds), brands: shared(reach.brands, bought.brandIds) };
}
