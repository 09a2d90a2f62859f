/** Product cards: the compact shape every listing, strip and island shows. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { brands, products } from '../db/schema';
import { preparePrices, shownPrices, type Pricing } from './pricing';
import type { PromoBadge } from './promo-rules';
import { noteShownProduct } from '../page-cache/shown';

export type ProductCard = {
  id: number;
  code: string;
  url: string;
  name: string;
  article: string;
  price: number;
  oldPrice: number | null;
  isHit: boolean;
  isNew: boolean;
  guarantee: string | null;
  canBuy: boolean;
  imageSeed: number;
  brand: string;
  brandId: number;
  sectionId: number;
  /** Total units across branches. */
  stock: number;
  /** The signed-in contractor's own price (see pricing.ts); null for everyone else. */
  personalPrice: number | null;
  /**
   * The promotion this price comes from (decision 0240). For guests and retail customers `price` is
   * then the promotion's price and `oldPrice` the price before it; a contractor's is `personalPrice`.
   */
  promo: PromoBadge | null;
};

export const cardColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  article: products.article,
  price: products.price,
  oldPrice: products.oldPrice,
  isHit: products.isHit,
  isNew: products.isNew,
  guarantee: products.guarantee,
  canBuy: products.canBuy,
  imageSeed: products.imageSeed,
  brand: brands.name,
  brandId: products.brandId,
  sectionId: products.sectionId,
  stock: products.stockQty,
};

type CardRow = { [K in keyof typeof cardColumns]: unknown };

/**
 * Cards for rows of `cardColumns`: the contract list prices of exactly these products are loaded first
 * (one query, only for a company with a price type), then each row is priced. Every card loader uses this.
 */
export async function toCards(rows: CardRow[], pricing: Pricing | null): Promise<ProductCard[]> {
  await preparePrices(pricing, rows.map((r) => r.id as number));
  return rows.map((r) => toCard(r, pricing));
}

/** A card as `pricing`'s viewer sees it (null pricing: guests and retail customers); its list price loaded (`toCards`). */
export function toCard(r: CardRow, pricing: Pricing | null): ProductCard {
  const card: ProductCard = {
    id: r.id as number,
    code: r.code as string,
    url: `/${r.code as string}/`,
    name: r.name as string,
    article: r.article as string,
    price: Number(r.price),
    oldPrice: r.oldPrice == null ? null : Number(r.oldPrice),
    isHit: r.isHit as boolean,
    isNew: r.isNew as boolean,
    guarantee: (r.guarantee as string | null) ?? null,
    canBuy: r.canBuy as boolean,
    imageSeed: r.imageSeed as number,
    brand: r.brand as string,
    brandId: r.brandId as number,
    sectionId: r.sectionId as number,
    stock: Number(r.stock),
    personalPrice: null,
    promo: null,
  };
  Object.assign(card, shownPrices(pricing, card));
  noteShownProduct(card.id);
  return card;
}

export async function productCards(db: Db, pricing: Pricing | null, opts: { where?: SQL; order?: (SQL | AnyPgColumn)[]; limit: number; offset?: number }): Promise<ProductCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.active, true), opts.where))
    .orderBy(...(opts.order ?? [desc(products.popularity), products.id]))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return toCards(rows, pricing);
}

export async function cardsByIds(db: Db, pricing: Pricing | null, ids: number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const cards = await productCards(db, pricing, { where: inArray(products.id, ids), limit: ids.length });
  const order = new Map(ids.map((id, i) => [id, i]));
  return cards.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export const hitCards = (db: Db, pricing: Pricing | null, limit = 8) => productCards(db, pricing, { where: and(eq(products.isHit, true), eq(products.canBuy, true)), limit });
// Only what can be bought: a home page block that shows «Нет в продаже» under a novelty promises nothing (issue 30).
export const newCards = (db: Db, pricing: Pricing | null, limit = 8) => productCards(db, pricing, { where: and(eq(products.isNew, true), eq(products.canBuy, true)), order: [desc(products.createdAt), products.id], limit });
