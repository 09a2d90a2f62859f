/**
 * How many units of one product a basket may hold (spec §6 integrity: whole numbers within stock).
 * In stock → up to the stock across branches (`products.stock_qty`: the one stock total, kept by
 * triggers); sold "под заказ" (can_buy, no stock) → up to ON_ORDER_LIMIT; not for sale → nothing. The limit is computed inside SQL so that the atomic
 * upserts of the basket check it in the same statement that changes the quantity.
 */
import { sql, type SQL } from 'drizzle-orm';

export const ON_ORDER_LIMIT = 9999;
/** A hard ceiling for any input quantity, far above every real limit. */
export const MAX_INPUT_QUANTITY = 99_999;

/** SQL: the quantity limit of the product whose id is `productId` (an SQL expression). */
export function limitSql(productId: SQL): SQL<number> {
  return sql<number>`(SELECT CASE
      WHEN NOT p.active OR NOT p.can_buy THEN 0
      WHEN p.stock_qty > 0 THEN p.stock_qty
      ELSE ${ON_ORDER_LIMIT} END
    FROM products p WHERE p.id = ${productId})`;
}

export function limitOf(stock: number, canBuy: boolean, active = true): number {
  if (!active || !canBuy) return 0;
  return stock > 0 ? stock : ON_ORDER_LIMIT;
}
