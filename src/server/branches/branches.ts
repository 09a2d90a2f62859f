/** Branches (spec §7 web/affiliates/): address, phones, hours, map point and what is in stock there. */
import type { Pricing } from '../catalog/pricing';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, products, stocks } from '../db/schema';
import { cardColumns, toCards, type ProductCard } from '../catalog/cards';
import { brands } from '../db/schema';
import { cachedSectionTree, sectionPath } from '../catalog/sections';

type BranchRow = typeof branches.$inferSelect;

export type Branch = Pick<BranchRow, 'id' | 'code' | 'city' | 'name' | 'nameGenitive' | 'address' | 'phones' | 'email' | 'hours' | 'lat' | 'lng'> & {
  url: string;
  /** Products with at least one unit here. */
  productsInStock: number;
};

function toBranch(r: BranchRow, productsInStock: number): Branch {
  return {
    id: r.id,
    code: r.code,
    city: r.city,
    name: r.name,
    nameGenitive: r.nameGenitive,
    address: r.address,
    phones: r.phones,
    email: r.email,
    hours: r.hours,
    lat: r.lat,
    lng: r.lng,
    url: `/filial/${r.code}/`,
    productsInStock,
  };
}

async function stockCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ branchId: stocks.branchId, n: count() })
    .from(stocks)
    .where(gt(stocks.quantity, 0))
    .groupBy(stocks.branchId);
  return new Map(rows.map((r) => [r.branchId, Number(r.n)]));
}

export async function listBranches(db: Db): Promise<Branch[]> {
  const [rows, counts] = await Promise.all([db.select().from(branches).orderBy(asc(branches.sort), asc(branches.id)), stockCounts(db)]);
  return rows.map((r) => toBranch(r, counts.get(r.id) ?? 0));
}

export type StockSection = { code: string; name: string; url: string; products: number };
export type BranchProduct = ProductCard & { quantityHere: number };
export type BranchDetail = Branch & { sections: StockSection[]; products: BranchProduct[] };

/** A branch by code (the canonical address) or by numeric id (spec: "Branch: code/id"). */
export async function findBranch(db: Db, codeOrId: string): Promise<BranchRow | null> {
  if (/^\d{1,9}$/.test(codeOrId)) {
    const [r] = await db.select().from(branches).where(eq(branches.id, Number(codeOrId))).limit(1);
    return r ?? null;
  }
  if (!/^[a-z0-9-]{1,60}$/.test(codeOrId)) return null;
  const [r] = await db.select().from(branches).where(eq(branches.code, codeOrId)).limit(1);
  return r ?? null;
}

/** What is in stock here: product counts by top-level catalogue section and the most popular products. */
export async function branchDetail(db: Db, pricing: Pricing | null, row: BranchRow, productLimit = 12): Promise<BranchDetail> {
  const inStockHere = and(eq(stocks.branchId, row.id), gt(stocks.quantity, 0), eq(products.active, true));
  const [bySection, top, tree] = await Promise.all([
    db.select({ sectionId: products.sectionId, n: count() }).from(stocks).innerJoin(products, eq(products.id, stocks.productId)).where(inStockHere).groupBy(products.sectionId),
    db
      .select({ ...cardColumns, quantityHere: stocks.quantity })
      .from(stocks)
      .innerJoin(products, eq(products.id, stocks.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(inStockHere)
      .orderBy(desc(products.popularity), products.id)
      .limit(productLimit),
    cachedSectionTree(db),
  ]);
  const roots = new Map<number, StockSection>();
  let total = 0;
  for (const r of bySection) {
    const node = tree.byId.get(r.sectionId);
    if (!node) continue;
    const root = sectionPath(tree, node)[0]!;
    const s = roots.get(root.id) ?? { code: root.code, name: root.name, url: root.url, products: 0 };
    s.products += Number(r.n);
    total += Number(r.n);
    roots.set(root.id, s);
  }
  const order = new Map(tree.roots.map((r, i) => [r.id, i]));
  return {
    ...toBranch(row, total),
    sections: [...roots.entries()].sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0)).map(([, s]) => s),
    products: (await toCards(top, pricing)).map((c, i) => ({ ...c, quantityHere: top[i]!.quantityHere })),
  };
}

/** schema.org LocalBusiness (a hardware store) for a branch page or the list. */
export function branchJsonLd(b: Branch, site: URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HardwareStore',
    '@id': new URL(b.url, site).href,
    name: `Инструмент.by — ${b.name}`,
    url: new URL(b.url, site).href,
    telephone: b.phones[0],
    email: b.email ?? undefined,
    address: { '@type': 'PostalAddress', streetAddress: b.address.replace(/^г\. [^,]+, /, ''), addressLocality: b.city, addressCountry: 'BY' },
    geo: { '@type': 'GeoCoordinates', latitude: b.lat, longitude: b.lng },
    openingHours: openingHours(b.hours),
  };
}




const DAYS: Record<string, string> = { Пн: 'Mo', Вт: 'Tu', Ср: 'We', Чт: 'Th', Пт: 'Fr', Сб: 'Sa', Вс: 'Su' };

/** "Пн–Пт 8:30–19:00, Сб 9:00–16:00" → ["Mo-Fr 08:30-19:00", "Sa 09:00-16:00"] (schema.org openingHours). */
export function openingHours(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const m = part.trim().match(/^(Ежедневно|(Пн|Вт|Ср|Чт|Пт|Сб|Вс)(?:[–-](Пн|Вт|Ср|Чт|Пт|Сб|Вс))?)\s+(\d{1,2}):(\d{2})[–-](\d{1,2}):(\d{2})$/);
    if (!m) continue;
    const days = m[1] === 'Ежедневно' ? 'Mo-Su' : m[3] ? `${DAYS[m[2]!]}-${DAYS[m[3]]}` : DAYS[m[2]!]!;
    out.push(`${days} ${m[4]!.padStart(2, '0')}:${m[5]}-${m[6]!.padStart(2, '0')}:${m[7]}`);
  }
  return out;
}
