import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { drawingFor } from './drawings';
import type { ImageSource } from './product-image';

type FactsRow = { color: string; image_count: number; codes: string[]; icon: string | null; hash: string | null };

/**
 * What picture `index` of a product is made from: its imported photo at that position, else the
 * drawing of its kind (by its section and the sections above it) in its brand's colour.
 * Null: no such product, or no picture with that index.
 */
export async function imageSource(db: Db, productId: number, index: number): Promise<ImageSource | null> {
  const [row] = await queryRows<FactsRow>(
    db,
    sql`SELECT b.color, p.image_count,
          (WITH RECURSIVE up AS (SELECT id, parent_id, code, icon, 0 AS depth FROM sections WHERE id = p.section_id
             UNION ALL SELECT s.id, s.parent_id, s.code, s.icon, up.depth + 1 FROM sections s JOIN up ON s.id = up.parent_id)
           SELECT json_agg(code ORDER BY depth) FROM up) AS codes,
          (WITH RECURSIVE up AS (SELECT id, parent_id, icon FROM sections WHERE id = p.section_id
             UNION ALL SELECT s.id, s.parent_id, s.icon FROM sections s JOIN up ON s.id = up.parent_id)
           SELECT icon FROM up WHERE parent_id IS NULL LIMIT 1) AS icon,
          pi.hash
        FROM products p
        JOIN brands b ON b.id = p.brand_id
        LEFT JOIN product_images pi ON pi.product_id = p.id AND pi.position = ${index}
        WHERE p.id = ${productId}
        LIMIT 1`,
  );
  if (!row || index >= Math.max(1, Number(row.image_count))) return null;
  if (row.hash) return { kind: 'photo', hash: row.hash };
  return { kind: 'drawing', drawing: drawingFor(row.codes ?? [], row.icon), color: row.color, index };
}
