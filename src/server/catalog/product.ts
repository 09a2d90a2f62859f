/**
 * One product and everything its page shows: properties, stock per branch, line, consumables,
 * similar products, FAQ, media; and the two things a visitor can send about it (a question,
 * a price request).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, priceRequests, productExpendables, productQuestions, products, stocks } from '../db/schema';
import { normalizeArticle } from '../lib/text';
import { cardColumns, cardsByIds, productCards, toCards, type ProductCard } from './cards';
import type { Pricing } from './pricing';
import { cachedBranches, cachedBrands, cachedSectionProps, forgetReference, formatPropValue, type BrandRef } from './reference';
import { cachedSectionTree, forgetSectionTree, sectionPath, type SectionNode } from './sections';

export type ProductProperty = { code: string; name: string; value: string; label: string };
export type BranchStock = { branchId: number; code: string; city: string; name: string; address: string; hours: string; quantity: number };
export type Guarantee = { code: '1' | '3' | '3big'; years: number; extended: boolean };

export type ProductDetail = ProductCard & {
  description: string;
  properties: ProductProperty[];
  imageCount: number;
  lineCode: string | null;
  guaranteeInfo: Guarantee | null;
  section: SectionNode;
  path: SectionNode[];
  brandRef: BrandRef;
  stocks: BranchStock[];
  createdAt: Date;
  updatedAt: Date;
};

export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,199}$/;

export function guaranteeInfo(code: string | null): Guarantee | null {
  if (code === '1') return { code, years: 1, extended: false };
  if (code === '3') return { code, years: 3, extended: false };
  if (code === '3big') return { code, years: 3, extended: true };
  return null;
}

async function detail(db: Db, pricing: Pricing | null, where: SQL): Promise<ProductDetail | null> {
  // The branches come from the per-node reference memo; only this product's stock rows are read, in the product's own
  // statement: one round trip fewer on every product page (decision 0350).
  const reference = () => Promise.all([cachedSectionTree(db), cachedBrands(db), cachedSectionProps(db), cachedBranches(db)]);
  const [found, referenced] = await Promise.all([
    db
      .select({
        ...cardColumns,
        description: products.description,
        properties: products.properties,
        imageCount: products.imageCount,
        lineCode: products.lineCode,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
        stockRows: sql<[branchId: number, quantity: number][]>`coalesce((select json_agg(json_build_array(${stocks.branchId}, ${stocks.quantity})) from ${stocks} where ${stocks.productId} = ${products.id}), '[]'::json)`,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(where, eq(products.active, true)))
      .limit(1),
    reference(),
  ]);
  const row = found[0];
  if (!row) return null;
  let [tree, brandRefs, props, branchList] = referenced;
  if (!tree.byId.has(row.sectionId) || !brandRefs.byId.has(row.brandId)) {
    // A section or brand created a moment ago (a 1C package), before the change feed told this node: the row's
    // foreign keys say it exists, so the memo is read afresh once instead of answering «not found».
    forgetSectionTree();
    forgetReference();
    [tree, brandRefs, props, branchList] = await reference();
  }
  const held = new Map(row.stockRows.map(([branchId, quantity]) => [Number(branchId), Number(quantity)]));
  const section = tree.byId.get(row.sectionId);
  const brand = brandRefs.byId.get(row.brandId);
  if (!section || !brand) return null;
  const defs = props.get(row.sectionId) ?? [];
  const known = new Set(defs.map((d) => d.code));
  const properties: ProductProperty[] = [
    ...defs.filter((d) => row.properties[d.code] !== undefined).map((d) => ({ code: d.code, name: d.name, value: String(row.properties[d.code]), label: formatPropValue(String(row.properties[d.code]), d.unit) })),
    ...Object.entries(row.properties)
      .filter(([k]) => !known.has(k))
      .map(([k, v]) => ({ code: k, name: k, value: String(v), label: String(v) })),
  ];
  return {
    ...(await toCards([row], pricing))[0]!,
    description: row.description,
    properties,
    imageCount: row.imageCount,
    lineCode: row.lineCode,
    guaranteeInfo: guaranteeInfo(row.guarantee),
    section,
    path: sectionPath(tree, section),
    brandRef: brand,
    stocks: branchList.map((b) => ({ branchId: b.id, code: b.code, city: b.city, name: b.name, address: b.address, hours: b.hours, quantity: held.get(b.id) ?? 0 })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function productByCode(db: Db, pricing: Pricing | null, code: string): Promise<ProductDetail | null> {
  if (!SLUG_RE.test(code)) return Promise.resolve(null);
  return detail(db, pricing, eq(products.code, code));
}

/** The id, code and line of an active product (cheap: for endpoints that only need to find it). */
export async function findProduct(db: Db, by: { id?: number; code?: string; name?: string }) {
  const where = by.id ? eq(products.id, by.id) : by.code ? eq(products.code, by.code) : by.name ? eq(products.name, by.name) : null;
  if (!where) return null;
  const [row] = await db
    .select({ id: products.id, code: products.code, name: products.name, sectionId: products.sectionId, lineCode: products.lineCode, price: products.price })
    .from(products)
    .where(and(where, eq(products.active, true)))
    .limit(1);
  return row ?? null;
}

