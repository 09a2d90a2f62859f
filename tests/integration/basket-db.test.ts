/** Basket, compare and favourites services against a real database (PGlite, or PostgreSQL with DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { addToBasket, applyList, basketGrid, removeInactive, updateBasketItem } from '../../src/server/basket/basket';
import { mergeGuestLists } from '../../src/server/lists/merge';
import { addFavorite } from '../../src/server/favorites/favorites';
import { addToCompare } from '../../src/server/compare/compare';
import { matchLines, parseText } from '../../src/server/basket/match';
import { basketItems, baskets, favorites, compareItems, products, stocks } from '../../src/server/db/schema';
import { HttpError } from '../../src/server/http/api';
import { normalizeArticle } from '../../src/server/lib/text';

let tdb: TestDb;
let onOrder: number; // can_buy, no stock: limit ON_ORDER_LIMIT
let stocked: { id: number; stock: number };
let gone: number;

beforeAll(async () => {
  tdb = await createTestDb({ products: 300 });
  const db = tdb.db;
  const [p] = await db.select({ id: products.id }).from(products).where(sql`${products.canBuy} AND NOT EXISTS (SELECT 1 FROM stocks s WHERE s.product_id = ${products.id})`).limit(1);
  onOrder = p!.id;
  const [s] = await db.select({ id: stocks.productId, stock: sql<number>`SUM(${stocks.quantity})::int` }).from(stocks).groupBy(stocks.productId).orderBy(stocks.productId).limit(1);
  stocked = { id: s!.id, stock: Number(s!.stock) };
  const [g] = await db.select({ id: products.id }).from(products).where(eq(products.canBuy, false)).limit(1);
  gone = g!.id;
});
afterAll(() => tdb?.drop());

const qty = async (owner: string, productId: number) => {
  const [r] = await tdb.db
    .select({ q: basketItems.quantity })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .where(and(eq(baskets.ownerKey, owner), eq(basketItems.productId, productId)));
  return r?.q;
};

describe('basket writes are atomic', () => {
  it('200 concurrent adds of 1 unit to one (new) basket give exactly 200', async () => {
    const owner = 'g:00000000-0000-4000-8000-000000000001';
    await Promise.all(Array.from({ length: 200 }, () => addToBasket(tdb.db, owner, onOrder, 1, false)));
    expect(await qty(owner, onOrder)).toBe(200);
    const [{ n }] = (await tdb.db.select({ n: sql<number>`count(*)::int` }).from(baskets).where(eq(baskets.ownerKey, owner))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it('never goes over the stock, even when requests race', async () => {
    const owner = 'g:00000000-0000-4000-8000-000000000002';
    const results = await Promise.allSettled(Array.from({ length: stocked.stock + 10 }, () => addToBasket(tdb.db, owner, stocked.id, 1, false)));
    expect(await qty(owner, stocked.id)).toBe(stocked.stock);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(10);
    expect(((refused[0] as PromiseRejectedResult).reason as HttpError).errors[0]!.message).toMatch(/не более \d+ шт\./);
  });

  it('refuses products that cannot be bought and unknown ids', async () => {
    const owner = 'g:00000000-0000-4000-8000-000000000003';
    await expect(addToBasket(tdb.db, owner, gone, 1, false)).rejects.toMatchObject({ status: 409 });
    await expect(addToBasket(tdb.db, owner, 9_999_999, 1, false)).rejects.toMatchObject({ status: 404 });
    await expect(updateBasketItem(tdb.db, owner, onOrder, 2, undefined)).rejects.toMatchObject({ status: 404 });
  });

  it('list add sums duplicates and cuts to the limit; list update sets', async () => {
    const owner = 'g:00000000-0000-4000-8000-000000000004';
    const res = await applyList(tdb.db, owner, [{ product: stocked.id, quantity: stocked.stock }, { product: stocked.id, quantity: 5 }, { product: onOrder, quantity: 3 }, { product: gone, quantity: 1 }], 'add');
    expect(res.added.find((a) => a.product_id === stocked.id)).toMatchObject({ quantity: stocked.stock, limited: true });
    expect(res.refused.map((r) => r.product_id)).toEqual([gone]);
    await applyList(tdb.db, owner, [{ product: onOrder, quantity: 7 }], 'set');
    expect(await qty(owner, onOrder)).toBe(7);
    await expect(applyList(tdb.db, owner, [{ product: 9_999_999, quantity: 1 }], 'add')).rejects.toMatchObject({ status: 404 });
  });
});

describe('grid, inactive rows and the contractor discount', () => {
  it('shows inactive rows apart, counts only buyable rows, and removes inactive ones together', async () => {
    const owner = 'u:test-grid';
    await addToBasket(tdb.db, owner, onOrder, 2, false);
    await addToBasket(tdb.db, owner, stocked.id, 1, true);
    // Goes out of sale after being added.
    await tdb.db.update(products).set({ canBuy: false }).where(eq(products.id, stocked.id));
    const grid = await basketGrid(tdb.db, { owner }, { page: 1 });
    expect(grid.grid.row.map((r) => r.product_id)).toEqual([onOrder]);
    expect(grid.inactive.map((r) => r.product_id)).toEqual([stocked.id]);
    expect(grid.inactive[0]!.motivation).toBe('Y');
    expect(grid.page_navigation.total).toBe(1);
    expect(grid.info.positions).toBe(1);
    expect(await removeInactive(tdb.db, owner)).toMatchObject({ removed: 1 });
    await tdb.db.update(products).set({ canBuy: true }).where(eq(products.id, stocked.id));
  });

  it('a contractor sees the largest applicable discount in prices and totals', async () => {
    const owner = 'u:demo-admin';
    const grid = await basketGrid(tdb.db, { owner, companyId: 1 }, { page: 1 });
    expect(grid.grid.row.length).toBeGreaterThan(0);
    for (const r of grid.grid.row) {
      expect(r.discount_percent).toBeGreaterThanOrEqual(7);
      expect(r.price).toBeCloseTo(Math.round(r.base_price * (100 - r.discount_percent)) / 100, 2);
    }
    expect(grid.info.discount_sum).toBeGreaterThan(0);
    expect(grid.info.sum).toBeCloseTo(grid.info.base_sum - grid.info.discount_sum, 2);
    const retail = await basketGrid(tdb.db, { owner }, { page: 1 });
    expect(retail.info.discount_sum).toBe(0);
  });

  it('pages by 50 and filters by category', async () => {
    const owner = 'u:test-pages';
    const ids = (await tdb.db.select({ id: products.id }).from(products).where(eq(products.canBuy, true)).limit(60)).map((r) => r.id);
    await applyList(tdb.db, owner, ids.map((id) => ({ product: id, quantity: 1 })), 'add');
    const p1 = await basketGrid(tdb.db, { owner }, { page: 1 });
    expect(p1.grid.row).toHaveLength(50);
    expect(p1.page_navigation).toMatchObject({ page: 1, page_size: 50, total: 60, pages: 2 });
    const p2 = await basketGrid(tdb.db, { owner }, { page: 2 });
    expect(p2.grid.row).toHaveLength(10);
    const cat = p1.categories[0]!;
    const filtered = await basketGrid(tdb.db, { owner }, { page: 1, category: cat.code });
    expect(filtered.grid.row.every((r) => r.category.code === cat.code)).toBe(true);
    expect(filtered.page_navigation.total).toBe(cat.count);
  });
});

describe('login merge', () => {
  it('keeps both sides: quantities add up, favourites and compare are united, the guest rows are gone', async () => {
    const guest = 'g:00000000-0000-4000-8000-000000000009';
    const user = 'u:test-merge';
    const [a, b] = (await tdb.db.select({ id: products.id }).from(products).where(and(eq(products.canBuy, true), ne(products.id, onOrder))).orderBy(products.id).limit(2)).map((r) => r.id) as [number, number];
    await addToBasket(tdb.db, user, onOrder, 2, false);
    await addToBasket(tdb.db, guest, onOrder, 3, false);
    await addToBasket(tdb.db, guest, a, 1, false);
    await addFavorite(tdb.db, user, a);
    await addFavorite(tdb.db, guest, a);
    await addFavorite(tdb.db, guest, b);
    await addToCompare(tdb.db, guest, b);
    await mergeGuestLists(tdb.db, guest, user);
    expect(await qty(user, onOrder)).toBe(5);
    expect(await qty(user, a)).toBe(1);
    const favs = await tdb.db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.ownerKey, user));
    expect(favs.map((f) => f.id).sort()).toEqual([a, b].sort());
    const cmp = await tdb.db.select({ id: compareItems.productId }).from(compareItems).where(eq(compareItems.ownerKey, user));
    expect(cmp.map((c) => c.id)).toEqual([b]);
    expect(await tdb.db.select().from(baskets).where(eq(baskets.ownerKey, guest))).toHaveLength(0);
    expect(await tdb.db.select().from(favorites).where(eq(favorites.ownerKey, guest))).toHaveLength(0);
  });
});

describe('quick order matching', () => {
  it('finds articles however they are written and reports the rest', async () => {
    const rows = await tdb.db.select({ id: products.id, article: products.article }).from(products).where(eq(products.canBuy, true)).orderBy(products.id).limit(3);
    const [x, y, z] = rows as [{ id: number; article: string }, { id: number; article: string }, { id: number; article: string }];
    const spaced = x.article.split('').join(' ').toLowerCase();
    const text = [`Артикул;Количество`, `${spaced}\t4`, `${y.article.replace(/(\d)/, '.$1')}; 2 шт`, `${z.article} x 3`, `NOPE-000; 1`, `${x.article}; 2,5`].join('\n');
    const report = await matchLines(tdb.db, parseText(text), null);
    expect(report.found).toBe(3);
    expect(report.not_found).toBe(1);
    expect(report.invalid).toBe(1);
    expect(report.rows.find((r) => r.product?.id === x.id)!.quantity).toBe(4);
    expect(report.rows.find((r) => r.product?.id === y.id)!.quantity).toBe(2);
    expect(report.rows.find((r) => r.product?.id === z.id)!.quantity).toBe(3);
    expect(report.rows.find((r) => r.status === 'invalid')!.message).toBe('Количество должно быть целым числом');
  });

  it('offers choices for a prefix shared by several articles', async () => {
    for (const suffix of ['A', 'B-2']) {
      await tdb.db.execute(sql`
        INSERT INTO products (code, article, article_norm, name, section_id, brand_id, price)
        SELECT ${'test-pfx-' + suffix.toLowerCase()}, ${'QZ-7710' + suffix}, ${normalizeArticle('QZ-7710' + suffix)}, name, section_id, brand_id, price FROM products ORDER BY id LIMIT 1`);
    }
    const report = await matchLines(tdb.db, parseText('qz 7710'), null);
    expect(report.ambiguous).toBe(1);
    expect(report.rows[0]!.choices!.map((c) => c.article).sort()).toEqual(['QZ-7710A', 'QZ-7710B-2']);
  });
});
