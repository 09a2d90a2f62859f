/** Products an editor referenced from a promotion or a media item (by section code and/or article). */
import { inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, sections } from '../db/schema';
import { productCards, type ProductCard } from '../catalog/cards';

export type ProductRefs = { sections: string[]; articles: string[]; limit: number };

export function refsCondition(db: Db, refs: ProductRefs): SQL | undefined {
  const parts: SQL[] = [];
  if (refs.sections.length) parts.push(inArray(products.sectionId, db.select({ id: sections.id }).from(sections).where(inArray(sections.code, refs.sections))));
  if (refs.articles.length) parts.push(inArray(products.article, refs.articles));
  return parts.length ? or(...parts) : undefined;
}

/** Current cards (price, stock) of the referenced products, most popular first. */
export async function referencedProducts(db: Db, refs: ProductRefs, limit = refs.limit, offset = 0): Promise<ProductCard[]> {
  const where = refsCondition(db, refs);
  if (!where) return [];
  return productCards(db, { where, limit, offset });
}

/** Does a product (by its section code and article) fall under these references? */
export function refsInclude(refs: ProductRefs, product: { sectionCode: string; article: string }): boolean {
  return refs.sections.includes(product.sectionCode) || refs.articles.includes(product.article);
}
