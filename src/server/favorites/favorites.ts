/** Favourites (spec §3, §4, §7): add, remove, clear, and a sorted, paged list. */
import { productPriceSql, type Pricing } from '../catalog/pricing';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, favorites, products } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { pageNavigation, paginate, type PageNavigation } from '../http/paging';
import { t } from '../../i18n';
import { cardColumns, toCards, type ProductCard } from '../catalog/cards';

export const FAVORITES_PAGE_SIZE = 24;
export const MAX_FAVORITES = 500;

export const FAVORITE_SORTS = [
  { code: 'date', by: 'desc', name: 'BASKET_FAV_SORT_NEW' },
  { code: 'date', by: 'asc', name: 'BASKET_FAV_SORT_OLD' },
  { code: 'price', by: 'asc', name: 'BASKET_FAV_SORT_CHEAP' },
  { code: 'price', by: 'desc', name: 'BASKET_FAV_SORT_EXPENSIVE' },
  { code: 'name', by: 'asc', name: 'BASKET_FAV_SORT_NAME' },
] as const;
export const SORT_KEYS = FAVORITE_SORTS.map((s) => `${s.code}_${s.by}`) as [string, ...string[]];
export const DEFAULT_FAVORITES_SORT = 'date_desc';

export type FavoriteSort = { id: string; code: string; by: 'asc' | 'desc'; name: string; selected: boolean };
export type FavoritesPage = {
  items: ProductCard[];
  sort: FavoriteSort[];
  page_navigation: PageNavigation;
};

const productNotFound = () => new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_id', message: t('BASKET_ERR_PRODUCT_NOT_FOUND') }]);

export async function addFavorite(db: Db, owner: string, productId: number): Promise<{ product_id: number }> {
  const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.active, true))).limit(1);
  if (!p) throw productNotFound();
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.ownerKey, owner))) as [{ n: number }];
  if (Number(n) >= MAX_FAVORITES) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'product_id', message: t('BASKET_FAV_ERR_TOO_MANY').replace('{max}', String(MAX_FAVORITES)) }]);
  await db.insert(favorites).values({ ownerKey: owner, productId }).onConflictDoNothing();
  return { product_id: productId };
}

export async function removeFavorite(db: Db, owner: string, productId: number): Promise<{ product_id: number }> {
  const rows = await db.delete(favorites).where(and(eq(favorites.ownerKey, owner), eq(favorites.productId, productId))).returning({ id: favorites.productId });
  if (!rows.length) throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_id', message: t('BASKET_FAV_ERR_NOT_IN_LIST') }]);
  return { product_id: productId };
}

export async function clearFavorites(db: Db, owner: string): Promise<{ removed: number }> {
  const rows = await db.delete(favorites).where(eq(favorites.ownerKey, owner)).returning({ id: favorites.productId });
  return { removed: rows.length };
}

export function sortOptions(selected: string): FavoriteSort[] {
  return FAVORITE_SORTS.map((s) => ({ id: `${s.code}_${s.by}`, code: s.code, by: s.by, name: t(s.name), selected: `${s.code}_${s.by}` === selected }));
}

export async function favoritesPage(db: Db, pricing: Pricing | null, owner: string | null, sort: string, page: number, pageSize = FAVORITES_PAGE_SIZE): Promise<FavoritesPage> {
  const options = sortOptions(sort);
  if (!owner) return { items: [], sort: options, page_navigation: pageNavigation(0, 1, pageSize) };
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(and(eq(favorites.ownerKey, owner), eq(products.active, true)))) as [{ n: number }];
  const total = Number(n);
  const { navigation, offset } = paginate(total, page, pageSize);
  // A contractor's cheapest first is by their own price, as the cards show it.
  const price = productPriceSql(pricing);
  const order = {
    date_desc: [desc(favorites.createdAt)],
    date_asc: [asc(favorites.createdAt)],
    price_asc: [asc(price)],
    price_desc: [desc(price)],
    name_asc: [asc(products.name)],
  }[sort] ?? [desc(favorites.createdAt)];
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(favorites.ownerKey, owner), eq(products.active, true)))
    .orderBy(...order, asc(products.id))
    .limit(pageSize)
    .offset(offset);
  return { items: await toCards(rows, pricing), sort: options, page_navigation: navigation };
}
