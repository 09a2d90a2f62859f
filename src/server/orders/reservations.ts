/**
 * Stock an order holds. Taking and giving back happen inside the caller's transaction (the order
 * insert, or the status change to cancelled), so an order and its stock change are never apart.
 * `products.stock_qty` follows by the triggers on `stocks` (migration 0005).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { affectedRows, queryRows } from '../db/rows';

export type StockMap = Map<number, Map<number, number>>;
export type Take = { productId: number; branchId: number; quantity: number };

/**
 * Reads and row-locks the stock of these products (in one fixed order, so two checkouts of the
 * same products queue instead of deadlocking). Until the transaction ends nobody else takes them.
 */
export async function lockStock(tx: Db, productIds: number[]): Promise<StockMap> {
  const map: StockMap = new Map(productIds.map((id) => [id, new Map()]));
  if (!productIds.length) return map;
  const ids = sql.join([...new Set(productIds)].sort((a, b) => a - b).map((id) => sql`${id}`), sql`, `);
  const rows = await queryRows<{ product_id: number; branch_id: number; quantity: number }>(
    tx,
    sql`SELECT product_id, branch_id, quantity FROM stocks WHERE product_id IN (${ids}) ORDER BY product_id, branch_id FOR UPDATE`,
  );
  for (const r of rows) if (Number(r.quantity) > 0) map.get(Number(r.product_id))!.set(Number(r.branch_id), Number(r.quantity));
  return map;
}

/**
 * Takes the units from `stocks` and records what was taken. The update is conditional on enough
 * being there, so even without the lock above stock could never go below zero: a shortfall throws
 * and the caller's transaction rolls back.
 */
export async function takeStock(tx: Db, orderId: number, takes: Take[]): Promise<void> {
  if (!takes.length) return;
  const values = sql.join(takes.map((t) => sql`(${t.productId}::int, ${t.branchId}::int, ${t.quantity}::int)`), sql`, `);
  const updated = await tx.execute(sql`
    UPDATE stocks s SET quantity = s.quantity - v.n
    FROM (VALUES ${values}) AS v(p, b, n)
    WHERE s.product_id = v.p AND s.branch_id = v.b AND s.quantity >= v.n
    RETURNING s.product_id`);
  if (affectedRows(updated) !== takes.length) throw new Error('stock changed under a lock');
  await tx.execute(sql`INSERT INTO order_reservations (order_id, product_id, branch_id, quantity) SELECT ${orderId}::int, v.p, v.b, v.n FROM (VALUES ${values}) AS v(p, b, n)`);
}

/** Gives back everything order `orderId` still holds; returns the units given back. */
export async function releaseStock(tx: Db, orderId: number): Promise<number> {
  const released = await queryRows<{ product_id: number; branch_id: number; quantity: number }>(
    tx,
    sql`UPDATE order_reservations SET released_at = now() WHERE order_id = ${orderId} AND released_at IS NULL RETURNING product_id, branch_id, quantity`,
  );
  if (!released.length) return 0;
  const values = sql.join(released.map((r) => sql`(${Number(r.product_id)}::int, ${Number(r.branch_id)}::int, ${Number(r.quantity)}::int)`), sql`, `);
  await tx.execute(sql`
    INSERT INTO stocks (product_id, branch_id, quantity) SELECT v.p, v.b, v.n FROM (VALUES ${values}) AS v(p, b, n)
    ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = stocks.quantity + excluded.quantity`);
  return released.reduce((s, r) => s + Number(r.quantity), 0);
}
