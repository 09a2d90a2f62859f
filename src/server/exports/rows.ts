/**
 * The products of a feed, read from the database in batches by keyset (id > last id, ORDER BY id,
 * LIMIT n): however large the catalogue, only one batch is in memory, and each batch is one indexed
 * query. Prices are the owner's own, computed by the catalogue's pricing in one place (priceBatch).
 */
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, brands, products, stocks } from '../db/schema';
import { loadPricing, personalPrice, preparePrices, type Pricing } from '../catalog/pricing';
import { cachedSectionTree, sectionPath, type SectionTree } from '../catalog/sections';
import { cachedSectionProps, formatPropValue, type PropDef } from '../catalog/reference';
import type { Field } from './settings';

export const BATCH_SIZE = 1000;
const IMAGE_WIDTH = 960;

export type BranchRef = { id: number; code: string; name: string };
export type FeedProp = { name: string; value: string; unit: string | null; label: string };

export type FeedRow = {
  id: number;
  code: string;
  article: string;
  name: string;
  brand: string;
  sectionId: number;
  sectionPath: string;
  /** Retail price (the site's price for everyone). */
  price: number;
  /** What the feed's owner pays. */
  myPrice: number;
  stock: number;
  /** Per branch, in the order of `FeedContext.branches` (only when the list has stock per branch). */
  branchStock: number[];
  images: string[];
  description: string;
  properties: FeedProp[];
  url: string;
};

/** Everything a batch needs besides the rows, loaded once per feed. */
export type FeedContext = {
  site: string;
  fields: ReadonlySet<Field>;
  tree: SectionTree;
  props: Map<number, PropDef[]>;
  branches: BranchRef[];
  pricing: Pricing | null;
};

export async function feedContext(db: Db, opts: { site: string; fields: readonly Field[]; companyId: number | null }): Promise<FeedContext> {
  const fields = new Set(opts.fields);
  const [tree, props, branchRows, pricing] = await Promise.all([
    cachedSectionTree(db),
    fields.has('properties') ? cachedSectionProps(db) : Promise.resolve(new Map<number, PropDef[]>()),
    fields.has('stock_branches') ? db.select({ id: branches.id, code: branches.code, name: branches.name }).from(branches).orderBy(asc(branches.sort), asc(branches.id)) : Promise.resolve([]),
    loadPricing(db, { companyId: opts.companyId }),
  ]);
  return { site: opts.site.replace(/\/+$/, ''), fields, tree, props, branches: branchRows, pricing };
}

/** The one place a feed asks the catalogue what its owner pays (retail price when they have no company terms). */
export async function priceBatch<T extends { id: number; price: number; brandId: number; sectionId: number; personalPrice: number | null }>(items: T[], pricing: Pricing | null): Promise<T[]> {
  // The list prices of this batch only (a feed of 100k products reads them batch by batch, like its rows).
  await preparePrices(pricing, items.map((i) => i.id));
  for (const item of items) item.personalPrice = personalPrice(pricing, item);
  // A feed holds one Pricing for its whole run: forget this batch's list prices so memory stays per batch.
  pricing?.listPrices.clear();
  return items;
}

const pathCache = new WeakMap<SectionTree, Map<number, string>>();
function pathOf(tree: SectionTree, sectionId: number): string {
  let cache = pathCache.get(tree);
  if (!cache) pathCache.set(tree, (cache = new Map()));
  let path = cache.get(sectionId);
  if (path === undefined) {
    const node = tree.byId.get(sectionId);
    path = node ? sectionPath(tree, node).map((n) => n.name).join(' / ') : '';
    cache.set(sectionId, path);
  }
  return path;
}

function propsOf(ctx: FeedContext, sectionId: number, values: Record<string, string | number>): FeedProp[] {
  const defs = ctx.props.get(sectionId) ?? [];
  const out: FeedProp[] = [];
  for (const d of defs) {
    const v = values[d.code];
    if (v === undefined || v === null || v === '') continue;
    const value = String(v);
    out.push({ name: d.name, value, unit: d.unit, label: formatPropValue(value, d.unit) });
  }
  return out;
}

/** Batches of feed rows matching `where`, by ascending id, until none are left or `signal` says stop. */
export async function* feedBatches(db: Db, ctx: FeedContext, where: SQL, signal?: { stopped: boolean }): AsyncGenerator<FeedRow[]> {
  const withText = ctx.fields.has('description');
  const withProps = ctx.fields.has('properties');
  let last = 0;
  while (!signal?.stopped) {
    const rows = await db
      .select({
        id: products.id,
        code: products.code,
        article: products.article,
        name: products.name,
        price: products.price,
        brandId: products.brandId,
        sectionId: products.sectionId,
        stock: products.stockQty,
        imageCount: products.imageCount,
        brand: brands.name,
        ...(withText ? { description: products.description } : {}),
        ...(withProps ? { properties: products.properties } : {}),
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(gt(products.id, last), where))
      .orderBy(asc(products.id))
      .limit(BATCH_SIZE);
    if (!rows.length) return;
    last = rows[rows.length - 1]!.id;
    const priced = await priceBatch(
      rows.map((r) => ({ ...r, price: Number(r.price), personalPrice: null as number | null })),
      ctx.pricing,
    );
    const perBranch = ctx.branches.length ? await branchStock(db, ctx.branches, priced.map((r) => r.id)) : null;
    yield priced.map((r) => ({
      id: r.id,
      code: r.code,
      article: r.article,
      name: r.name,
      brand: r.brand,
      sectionId: r.sectionId,
      sectionPath: pathOf(ctx.tree, r.sectionId),
      price: r.price,
      myPrice: r.personalPrice ?? r.price,
      stock: r.stock,
      branchStock: perBranch?.get(r.id) ?? ctx.branches.map(() => 0),
      images: Array.from({ length: Math.max(1, r.imageCount) }, (_, i) => `${ctx.site}/img/p/${r.id}/${i}-${IMAGE_WIDTH}.webp`),
      description: ('description' in r ? (r.description as string) : '') ?? '',
      properties: 'properties' in r ? propsOf(ctx, r.sectionId, r.properties as Record<string, string | number>) : [],
      url: `${ctx.site}/${r.code}/`,
    }));
    if (rows.length < BATCH_SIZE) return;
  }
}

async function branchStock(db: Db, list: BranchRef[], ids: number[]): Promise<Map<number, number[]>> {
  const index = new Map(list.map((b, i) => [b.id, i]));
  const rows = await db.select().from(stocks).where(inArray(stocks.productId, ids));
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const i = index.get(r.branchId);
    if (i === undefined) continue;
    let q = out.get(r.productId);
    if (!q) out.set(r.productId, (q = list.map(() => 0)));
    q[i] = r.quantity;
  }
  return out;
}
