/** GET api/header/: the three id sets the header counters and product buttons need (spec §3). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { basketItems, baskets, compareItems, favorites } from '../db/schema';

export type HeaderData = {
  basket: number[];
  compare: number[];
  favorites: number[];
  user: { name: string; email: string; isContragentAdmin: boolean } | null;
};

export async function headerData(db: Db, owner: string | null, user: HeaderData['user']): Promise<HeaderData> {
  if (!owner) return { basket: [], compare: [], favorites: [], user };
  const [basketRows, compareRows, favoriteRows] = await Promise.all([
    db
      .select({ id: basketItems.productId })
      .from(basketItems)
      .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
      .where(eq(baskets.ownerKey, owner))
      .orderBy(asc(basketItems.addedAt)),
    db.select({ id: compareItems.productId }).from(compareItems).where(eq(compareItems.ownerKey, owner)).orderBy(asc(compareItems.createdAt)),
    db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.ownerKey, owner)).orderBy(asc(favorites.createdAt)),
  ]);
  return { basket: basketRows.map((r) => r.id), compare: compareRows.map((r) => r.id), favorites: favoriteRows.map((r) => r.id), user };
}
