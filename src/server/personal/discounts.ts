/**
 * The company's discounts (spec §7 `GET /web/personal/discounts/`, page /personal/discounts/): the
 * general percent and the special ones by brand and by section, each with an example product at
 * the resulting price. Prices come from the catalogue's one pricing rule (catalog/pricing.ts: the
 * best applicable percent wins), so an example may show more than its own row when another rule
 * gives more. A retail customer has none: the page says so kindly.
 */
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, companyDiscounts, products } from '../db/schema';
import type { Viewer } from '../http/guard';
import { companyProfile } from '../company/profile';
import { loadPricing, percentShown, type Pricing } from '../catalog/pricing';
import { productCards, type ProductCard } from '../catalog/cards';
import { cachedSectionTree, sectionPath, subtreeIds } from '../catalog/sections';

export type PriceExample = { id: number; name: string; url: string; article: string; brand: string; price: number; yourPrice: number; percent: number };

export type DiscountRow = { id: number; kind: 'brand' | 'section'; name: string; url: string; path: string | null; percent: number; example: PriceExample | null };

export type DiscountsView = {
  company: { id: number; name: string } | null;
  /** The general percent off the whole catalogue, with an example. */
  base: { percent: number; example: PriceExample | null } | null;
  brands: DiscountRow[];
  sections: DiscountRow[];
};

function toExample(card: ProductCard, pricing: Pricing): PriceExample {
  const yourPrice = card.personalPrice ?? card.price;
  return { id: card.id, name: card.name, url: card.url, article: card.article, brand: card.brand, price: card.price, yourPrice, percent: percentShown(pricing, card) };
}

const forSale = eq(products.canBuy, true);

export async function discountsFor(db: Db, viewer: Viewer): Promise<DiscountsView> {
  if (!viewer.companyId) return { company: null, base: null, brands: [], sections: [] };
  const [company, pricing, rows, tree] = await Promise.all([
    companyProfile(db, viewer.companyId),
    loadPricing(db, viewer),
    db
      .select({ id: companyDiscounts.id, brandId: companyDiscounts.brandId, brandName: brands.name, brandCode: brands.code, sectionId: companyDiscounts.sectionId, percent: companyDiscounts.percent })
      .from(companyDiscounts)
      .leftJoin(brands, eq(brands.id, companyDiscounts.brandId))
      .where(eq(companyDiscounts.companyId, viewer.companyId))
      .orderBy(desc(companyDiscounts.percent), companyDiscounts.id),
    cachedSectionTree(db),
  ]);
  if (!company || !pricing) return { company: null, base: null, brands: [], sections: [] };

  const brandRows: DiscountRow[] = [];
  const sectionRows: DiscountRow[] = [];
  const discountedBrands: number[] = [];
  const discountedSections: number[] = [];
  for (const r of rows) {
    if (r.brandId != null && r.brandName) {
      discountedBrands.push(r.brandId);
      const [card] = await productCards(db, pricing, { where: and(forSale, eq(products.brandId, r.brandId)), limit: 1 });
      brandRows.push({ id: r.id, kind: 'brand', name: r.brandName, url: `/brands/${r.brandCode}/`, path: null, percent: Number(r.percent), example: card ? toExample(card, pricing) : null });
    } else if (r.sectionId != null) {
      const node = tree.byId.get(r.sectionId);
      if (!node) continue;
      const ids = subtreeIds(node);
      discountedSections.push(...ids);
      const [card] = await productCards(db, pricing, { where: and(forSale, inArray(products.sectionId, ids)), limit: 1 });
      const path = sectionPath(tree, node).slice(0, -1).map((n) => n.name).join(' › ') || null;
      sectionRows.push({ id: r.id, kind: 'section', name: node.name, url: node.url, path, percent: Number(r.percent), example: card ? toExample(card, pricing) : null });
    }
  }
  // The general percent's example is a product no special rule reaches.
  const [plain] = await productCards(db, pricing, {
    where: and(forSale, discountedBrands.length ? notInArray(products.brandId, discountedBrands) : undefined, discountedSections.length ? notInArray(products.sectionId, discountedSections) : undefined),
    limit: 1,
  });
  return {
    company: { id: company.id, name: company.name },
    base: { percent: company.discountPercent, example: plain ? toExample(plain, pricing) : null },
    brands: brandRows,
    sections: sectionRows,
  };
}
