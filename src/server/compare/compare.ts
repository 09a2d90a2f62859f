/**
 * Comparison (spec §3, §4, §7): items grouped by catalogue section, each section with the names of
 * the properties its products are compared by. Removing a section's last item removes the section
 * simply because sections are derived from the items.
 */
import type { Pricing } from '../catalog/pricing';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { compareItems, products, sectionProperties, sections } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { cardsByIds, type ProductCard } from '../catalog/cards';
import { formatPrice } from '../lib/text';

/** A comparison of more than this many products is unreadable on any screen. */
export const MAX_COMPARE = 40;

export type CompareItem = ProductCard & { section_id: number; properties: Record<string, string> };
export type CompareSection = { section_id: number; section_name: string; section_code: string; items: CompareItem[]; compare_properties_name: Record<string, string> };
export type CompareData = { sections: Record<string, CompareSection>; compare_properties_name: Record<string, string>; count: number };

const productNotFound = () => new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_id', message: t('BASKET_ERR_PRODUCT_NOT_FOUND') }]);

export async function addToCompare(db: Db, owner: string, productId: number): Promise<{ product_id: number; count: number }> {
  const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.active, true))).limit(1);
  if (!p) throw productNotFound();
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(compareItems).where(eq(compareItems.ownerKey, owner))) as [{ n: number }];
  if (Number(n) >= MAX_COMPARE) {
    const [has] = await db.select({ id: compareItems.productId }).from(compareItems).where(and(eq(compareItems.ownerKey, owner), eq(compareItems.productId, productId)));
    if (!has) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'product_id', message: t('BASKET_COMPARE_ERR_TOO_MANY').replace('{max}', String(MAX_COMPARE)) }]);
  }
  await db.insert(compareItems).values({ ownerKey: owner, productId }).onConflictDoNothing();
  return { product_id: productId, count: Math.min(Number(n) + 1, MAX_COMPARE) };
}

export async function removeFromCompare(db: Db, owner: string, productId: number): Promise<{ product_id: number }> {
  const rows = await db.delete(compareItems).where(and(eq(compareItems.ownerKey, owner), eq(compareItems.productId, productId))).returning({ id: compareItems.productId });
  if (!rows.length) throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_id', message: t('BASKET_COMPARE_ERR_NOT_IN_LIST') }]);
  return { product_id: productId };
}

/** POST api/compare/clear/ {section_id?}: one section, or everything. */
export async function clearCompare(db: Db, owner: string, sectionId?: number): Promise<{ removed: number }> {
  const where = sectionId
    ? and(eq(compareItems.ownerKey, owner), sql`${compareItems.productId} IN (SELECT ${products.id} FROM ${products} WHERE ${products.sectionId} = ${sectionId})`)
    : eq(compareItems.ownerKey, owner);
  const rows = await db.delete(compareItems).where(where).returning({ id: compareItems.productId });
  if (sectionId && !rows.length) throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'section_id', message: t('BASKET_COMPARE_ERR_NO_SECTION') }]);
  return { removed: rows.length };
}

function showValue(v: string | number | undefined, unit: string | null): string {
  if (v === undefined || v === null || v === '') return '—';
  return unit && typeof v === 'number' ? `${v} ${unit}` : String(v);
}

export async function compareData(db: Db, pricing: Pricing | null, owner: string | null): Promise<CompareData> {
  if (!owner) return { sections: {}, compare_properties_name: {}, count: 0 };
  const rows = await db
    .select({ id: products.id, sectionId: products.sectionId, props: products.properties, sectionName: sections.name, sectionCode: sections.code })
    .from(compareItems)
    .innerJoin(products, eq(products.id, compareItems.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(eq(compareItems.ownerKey, owner), eq(products.active, true)))
    .orderBy(asc(sections.name), asc(compareItems.createdAt), asc(products.id));
  if (!rows.length) return { sections: {}, compare_properties_name: {}, count: 0 };
  const sectionIds = [...new Set(rows.map((r) => r.sectionId))];
  const props = await db.select().from(sectionProperties).where(inArray(sectionProperties.sectionId, sectionIds)).orderBy(asc(sectionProperties.sort), asc(sectionProperties.id));
  const cards = new Map((await cardsByIds(db, pricing, rows.map((r) => r.id))).map((c) => [c.id, c]));
  const out: Record<string, CompareSection> = {};
  const allNames: Record<string, string> = {};
  for (const r of rows) {
    const card = cards.get(r.id);
    if (!card) continue;
    const own = props.filter((p) => p.sectionId === r.sectionId);
    const section = (out[String(r.sectionId)] ??= {
      section_id: r.sectionId,
      section_name: r.sectionName,
      section_code: r.sectionCode,
      items: [],
      compare_properties_name: Object.fromEntries([['brand', t('BASKET_COMPARE_PROP_BRAND')], ['price', t('BASKET_COMPARE_PROP_PRICE')], ...own.map((p) => [p.code, p.unit ? `${p.name}, ${p.unit}` : p.name])]),
    });
    Object.assign(allNames, section.compare_properties_name);
    // The «Цена» row is the price this viewer pays (a contractor's own), like the card above it.
    const values: Record<string, string> = { brand: card.brand, price: formatPrice(card.personalPrice ?? card.price) };
    for (const p of own) values[p.code] = showValue(r.props[p.code], null);
    section.items.push({ ...card, section_id: r.sectionId, properties: values });
  }
  return { sections: out, compare_properties_name: allNames, count: rows.length };
}
