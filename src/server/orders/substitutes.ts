/**
 * A substitute for an order line that can no longer be bought (issue 30): an active, buyable product
 * in stock from the same leaf section whose key properties are closest — the properties the section's
 * filters use (`catalog/reference.ts cachedSectionProps`), since those are what a buyer chose the old
 * one by. Ties go to the price closest to what the line cost, then to the lower id (the same answer
 * on every call: the copy call re-derives the substitutes the preview showed, decision 0120).
 *
 * The distance is pure (`propertyDistance`), so it is unit-tested without a database.
 */
import { and, desc, eq, gt, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ProductProperties } from '../db/schema';
import { products } from '../db/schema';
import { cachedSectionProps, type PropDef } from '../catalog/reference';
import { personalPrice, preparePrices, type Pricing } from '../catalog/pricing';
import { toKopecks } from '../lib/money';

/** How many of a section's products are weighed per line: the most popular first, so a huge imported section stays one bounded read. */
export const SUBSTITUTE_CANDIDATES = 500;

/**
 * How far `b`'s key properties are from `a`'s: per numeric property the relative difference
 * (|a − b| / max(|a|, |b|), 0..1), per enum property 0 when equal and 1 when not; a property one of
 * them lacks counts 1 (unknown is as far as different), one both lack counts 0.
 */
export function propertyDistance(a: ProductProperties, b: ProductProperties, defs: readonly Pick<PropDef, 'code' | 'kind'>[]): number {
  let sum = 0;
  for (const d of defs) {
    const x = a[d.code];
    const y = b[d.code];
    if (x === undefined && y === undefined) continue;
    if (x === undefined || y === undefined) {
      sum += 1;
      continue;
    }
    if (d.kind === 'number') {
      const nx = Number(x);
      const ny = Number(y);
      if (!Number.isFinite(nx) || !Number.isFinite(ny)) sum += String(x) === String(y) ? 0 : 1;
      else {
        const scale = Math.max(Math.abs(nx), Math.abs(ny));
        sum += scale === 0 ? 0 : Math.abs(nx - ny) / scale;
      }
    } else sum += String(x).trim().toLowerCase() === String(y).trim().toLowerCase() ? 0 : 1;
  }
  return sum;
}

export type SubstituteFor = { key: number; sectionId: number; properties: ProductProperties; /** What the line cost (BYN): the tie-break's reference. */ priceThen: number };
export type Substitute = { id: number; name: string; article: string; code: string; price: number; stock: number };

/**
 * The best substitute per line (keyed by `key`), or none when the section has no product to offer.
 * `exclude`: products never offered (the order's own lines — the buyer already has those to tick).
 * Prices are the viewer's (`personalPrice`), so the tie-break and what is shown are what he would pay.
 */
export async function findSubstitutes(db: Db, pricing: Pricing | null, lines: readonly SubstituteFor[], exclude: readonly number[]): Promise<Map<number, Substitute>> {
  const out = new Map<number, Substitute>();
  if (!lines.length) return out;
  const props = await cachedSectionProps(db);
  const candidates = (sectionId: number) =>
    db
      .select({ id: products.id, name: products.name, article: products.article, code: products.code, price: products.price, brandId: products.brandId, sectionId: products.sectionId, stock: products.stockQty, properties: products.properties })
      .from(products)
      .where(and(eq(products.sectionId, sectionId), eq(products.active, true), eq(products.canBuy, true), gt(products.stockQty, 0), exclude.length ? notInArray(products.id, [...exclude]) : undefined))
      .orderBy(desc(products.popularity), products.id)
      .limit(SUBSTITUTE_CANDIDATES);
  const bySection = new Map<number, Awaited<ReturnType<typeof candidates>>>();
  for (const sectionId of new Set(lines.map((l) => l.sectionId))) bySection.set(sectionId, await candidates(sectionId));
  await preparePrices(pricing, [...bySection.values()].flatMap((list) => list.map((c) => c.id)));
  for (const line of lines) {
    const list = bySection.get(line.sectionId) ?? [];
    const defs = props.get(line.sectionId) ?? [];
    const ref = toKopecks(line.priceThen);
    let best: { c: (typeof list)[number]; distance: number; gap: number; price: number } | null = null;
    for (const c of list) {
      const price = personalPrice(pricing, { ...c, price: Number(c.price) }) ?? Number(c.price);
      const distance = propertyDistance(line.properties, c.properties, defs);
      const gap = Math.abs(toKopecks(price) - ref);
      // Distances are sums of fractions: compare them to a tolerance so that equal properties are a tie.
      const closer = !best || distance < best.distance - 1e-9 || (Math.abs(distance - best.distance) <= 1e-9 && (gap < best.gap || (gap === best.gap && c.id < best.c.id)));
      if (closer) best = { c, distance, gap, price };
    }
    if (best) out.set(line.key, { id: best.c.id, name: best.c.name, article: best.c.article, code: best.c.code, price: best.price, stock: best.c.stock });
  }
  return out;
}
