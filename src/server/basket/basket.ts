/**
 * The basket (spec §3, §4, §7). Every write is one atomic SQL statement (INSERT … ON CONFLICT DO
 * UPDATE with the new quantity computed from the stored one), never read-modify-write, so two
 * requests changing the same basket at once cannot overwrite each other.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { basketItems, baskets, brands, productExpendables, products, sections } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { paginate, type PageNavigation } from '../http/paging';
import { t } from '../../i18n';
import { BASKET_PAGE_SIZE } from '../../config/constants';
import { limitOf, limitSql } from './limits';
import { loadPricing, percentShown, personalPrice, preparePrices, type Pricing } from '../catalog/pricing';
import { fromKopecks, lineKopecks, lineSum, toKopecks } from '../lib/money';
import { cardsByIds, type ProductCard } from '../catalog/cards';

/** Positions one basket may hold: a contractor's long list fits, a runaway script does not. */
export const MAX_POSITIONS = 1000;
/** Free delivery from this order total (BYN): the motivation block counts down to it. */
export const FREE_DELIVERY_FROM = 300;

export type Buyer = { owner: string; companyId?: number | null };

const notFound = (field = 'product') => new HttpError(404, [{ code: ERR.NOT_FOUND, field, message: t('BASKET_ERR_PRODUCT_NOT_FOUND') }]);
const notInBasket = (field = 'product_id') => new HttpError(404, [{ code: ERR.NOT_FOUND, field, message: t('BASKET_ERR_NOT_IN_BASKET') }]);

/** The basket row of an owner, created on first write. The upsert makes concurrent first writes share one basket. */
export async function basketId(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .insert(baskets)
    .values({ ownerKey: owner })
    .onConflictDoUpdate({ target: baskets.ownerKey, set: { updatedAt: sql`now()` } })
    .returning({ id: baskets.id });
  return row!.id;
}

async function existingBasketId(db: Db, owner: string): Promise<number | null> {
  const [row] = await db.select({ id: baskets.id }).from(baskets).where(eq(baskets.ownerKey, owner)).limit(1);
  return row?.id ?? null;
}

type ProductState = { id: number; name: string; canBuy: boolean; active: boolean; stock: number };

async function productState(db: Db, productId: number): Promise<ProductState | null> {
  const [p] = await db
    .select({
      id: products.id,
      name: products.name,
      canBuy: products.canBuy,
      active: products.active,
      stock: products.stockQty,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return p ? { ...p, stock: Number(p.stock) } : null;
}

async function positions(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(basketItems).where(eq(basketItems.basketId, id));
  return Number(row?.n ?? 0);
}

function limitError(limit: number, inBasket: number | null): HttpError {
  const message = inBasket ? t('BASKET_ERR_LIMIT_IN_BASKET').replace('{limit}', String(limit)).replace('{have}', String(inBasket)) : t('BASKET_ERR_LIMIT').replace('{limit}', String(limit));
  return new HttpError(422, [{ code: ERR.VALIDATION, field: 'quantity', message }], { max_quantity: limit, quantity: inBasket });
}

/** POST api/basket/add/: adds `quantity` units (default 1) to what is already there. */
export async function addToBasket(db: Db, owner: string, productId: number, quantity: number, motivation: boolean): Promise<{ product_id: number; quantity: number }> {
  const p = await productState(db, productId);
  if (!p || !p.active) throw notFound();
  if (!p.canBuy) throw new HttpError(409, [{ code: ERR.CONFLICT, field: 'product', message: t('BASKET_ERR_CANNOT_BUY') }]);
  const limit = limitOf(p.stock, p.canBuy, p.active);
  if (quantity > limit) throw limitError(limit, null);
  const id = await basketId(db, owner);
  if ((await positions(db, id)) >= MAX_POSITIONS) {
    const [has] = await db.select({ q: basketItems.quantity }).from(basketItems).where(and(eq(basketItems.basketId, id), eq(basketItems.productId, productId)));
    if (!has) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('BASKET_ERR_TOO_MANY_POSITIONS').replace('{max}', String(MAX_POSITIONS)) }]);
  }
  // The limit is re-read inside the statement, so stock that changed since the check above still holds.
  const rows = await db
    .insert(basketItems)
    .values({ basketId: id, productId, quantity, motivation })
    .onConflictDoUpdate({
      target: [basketItems.basketId, basketItems.productId],
      set: { quantity: sql`${basketItems.quantity} + excluded.quantity`, motivation: sql`${basketItems.motivation} OR excluded.motivation` },
      setWhere: sql`${basketItems.quantity} + excluded.quantity <= ${limitSql(sql`excluded.product_id`)}`,
    })
    .returning({ quantity: basketItems.quantity });
  if (!rows.length) {
    const [has] = await db.select({ q: basketItems.quantity }).from(basketItems).where(and(eq(basketItems.basketId, id), eq(basketItems.productId, productId)));
    throw limitError(limit, has?.q ?? null);
  }
  return { product_id: productId, quantity: rows[0]!.quantity };
}

