import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products, sections } from '../db/schema';

/** Brand colour and level-1 section icon of a product: what its picture is drawn from. */
export async function imageFacts(db: Db, productId: number): Promise<{ color: string; icon: string; count: number } | null> {
  const [row] = await db
    .select({
      color: brands.color,
      count: products.imageCount,
      icon: sql<string>`(WITH RECURSIVE up AS (SELECT id, parent_id, icon FROM ${sections} WHERE id = ${products.sectionId}
             UNION ALL SELECT s.id, s.parent_id, s.icon FROM ${sections} s JOIN up ON s.id = up.parent_id)
             SELECT icon FROM up WHERE parent_id IS NULL LIMIT 1)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ? { color: row.color, icon: row.icon ?? 'drill', count: row.count } : null;
}
