/** Where to buy (spec §7 web/where_to_buy/): partner shops, online and offline, by city and type. */
import { and, asc, count, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shops } from '../db/schema';
import { pageNavigation, type PageNavigation } from '../http/paging';

export const SHOPS_PAGE_SIZE = 10;

/** A shop as stored (the schema is the one definition of its fields). */
export type Shop = Omit<typeof shops.$inferSelect, 'sort'>;

export type MapPoint = { id: number; name: string; address: string; lat: number; lng: number };

export type WhereToBuy = {
  items: Shop[];
  /** Every offline shop matching the city filter, for the map (not paginated). */
  allStores: MapPoint[];
  /** Counts under the current city filter (online shops deliver everywhere, so they always count). */
  shopsCount: { all: number; online: number; offline: number };
  pageNavigation: PageNavigation;
  cities: { name: string; count: number }[];
};

export type WhereToBuyQuery = { page: number; by?: 'online' | 'offline'; city?: string; pageSize?: number };

/** The list's filter: a city keeps online shops (they deliver there) unless only offline ones are asked for. */
function listFilter(q: WhereToBuyQuery): SQL | undefined {
  const city = q.city ? eq(shops.city, q.city) : undefined;
  if (q.by === 'online') return eq(shops.kind, 'online');
  if (q.by === 'offline') return and(eq(shops.kind, 'offline'), city);
  return city ? or(city, eq(shops.kind, 'online')) : undefined;
}

export async function whereToBuy(db: Db, q: WhereToBuyQuery): Promise<WhereToBuy> {
  const pageSize = q.pageSize ?? SHOPS_PAGE_SIZE;
  const offlineHere = and(eq(shops.kind, 'offline'), q.city ? eq(shops.city, q.city) : undefined);
  const [[offline], [online], cityRows, points] = await Promise.all([
    db.select({ n: count() }).from(shops).where(offlineHere),
    db.select({ n: count() }).from(shops).where(eq(shops.kind, 'online')),
    db.select({ name: shops.city, n: count() }).from(shops).where(and(eq(shops.kind, 'offline'), isNotNull(shops.city))).groupBy(shops.city).orderBy(asc(shops.city)),
    q.by === 'online'
      ? Promise.resolve([])
      : db
          .select({ id: shops.id, name: shops.name, address: shops.address, lat: shops.lat, lng: shops.lng })
          .from(shops)
          .where(and(offlineHere, isNotNull(shops.lat), isNotNull(shops.lng)))
          .orderBy(asc(shops.sort), asc(shops.id)),
  ]);
  const counts = { online: Number(online?.n ?? 0), offline: Number(offline?.n ?? 0) };
  const total = q.by === 'online' ? counts.online : q.by === 'offline' ? counts.offline : counts.online + counts.offline;
  const items = await db
    .select()
    .from(shops)
    .where(listFilter(q))
    // Offline shops first: on a city page the nearby ones matter most.
    .orderBy(asc(shops.kind), asc(shops.sort), asc(shops.id))
    .limit(pageSize)
    .offset((q.page - 1) * pageSize);
  return {
    items: items.map((s) => ({ id: s.id, name: s.name, kind: s.kind, city: s.city, address: s.address, url: s.url, phone: s.phone, hours: s.hours, lat: s.lat, lng: s.lng })),
    allStores: points.map((p) => ({ id: p.id, name: p.name, address: p.address ?? '', lat: p.lat!, lng: p.lng! })),
    shopsCount: { all: counts.online + counts.offline, ...counts },
    pageNavigation: pageNavigation(total, q.page, pageSize),
    cities: cityRows.map((c) => ({ name: c.name!, count: Number(c.n) })),
  };
}

import { z } from 'astro/zod';
import { zPage } from '../http/zod';

/** Query of GET web/where_to_buy/ and the /where-buy/ page: ?page, by (online|offline, empty = all), city. */
export const whereToBuyQuery = z.object({
  page: zPage,
  by: z
    .enum(['online', 'offline', 'all', ''], { error: 'допустимо online, offline или пустое значение' })
    .optional()
    .transform((v) => (v === 'online' || v === 'offline' ? v : undefined)),
  city: z
    .string()
    .trim()
    .max(60, { message: 'не длиннее 60 символов' })
    .optional()
    .transform((v) => v || undefined),
});
