/**
 * 1C's warehouses and the branch each one's stock counts for (decision 0200, «Склады → филиалы»).
 *
 * The offer import keeps what 1C said each warehouse holds (`warehouse_stocks`, written in catalog.ts `flushOffers`),
 * besides the per-branch sums it writes to `stocks`. So when a manager remaps a warehouse in the desk
 * (/desk/exchange/warehouses/), the stock of every product that warehouse holds is re-aggregated at once
 * from 1C's own figures — the product page shows it in the new branch without waiting for 1C's next
 * offers package. Plain INSERT/UPDATE/DELETE on `stocks`: the stock triggers keep `products.stock_qty`
 * and write the change log, so cached pages and search follow on every node.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, warehouseBranches, warehouseStocks } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { logStaff } from '../desk/log';
import { rowsOf } from '../db/rows';
import { t } from '../../i18n';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type WarehouseRow = { id: string; name: string; branch_id: number | null; products: number; units: number };
export type BranchOption = { id: number; name: string; city: string };

/** The desk's list: every warehouse 1C has sent, its branch, and how much 1C last said it holds. */
export async function listWarehouses(db: Db): Promise<{ warehouses: WarehouseRow[]; branches: BranchOption[] }> {
  const [rows, branchList] = await Promise.all([
    db
      .select({
        id: warehouseBranches.externalId,
        name: warehouseBranches.name,
        branchId: warehouseBranches.branchId,
        products: sql<number>`(SELECT count(*) FROM warehouse_stocks ws WHERE ws.warehouse_id = ${warehouseBranches.externalId} AND ws.quantity > 0)::int`,
        units: sql<number>`(SELECT COALESCE(sum(ws.quantity), 0) FROM warehouse_stocks ws WHERE ws.warehouse_id = ${warehouseBranches.externalId})::int`,
      })
      .from(warehouseBranches)
      .orderBy(asc(warehouseBranches.name), asc(warehouseBranches.externalId)),
    db.select({ id: branches.id, name: branches.name, city: branches.city }).from(branches).orderBy(asc(branches.sort), asc(branches.id)),
  ]);
  return { warehouses: rows.map((r) => ({ id: r.id, name: r.name, branch_id: r.branchId, products: Number(r.products), units: Number(r.units) })), branches: branchList };
}

/**
 * Saves a manager's mapping (warehouse Ид → branch id, or null: «не показывать остатки») and moves the
 * stock: every product held by a warehouse whose branch changed gets its `stocks` rebuilt from
 * `warehouse_stocks` under the new mapping, in the same transaction. Unknown warehouses or branches: 422,
 * nothing saved. Logged in the desk journal.
 */
export async function saveWarehouseMap(db: Db, staff: Viewer, mapping: { id: string; branch_id: number | null }[]): Promise<{ changed: number; products: number }> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(mapping.map((m) => m.id))];
    if (ids.length !== mapping.length) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'warehouses', message: t('WH_ERR_TWICE') }]);
    const known = ids.length ? await tx.select({ id: warehouseBranches.externalId, branchId: warehouseBranches.branchId }).from(warehouseBranches).where(inArray(warehouseBranches.externalId, ids)) : [];
    const current = new Map(known.map((k) => [k.id, k.branchId]));
    const unknown = ids.find((id) => !current.has(id));
    if (unknown !== undefined) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'warehouses', message: t('WH_ERR_UNKNOWN').replace('{id}', unknown) }]);
    const branchIds = [...new Set(mapping.flatMap((m) => (m.branch_id === null ? [] : [m.branch_id])))];
    const branchRows = branchIds.length ? await tx.select({ id: branches.id }).from(branches).where(inArray(branches.id, branchIds)) : [];
    if (branchRows.length !== branchIds.length) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'warehouses', message: t('WH_ERR_BRANCH') }]);
    const changed = mapping.filter((m) => current.get(m.id) !== m.branch_id);
    if (!changed.length) return { changed: 0, products: 0 };
    for (const m of changed) await tx.update(warehouseBranches).set({ branchId: m.branch_id }).where(eq(warehouseBranches.externalId, m.id));
    const products = await restock(tx, changed.map((m) => m.id));
    await logStaff(tx, staff.id, 'exchange.warehouses', { kind: 'warehouses', id: changed.length === 1 ? changed[0]!.id : `${changed.length}` }, {
      warehouses: changed.map((m) => ({ id: m.id, from: current.get(m.id) ?? null, to: m.branch_id })),
      products,
    });
    return { changed: changed.length, products };
  });
}

/**
 * Rebuilds `stocks` of every product the given warehouses hold from 1C's per-warehouse figures and the
 * current mapping (a branch's figure is the sum of its warehouses'). Products with no per-warehouse
 * figures (imported before they were kept, or offers with a bare Количество) are left as they are.
 */
async function restock(tx: Tx, warehouseIds: string[]): Promise<number> {
  const affected = sql`(SELECT DISTINCT product_id FROM warehouse_stocks WHERE warehouse_id IN (${sql.join(warehouseIds.map((id) => sql`${id}`), sql`, `)}))`;
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM ${affected} a`));
  if (!Number(n)) return 0;
  const wanted = sql`
    SELECT ws.product_id, wb.branch_id, sum(ws.quantity)::int AS quantity
    FROM warehouse_stocks ws JOIN warehouse_branches wb ON wb.external_id = ws.warehouse_id
    WHERE wb.branch_id IS NOT NULL AND ws.product_id IN ${affected}
    GROUP BY ws.product_id, wb.branch_id`;
  // Branches that no longer get anything from these products' warehouses hold none of them.
  await tx.execute(sql`
    DELETE FROM stocks s
    WHERE s.product_id IN ${affected}
      AND NOT EXISTS (SELECT 1 FROM (${wanted}) w WHERE w.product_id = s.product_id AND w.branch_id = s.branch_id)`);
  // Only figures that differ are written, so the change log carries the products that really changed.
  await tx.execute(sql`
    INSERT INTO stocks (product_id, branch_id, quantity)
    SELECT product_id, branch_id, quantity FROM (${wanted}) w
    ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = excluded.quantity
    WHERE stocks.quantity IS DISTINCT FROM excluded.quantity`);
  return Number(n);
}
