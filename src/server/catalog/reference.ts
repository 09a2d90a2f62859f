/**
 * Small reference data every listing needs (brands, each section's properties and their values, the branches),
 * kept per node for a short while like the section tree: it changes rarely, and a TTL keeps
 * several app nodes consistent without a shared bus.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, brands, products, sectionProperties } from '../db/schema';

type BranchRow = typeof branches.$inferSelect;
import { valueSlug } from './filters';
import { queryRows } from '../db/rows';

export type BrandRef = { id: number; code: string; name: string; nameCyr: string | null; country: string | null; color: string; description: string | null; sort: number; url: string; updatedAt: Date };
export type Brands = { list: BrandRef[]; byId: Map<number, BrandRef>; byCode: Map<string, BrandRef> };

export type PropDef = { code: string; name: string; unit: string | null; kind: 'number' | 'enum'; sort: number };
export type PropValue = { value: string; slug: string; label: string };

const TTL_MS = 30_000;
const VALUES_TTL_MS = 300_000;

const memos: Map<string, unknown>[] = [];

function memo<T>(ttl: number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  memos.push(entries);
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at <= ttl) return hit.value;
    // Promise.resolve: a loader may hand back a drizzle query, a thenable that runs again on every await.
    const value = Promise.resolve(load());
    entries.set(key, { at: Date.now(), value });
    value.catch(() => entries.delete(key));
    if (entries.size > 500) entries.delete(entries.keys().next().value!);
    return value;
  };
}

const brandsMemo = memo<Brands>(TTL_MS);
const propsMemo = memo<Map<number, PropDef[]>>(TTL_MS);
const valuesMemo = memo<Map<string, PropValue[]>>(VALUES_TTL_MS);
const branchesMemo = memo<BranchRow[]>(TTL_MS);

/**
 * The branches in their order, for what a page shows (a product's pickup promise, the checkout's options). A branch
 * write logs a catalogue-wide change, which drops this on every node (changes/follow.ts); placing an order reads
 * them afresh (checkout/availability.ts `allBranches`).
 */
export function cachedBranches(db: Db): Promise<BranchRow[]> {
  return branchesMemo('all', () => db.select().from(branches).orderBy(asc(branches.sort), asc(branches.id)));
}

export function cachedBrands(db: Db): Promise<Brands> {
  return brandsMemo('all', async () => {
    const rows = await db.select().from(brands).orderBy(asc(brands.sort), asc(brands.name));
    const list = rows.map((b) => ({ id: b.id, code: b.code, name: b.name, nameCyr: b.nameCyr, country: b.country, color: b.color, description: b.description, sort: b.sort, url: `/brands/${b.code}/`, updatedAt: b.updatedAt }));
    return { list, byId: new Map(list.map((b) => [b.id, b])), byCode: new Map(list.map((b) => [b.code, b])) };
  });
}

/** Filterable properties by section id (only leaf sections have them). */
export function cachedSectionProps(db: Db): Promise<Map<number, PropDef[]>> {
  return propsMemo('all', async () => {
    const rows = await db.select().from(sectionProperties).where(eq(sectionProperties.filterable, true)).orderBy(asc(sectionProperties.sectionId), asc(sectionProperties.sort));
    const map = new Map<number, PropDef[]>();
    for (const r of rows) {
      const list = map.get(r.sectionId) ?? [];
      list.push({ code: r.code, name: r.name, unit: r.unit, kind: r.kind, sort: r.sort });
      map.set(r.sectionId, list);
    }
    return map;
  });
}

const numeric = (a: PropValue, b: PropValue) => {
  const x = Number(a.value);
  const y = Number(b.value);
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.label.localeCompare(b.label, 'ru');
};

export function formatPropValue(value: string, unit: string | null): string {
  const shown = /^\d+\.\d+$/.test(value) ? value.replace('.', ',') : value;
  return unit ? `${shown} ${unit}` : shown;
}

/** Every value each property of a leaf section takes, with its URL slug (for parsing filter URLs). */
export function cachedPropValues(db: Db, sectionId: number, defs: PropDef[]): Promise<Map<string, PropValue[]>> {
  return valuesMemo(String(sectionId), async () => {
    const rows = await queryRows<{ key: string; value: string }>(
      db,
      sql`SELECT kv.key, kv.value FROM ${products} p, jsonb_each_text(p.properties) kv WHERE p.section_id = ${sectionId} AND p.active GROUP BY 1, 2`,
    );
    const units = new Map(defs.map((d) => [d.code, d.unit]));
    const map = new Map<string, PropValue[]>();
    for (const r of rows) {
      if (!units.has(r.key)) continue;
      const list = map.get(r.key) ?? [];
      list.push({ value: r.value, slug: valueSlug(r.value), label: formatPropValue(r.value, units.get(r.key) ?? null) });
      map.set(r.key, list);
    }
    for (const list of map.values()) list.sort(numeric);
    return map;
  });
}

/** Forget every cached reference (after data changes on this node). */
export function forgetReference(): void {
  for (const m of memos) m.clear();
}