/** POST api/basket/update/: sets the quantity of a row that is already in the basket. */
export async function updateBasketItem(db: Db, owner: string, productId: number, quantity: number | undefined, motivation: boolean | undefined): Promise<{ product_id: number; quantity: number }> {
  const id = await existingBasketId(db, owner);
  if (!id) throw notInBasket('product');
  const set: Partial<typeof basketItems.$inferInsert> = {};
  if (quantity !== undefined) set.quantity = quantity;
  if (motivation !== undefined) set.motivation = motivation;
  const withinLimit = quantity === undefined ? sql`true` : sql`${quantity} <= ${limitSql(sql`${basketItems.productId}`)}`;
  const rows = await db
    .update(basketItems)
    .set(set)
    .where(and(eq(basketItems.basketId, id), eq(basketItems.productId, productId), withinLimit))
    .returning({ quantity: basketItems.quantity });
  if (rows.length) return { product_id: productId, quantity: rows[0]!.quantity };
  const [has] = await db.select({ q: basketItems.quantity }).from(basketItems).where(and(eq(basketItems.basketId, id), eq(basketItems.productId, productId)));
  if (!has) throw notInBasket('product');
  const p = await productState(db, productId);
  const limit = p ? limitOf(p.stock, p.canBuy, p.active) : 0;
  if (!limit) throw new HttpError(409, [{ code: ERR.CONFLICT, field: 'product', message: t('BASKET_ERR_CANNOT_BUY') }]);
  throw limitError(limit, null);
}

/** POST api/basket/remove/. */
export async function removeFromBasket(db: Db, owner: string, productId: number): Promise<{ product_id: number }> {
  const id = await existingBasketId(db, owner);
  if (!id) throw notInBasket();
  const rows = await db
    .delete(basketItems)
    .where(and(eq(basketItems.basketId, id), eq(basketItems.productId, productId)))
    .returning({ id: basketItems.productId });
  if (!rows.length) throw notInBasket();
  return { product_id: productId };
}

/** POST /api/basket/clear/. */
export async function clearBasket(db: Db, owner: string): Promise<{ removed: number }> {
  const id = await existingBasketId(db, owner);
  if (!id) return { removed: 0 };
  const rows = await db.delete(basketItems).where(eq(basketItems.basketId, id)).returning({ id: basketItems.productId });
  return { removed: rows.length };
}

/** POST api/basket/inactive/remove/: drops every row that can no longer be bought. */
export async function removeInactive(db: Db, owner: string): Promise<{ removed: number; product_ids: number[] }> {
  const id = await existingBasketId(db, owner);
  if (!id) return { removed: 0, product_ids: [] };
  const rows = await db
    .delete(basketItems)
    .where(and(eq(basketItems.basketId, id), sql`${basketItems.productId} IN (SELECT ${products.id} FROM ${products} WHERE NOT ${products.canBuy} OR NOT ${products.active})`))
    .returning({ id: basketItems.productId });
  return { removed: rows.length, product_ids: rows.map((r) => r.id) };
}

export type ListLine = { product: number; quantity: number };
export type ListResult = { added: { product_id: number; quantity: number; requested: number; limited: boolean }[]; refused: { product_id: number; reason: string }[] };

/**
 * POST api/basket/list/add/ (mode 'add': quantities are added) and list/update/ (mode 'set': the
 * quantity becomes the given one). One statement for the whole list; each quantity is cut to the
 * product's limit (reported as `limited`), products that cannot be bought are refused.
 */
