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

/**
 * What of the referenced products touches what someone buys: the names of the sections (bought
 * from) and brands (bought) they share, a few of each (personal area, "promotions for me").
 */
export async function refsTouching(db: Db, refs: ProductRefs, bought: { sectionIds: number[]; brandIds: number[] }, limit = 3): Promise<{ sections: string[]; brands: string[] }> {
  const where = refsCondition(db, refs);
  if (!where) return { sections: [], brands: [] };
  const [sectionRows, brandRows] = await Promise.all([
    bought.sectionIds.length
      ? db.selectDistinct({ name: sections.name }).from(products).innerJoin(sections, eq(sections.id, products.sectionId)).where(and(eq(products.active, true), where, inArray(products.sectionId, bought.sectionIds))).orderBy(sections.name).limit(limit)
      : Promise.resolve([]),
    bought.brandIds.length
      ? db.selectDistinct({ name: brands.name }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(and(eq(products.active, true), where, inArray(products.brandId, bought.brandIds))).orderBy(brands.name).limit(limit)
      : Promise.resolve([]),
  ]);
  return { sections: sectionRows.map((r) => r.name), brands: brandRows.map((r) => r.name) };
}
