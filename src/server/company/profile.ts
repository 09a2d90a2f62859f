/** A contractor company as its own users see it in the personal area: name, УНП, discount, and the store's manager for it. */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyDiscounts } from '../db/schema';

export type CompanyProfile = {
  id: number;
  name: string;
  unp: string;
  /** The general percent off the whole catalogue. */
  discountPercent: number;
  /** How many special percents by brand or section the company has, and the largest. */
  specialDiscounts: number;
  maxDiscount: number;
  manager: { name: string | null; phone: string | null; email: string | null };
};

export async function companyProfile(db: Db, companyId: number): Promise<CompanyProfile | null> {
  const [[c], specials] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select({ n: count(), max: companyDiscounts.percent }).from(companyDiscounts).where(eq(companyDiscounts.companyId, companyId)).groupBy(companyDiscounts.percent),
  ]);
  if (!c) return null;
  const base = Number(c.discountPercent);
  return {
    id: c.id,
    name: c.name,
    unp: c.unp,
    discountPercent: base,
    specialDiscounts: specials.reduce((s, r) => s + Number(r.n), 0),
    maxDiscount: Math.max(base, ...specials.map((r) => Number(r.max))),
    manager: { name: c.managerName, phone: c.managerPhone, email: c.managerEmail },
  };
}
