/**
 * What the product page promises next to the price (issue 26): the nearest delivery date and its
 * cost, and when the product can be collected at the shopper's branch (their default one, else the
 * Minsk branch). Computed by the checkout's own functions — the same allocation, readiness, calendar
 * and delivery charge (`deliveryPriceFor`, which `chargeFor` uses) — for one unit at the price the
 * shopper sees, so the page never promises what the checkout would not give.
 */
import type { Db } from '../db/client';
import { FREE_DELIVERY_FROM } from '../basket/basket';
import { allocate, dispatchBranch, pickupOptions, preference, readinessOf, stockMap } from './availability';
import { dateLabel, deliveryDates } from './calendar';
import { cachedBranches } from '../catalog/reference';
import { DELIVERY_TYPE, deliveryPriceFor } from './state';

export type ProductPromise = {
  delivery: { date: string; label: string; price: number; free_from: number } | null;
  pickup: { branch: string; ready_date: string; ready_label: string; now: boolean } | null;
};

/**
 * `branchId`: the shopper's default branch (SessionUser.defaultBranchId), null for a guest or none chosen.
 * `product.stock`: its quantity per branch id when the caller has just read it (the product page), else it is read here.
 */
export async function productPromise(db: Db, product: { id: number; price: number; stock?: Map<number, number> }, branchId: number | null, now: Date = new Date()): Promise<ProductPromise> {
  const lines = [{ productId: product.id, quantity: 1 }];
  const held = product.stock;
  const [list, stock] = await Promise.all([cachedBranches(db), held ? new Map([[product.id, new Map([...held].filter(([, q]) => q > 0))]]) : stockMap(db, [product.id])]);
  if (!list.length) return { delivery: null, pickup: null };
  const home = dispatchBranch(list).id;
  const readiness = readinessOf(allocate(lines, stock, preference(list, home)), home);
  const first = deliveryDates(readiness, now)[0];
  const delivery = first ? { date: first, label: dateLabel(first, now), price: deliveryPriceFor(DELIVERY_TYPE.delivery, product.price), free_from: FREE_DELIVERY_FROM } : null;
  const options = pickupOptions(list, lines, stock, now);
  const at = options.find((o) => o.id === branchId) ?? options.find((o) => o.city === 'Минск') ?? options[0]!;
  return { delivery, pickup: { branch: at.name, ready_date: at.ready_date, ready_label: at.ready_label, now: at.all_now } };
}