/** Spec api/product/getcode/: the product code for an article as people type it (spaces, dashes, case). */
export async function codeByArticle(db: Db, article: string): Promise<string | null> {
  const exact = article.trim();
  if (!exact) return null;
  const [row] = await db
    .select({ code: products.code })
    .from(products)
    .where(and(eq(products.active, true), sql`(${products.article} = ${exact} OR ${products.articleNorm} = ${normalizeArticle(exact)})`))
    .orderBy(sql`${products.article} = ${exact} DESC`)
    .limit(1);
  return row?.code ?? null;
}

/** Other products of the same line (kits of one model), the product itself included. */
export async function lineCards(db: Db, pricing: Pricing | null, lineCode: string | null, productId: number): Promise<ProductCard[]> {
  if (!lineCode) return cardsByIds(db, pricing, [productId]);
  return productCards(db, pricing, { where: eq(products.lineCode, lineCode), order: [asc(products.price), asc(products.id)], limit: 20 });
}

/**
 * Same section, other lines, nearest in price (within −40 % … +60 %); the popular ones first among
 * equals. Read as two short walks of the (section_id, price) index outwards from the product's
 * price — the nearest `limit` above and below, each with its ties (FETCH … WITH TIES keeps every row
 * priced like the last one, so the final order is exactly that of the whole window) — instead of
 * fetching and sorting the whole price window: at 100,000 products a window holds ~800 rows, and
 * that scan was most of an uncached product page's time.
 */
export async function similarCards(db: Db, pricing: Pricing | null, p: { id: number; sectionId: number; lineCode: string | null; price: number }, limit = 8): Promise<ProductCard[]> {
  const notSameLine = p.lineCode ? sql`(${products.lineCode} IS NULL OR ${products.lineCode} <> ${p.lineCode})` : sql`TRUE`;
  const base = sql`${products.active} AND ${products.sectionId} = ${p.sectionId} AND ${products.id} <> ${p.id} AND ${notSameLine}`;
  const side = (range: SQL, dir: SQL) =>
    sql`(SELECT ${products.id} AS id, ${products.price} AS price, ${products.popularity} AS popularity FROM ${products} WHERE ${base} AND ${range} ORDER BY ${products.price} ${dir} FETCH FIRST ${limit} ROWS WITH TIES)`;
  const near = sql`SELECT id FROM (
      ${side(sql`${products.price} >= ${p.price} AND ${products.price} <= ${p.price * 1.6}`, sql`ASC`)}
      UNION ALL
      ${side(sql`${products.price} < ${p.price} AND ${products.price} >= ${p.price * 0.6}`, sql`DESC`)}
    ) near`;
  return productCards(db, pricing, { where: sql`${products.id} IN (${near})`, order: [sql`abs(${products.price} - ${p.price})`, desc(products.popularity), asc(products.id)], limit });
}

