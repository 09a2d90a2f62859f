/**
 * Contractor prices: a company has a general discount (companies.discount_percent) and may have
 * discounts per brand or per catalogue section (company_discounts). A product gets the largest
 * discount that applies to it (see docs/decisions/0020-basket.md).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyDiscounts } from '../db/schema';

export type DiscountRules = { general: number; byBrand: Map<number, number>; bySection: Map<number, number> };

export async function discountRules(db: Db, companyId: number | null | undefined): Promise<DiscountRules | null> {
  if (!companyId) return null;
  const [company] = await db.select({ percent: companies.discountPercent }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  const rows = await db.select().from(companyDiscounts).where(eq(companyDiscounts.companyId, companyId));
  const byBrand = new Map<number, number>();
  const bySection = new Map<number, number>();
  for (const r of rows) {
    if (r.brandId != null) byBrand.set(r.brandId, Math.max(byBrand.get(r.brandId) ?? 0, Number(r.percent)));
    if (r.sectionId != null) bySection.set(r.sectionId, Math.max(bySection.get(r.sectionId) ?? 0, Number(r.percent)));
  }
  return { general: Number(company.percent), byBrand, bySection };
}

/** Percent off for a product of `brandId` in a section whose path (leaf and ancestors) is `sectionIds`. */
export function discountFor(rules: DiscountRules | null, brandId: number, sectionIds: (number | null)[]): number {
  if (!rules) return 0;
  let best = rules.general;
  best = Math.max(best, rules.byBrand.get(brandId) ?? 0);
  for (const id of sectionIds) if (id != null) best = Math.max(best, rules.bySection.get(id) ?? 0);
  return Math.min(Math.max(best, 0), 100);
}

/** Price after `percent` off, in whole kopecks. */
export function discounted(price: number, percent: number): number {
  return Math.round(price * (100 - percent)) / 100;
}

export const roundMoney = (n: number) => Math.round(n * 100) / 100;
