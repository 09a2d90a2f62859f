/**
 * Where the goods of a basket are: stock per branch (`stocks`), and which branch gives what to an
 * order. `allocate` is pure: the same rule decides what the checkout shows and what the order
 * reserves (reserve.ts), so a buyer is never shown one thing and charged with another.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, stocks } from '../db/schema';
import { branchWeekdays, dateLabel, pickupDate, type Readiness } from './calendar';

export type Line = { productId: number; quantity: number };
/** productId → branchId → units there now. */
export type StockMap = Map<number, Map<number, number>>;
export type Take = { branchId: number; quantity: number };
export type Allocation = { productId: number; quantity: number; takes: Take[]; missing: number };

export async function stockMap(db: Db, productIds: number[]): Promise<StockMap> {
  const map: StockMap = new Map(productIds.map((id) => [id, new Map()]));
  if (!productIds.length) return map;
  const rows = await db.select().from(stocks).where(inArray(stocks.productId, productIds));
  for (const r of rows) if (r.quantity > 0) map.get(r.productId)!.set(r.branchId, r.quantity);
  return map;
}

export const totalOf = (byBranch: Map<number, number> | undefined) => [...(byBranch?.values() ?? [])].reduce((s, n) => s + n, 0);

/** Takes each line from the branches in `order` (the pickup branch first, or the central warehouse). */
export function allocate(lines: Line[], stock: StockMap, order: number[]): Allocation[] {
  return lines.map((l) => {
    const here = stock.get(l.productId) ?? new Map<number, number>();
    let left = l.quantity;
    const takes: Take[] = [];
    for (const branchId of order) {
      if (!left) break;
      const n = Math.min(left, here.get(branchId) ?? 0);
      if (n > 0) {
        takes.push({ branchId, quantity: n });
        left -= n;
      }
    }
    return { productId: l.productId, quantity: l.quantity, takes, missing: left };
  });
}

/** How far the whole order is from `home` (the pickup branch, or the dispatch warehouse). */
export function readinessOf(allocations: Allocation[], home: number): Readiness {
  if (allocations.some((a) => a.missing > 0)) return 'on_order';
  if (allocations.some((a) => a.takes.some((t) => t.branchId !== home))) return 'transfer';
  return 'here';
}

export type BranchRow = typeof branches.$inferSelect;

export async function allBranches(db: Db): Promise<BranchRow[]> {
  return db.select().from(branches).orderBy(asc(branches.sort), asc(branches.id));
}

/** The branch orders for delivery are shipped from: the first one (the Minsk warehouse). */
export const dispatchBranch = (list: BranchRow[]) => list[0]!;

/** Branch ids in the order a branch takes goods: itself first, then the rest by sort. */
export function preference(list: BranchRow[], first: number): number[] {
  return [first, ...list.map((b) => b.id).filter((id) => id !== first)];
}

export type PickupLine = { product_id: number; now: number; later: number };
export type PickupOption = {
  id: number;
  code: string;
  name: string;
  name_genitive: string;
  city: string;
  address: string;
  hours: string;
  phones: string[];
  map_url: string;
  lines: PickupLine[];
  /** Every unit of the basket is at this branch now. */
  all_now: boolean;
  readiness: Readiness;
  ready_date: string;
  /** "сегодня, пн, 23 ноября". */
  ready_label: string;
};

export function mapUrl(b: Pick<BranchRow, 'lat' | 'lng'>): string {
  return `https://www.openstreetmap.org/?mlat=${b.lat}&mlon=${b.lng}#map=17/${b.lat}/${b.lng}`;
}

/** For every branch: what it has now for these lines, what comes later, and when it can be collected. */
export function pickupOptions(list: BranchRow[], lines: Line[], stock: StockMap, now: Date = new Date()): PickupOption[] {
  return list.map((b) => {
    const alloc = allocate(lines, stock, preference(list, b.id));
    const readiness = readinessOf(alloc, b.id);
    const rows = alloc.map((a) => {
      const here = a.takes.find((t) => t.branchId === b.id)?.quantity ?? 0;
      return { product_id: a.productId, now: here, later: a.quantity - here };
    });
    const ready = pickupDate(readiness, branchWeekdays(b.hours), now);
    return {
      id: b.id,
      code: b.code,
      name: b.name,
      name_genitive: b.nameGenitive,
      city: b.city,
      address: b.address,
      hours: b.hours,
      phones: b.phones,
      map_url: mapUrl(b),
      lines: rows,
      all_now: rows.every((r) => r.later === 0),
      readiness,
      ready_date: ready,
      ready_label: dateLabel(ready, now),
    };
  });
}