export async function applyList(db: Db, owner: string, lines: ListLine[], mode: 'add' | 'set'): Promise<ListResult> {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.product, mode === 'add' ? (merged.get(l.product) ?? 0) + l.quantity : l.quantity);
  const ids = [...merged.keys()];
  const found = await db
    .select({
      id: products.id,
      canBuy: products.canBuy,
      active: products.active,
      stock: products.stockQty,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !byId.get(id)?.active);
  if (unknown.length) {
    throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_list', message: t('BASKET_ERR_LIST_UNKNOWN').replace('{ids}', unknown.slice(0, 10).join(', ')) }], { unknown });
  }
  const refused: ListResult['refused'] = [];
  const values: (typeof basketItems.$inferInsert)[] = [];
  const id = await basketId(db, owner);
  for (const [productId, q] of merged) {
    const p = byId.get(productId)!;
    if (!p.canBuy) refused.push({ product_id: productId, reason: t('BASKET_ERR_CANNOT_BUY') });
    else values.push({ basketId: id, productId, quantity: Math.min(q, limitOf(Number(p.stock), p.canBuy, p.active)), motivation: false });
  }
  if (!values.length) return { added: [], refused };
  const have = await positions(db, id);
  if (have + values.length > MAX_POSITIONS) {
    const existing = await db.select({ id: basketItems.productId }).from(basketItems).where(and(eq(basketItems.basketId, id), inArray(basketItems.productId, values.map((v) => v.productId))));
    if (have + values.length - existing.length > MAX_POSITIONS) {
      throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'product_list', message: t('BASKET_ERR_TOO_MANY_POSITIONS').replace('{max}', String(MAX_POSITIONS)) }]);
    }
  }
  const next = mode === 'add' ? sql`${basketItems.quantity} + excluded.quantity` : sql`excluded.quantity`;
  const rows = await db
    .insert(basketItems)
    .values(values)
    .onConflictDoUpdate({
      target: [basketItems.basketId, basketItems.productId],
      set: { quantity: sql`LEAST(${next}, ${limitSql(sql`excluded.product_id`)})` },
    })
    .returning({ product_id: basketItems.productId, quantity: basketItems.quantity });
  const added = rows.map((r) => {
    const requested = merged.get(r.product_id)!;
    return { ...r, requested, limited: mode === 'add' ? r.quantity < requested : r.quantity !== requested };
  });
  return { added, refused };
}

// ───────────────────────────── The basket grid (GET web/basket/products/) ─────────────────────────────

export type BasketRow = {
  id: number;
  product_id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  brand: string;
  image_seed: number;
  can_buy: boolean;
  category: { code: string; name: string };
  quantity: number;
  max_quantity: number;
  stock: number;
  /** Unit price for this buyer (after the contractor's discount). */
  price: number;
  base_price: number;
  old_price: number | null;
  discount_percent: number;
  sum: number;
  motivation: 'Y' | 'N';
};

export type BasketInfo = {
  positions: number;
  quantity: number;
  base_sum: number;
  discount_sum: number;
  sum: number;
  contractor: boolean;
  inactive: number;
  free_delivery_from: number;
};

export type MotivationBlock = {
  title: string;
  text: string;
  free_delivery_from: number;
  left: number;
  progress: number;
  products: ProductCard[];
};

export type BasketGrid = {
  grid: { row: BasketRow[] };
  inactive: BasketRow[];
  categories: { code: string; name: string; count: number }[];
  category: string | null;
  page_navigation: PageNavigation;
  info: BasketInfo;
  motivation_block: MotivationBlock | null;
};