/** Similar products the product page (and its call) shows: a row on a desktop, two on a phone. */
export const PRODUCT_SIMILAR_COUNT = 4;

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

/** Consumables that fit a product, paged (spec §9: 7 per page); optionally of one section only. */
export async function expendableCards(db: Db, pricing: Pricing | null, productId: number, opts: { page: number; pageSize: number; sectionId?: number }): Promise<Paged<ProductCard>> {
  const where = and(
    eq(productExpendables.productId, productId),
    opts.sectionId ? sql`${productExpendables.materialId} IN (SELECT ${products.id} FROM ${products} WHERE ${products.sectionId} = ${opts.sectionId} AND ${products.active})` : undefined,
  );
  // The page and the total in one statement (count(*) OVER () is taken before LIMIT); only a page past
  // the end, which has no rows to carry it, asks for the total separately.
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(productExpendables)
    .innerJoin(products, and(eq(products.id, productExpendables.materialId), eq(products.active, true)))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(asc(productExpendables.sort), asc(productExpendables.materialId))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const n = rows.length
    ? rows[0]!.total
    : opts.page === 1
      ? 0
      : ((
          await db
            .select({ n: count() })
            .from(productExpendables)
            .innerJoin(products, and(eq(products.id, productExpendables.materialId), eq(products.active, true)))
            .where(where)
        )[0]?.n ?? 0);
  return { items: await toCards(rows, pricing), total: n, page: opts.page, pageSize: opts.pageSize, pageCount: Math.max(1, Math.ceil(n / opts.pageSize)) };
}

/** Sections the consumables of a product come from (the tabs of the consumables block). */
export async function expendableSections(db: Db, productId: number): Promise<{ id: number; name: string; count: number }[]> {
  const rows = await db
    .select({ id: products.sectionId, n: count() })
    .from(productExpendables)
    .innerJoin(products, and(eq(products.id, productExpendables.materialId), eq(products.active, true)))
    .where(eq(productExpendables.productId, productId))
    .groupBy(products.sectionId);
  const tree = await cachedSectionTree(db);
  return rows.map((r) => ({ id: r.id, name: tree.byId.get(r.id)?.name ?? '', count: r.n })).sort((a, b) => b.count - a.count);
}

export type FaqItem = { id: number; question: string; answer: string | null; createdAt: string };

export async function productFaq(db: Db, productId: number): Promise<FaqItem[]> {
  const rows = await db
    .select()
    .from(productQuestions)
    .where(and(eq(productQuestions.productId, productId), eq(productQuestions.published, true)))
    .orderBy(desc(productQuestions.createdAt), desc(productQuestions.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, createdAt: r.createdAt.toISOString() }));
}

/** A visitor's question waits for an editor's answer (unpublished until then). */
export async function addQuestion(db: Db, q: { productId: number; question: string; email: string | null }): Promise<number> {
  const [row] = await db.insert(productQuestions).values({ productId: q.productId, question: q.question, email: q.email, published: false }).returning({ id: productQuestions.id });
  return row!.id;
}

export async function addPriceRequest(db: Db, r: { productId: number; productName: string; userId: string | null; contact: string | null }): Promise<number> {
  const [row] = await db.insert(priceRequests).values(r).returning({ id: priceRequests.id });
  return row!.id;
}

/** Stock total → the schema.org availability and the Russian words for it. */
export function availability(p: { canBuy: boolean; stock: number }): { schema: string; label: string; state: 'in' | 'order' | 'none' } {
  if (!p.canBuy) return { schema: 'https://schema.org/Discontinued', label: 'Нет в продаже', state: 'none' };
  if (p.stock > 0) return { schema: 'https://schema.org/InStock', label: 'В наличии', state: 'in' };
  return { schema: 'https://schema.org/BackOrder', label: 'Под заказ', state: 'order' };
}

