/**
 * A demo basket (the contractor admin admin@stroymontazh.by's, and each e2e data set admin's): a few
 * positions from different sections at contractor prices, and one product that has since gone out of
 * sale, so the basket page shows its inactive block from the first visit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function seedDemoBasket(db: Db, ownerKey = 'u:demo-admin'): Promise<void> {
  await db.execute(sql`
    WITH b AS (INSERT INTO baskets (owner_key) VALUES (${ownerKey}) ON CONFLICT (owner_key) DO UPDATE SET updated_at = now() RETURNING id),
    buyable AS (
      SELECT DISTINCT ON (p.section_id) p.id FROM products p
      WHERE p.can_buy AND p.active AND EXISTS (SELECT 1 FROM stocks s WHERE s.product_id = p.id AND s.quantity >= 5)
      ORDER BY p.section_id, p.id LIMIT 6),
    gone AS (SELECT p.id FROM products p WHERE NOT p.can_buy ORDER BY p.id LIMIT 1)
    INSERT INTO basket_items (basket_id, product_id, quantity)
    SELECT b.id, x.id, CASE WHEN x.gone THEN 1 ELSE 2 END
    FROM b, (SELECT id, false AS gone FROM buyable UNION ALL SELECT id, true FROM gone) x
    ON CONFLICT DO NOTHING`);
}