/** The basket's rows at the buyer's own prices (`pricing`: loaded from the buyer's company when not given). */
export async function basketRows(db: Db, buyer: Buyer, pricing?: Pricing | null): Promise<BasketRow[]> {
  const rows = await db
    .select({
      productId: products.id,
      quantity: basketItems.quantity,
      motivation: basketItems.motivation,
      code: products.code,
      name: products.name,
      article: products.article,
      price: products.price,
      oldPrice: products.oldPrice,
      canBuy: products.canBuy,
      active: products.active,
      imageSeed: products.imageSeed,
      brandId: products.brandId,
      brand: brands.name,
      sectionId: sections.id,
      sectionCode: sections.code,
      sectionName: sections.name,
      stock: products.stockQty,
    })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .innerJoin(products, eq(products.id, basketItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(eq(baskets.ownerKey, buyer.owner))
    .orderBy(asc(sections.name), asc(basketItems.addedAt), asc(products.id));
  // The same contractor prices as the catalogue shows (one rule, in catalog/pricing.ts).
  const terms = pricing === undefined ? await loadPricing(db, { companyId: buyer.companyId ?? null }) : pricing;
  await preparePrices(terms, rows.map((r) => r.productId));
  return rows.map((r) => {
    const canBuy = r.canBuy && r.active;
    const basePrice = Number(r.price);
    const item = { id: r.productId, price: basePrice, brandId: r.brandId, sectionId: r.sectionId };
    const price = personalPrice(terms, item) ?? basePrice;
    const stock = Number(r.stock);
    return {
      id: r.productId,
      product_id: r.productId,
      code: r.code,
      url: `/${r.code}/`,
      name: r.name,
      article: r.article,
      brand: r.brand,
      image_seed: r.imageSeed,
      can_buy: canBuy,
      category: { code: r.sectionCode, name: r.sectionName },
      quantity: r.quantity,
      max_quantity: limitOf(stock, r.canBuy, r.active),
      stock,
      price,
      base_price: basePrice,
      old_price: r.oldPrice == null ? null : Number(r.oldPrice),
      discount_percent: percentShown(terms, item),
      sum: lineSum(price, r.quantity),
      motivation: r.motivation ? 'Y' : 'N',
    };
  });
}

export function basketInfo(rows: BasketRow[], contractor: boolean): BasketInfo {
  const active = rows.filter((r) => r.can_buy);
  const baseKop = active.reduce((s, r) => s + lineKopecks(r.base_price, r.quantity), 0);
  const sumKop = active.reduce((s, r) => s + toKopecks(r.sum), 0);
  const base = fromKopecks(baseKop);
  const sum = fromKopecks(sumKop);
  return {
    positions: active.length,
    quantity: active.reduce((s, r) => s + r.quantity, 0),
    base_sum: base,
    discount_sum: fromKopecks(baseKop - sumKop),
    sum,
    contractor,
    inactive: rows.length - active.length,
    free_delivery_from: FREE_DELIVERY_FROM,
  };
}

async function motivationBlock(db: Db, pricing: Pricing | null, rows: BasketRow[], sum: number): Promise<MotivationBlock | null> {
  const active = rows.filter((r) => r.can_buy);
  if (!active.length) return null;
  const inBasket = new Set(rows.map((r) => r.product_id));
  const fits = await db
    .select({ id: productExpendables.materialId })
    .from(productExpendables)
    .innerJoin(products, eq(products.id, productExpendables.materialId))
    .where(and(inArray(productExpendables.productId, active.slice(0, 200).map((r) => r.product_id)), eq(products.canBuy, true), eq(products.active, true)))
    .orderBy(asc(productExpendables.sort), asc(productExpendables.materialId))
    .limit(40);
  const ids = [...new Set(fits.map((f) => f.id))].filter((id) => !inBasket.has(id)).slice(0, 4);
  const left = fromKopecks(Math.max(0, toKopecks(FREE_DELIVERY_FROM) - toKopecks(sum)));
  return {
    title: left > 0 ? t('BASKET_MOTIVATION_TITLE') : t('BASKET_MOTIVATION_DONE'),
    text: left > 0 ? t('BASKET_MOTIVATION_TEXT') : t('BASKET_MOTIVATION_DONE_TEXT'),
    free_delivery_from: FREE_DELIVERY_FROM,
    left,
    progress: Math.min(100, Math.round((sum / FREE_DELIVERY_FROM) * 100)),
    products: await cardsByIds(db, pricing, ids),
  };
}

/**
 * GET web/basket/products/: one page of buyable rows (page counts count only can_buy rows), every
 * inactive row apart, the categories for the filter, totals over the whole basket.
 */
export async function basketGrid(db: Db, buyer: Buyer, opts: { page: number; pageSize?: number; category?: string | null }): Promise<BasketGrid> {
  const pricing = await loadPricing(db, { companyId: buyer.companyId ?? null });
  const rows = await basketRows(db, buyer, pricing);
  const info = basketInfo(rows, !!buyer.companyId);
  const active = rows.filter((r) => r.can_buy);
  const counts = new Map<string, { code: string; name: string; count: number }>();
  for (const r of active) {
    const c = counts.get(r.category.code) ?? { ...r.category, count: 0 };
    c.count++;
    counts.set(r.category.code, c);
  }
  const category = opts.category && counts.has(opts.category) ? opts.category : null;
  const filtered = category ? active.filter((r) => r.category.code === category) : active;
  const pageSize = opts.pageSize ?? BASKET_PAGE_SIZE;
  const { navigation, offset } = paginate(filtered.length, opts.page, pageSize);
  return {
    grid: { row: filtered.slice(offset, offset + pageSize) },
    inactive: rows.filter((r) => !r.can_buy),
    categories: [...counts.values()],
    category,
    page_navigation: navigation,
    info,
    motivation_block: await motivationBlock(db, pricing, rows, info.sum),
  };
}
