/**
 * 1C's price types in the desk (/desk/exchange/price-types/): which one is retail, how many prices each
 * holds, which companies buy by it — and a manager assigning a company its contract price list
 * (`companies.price_type_id`, decisions 0010 and 0200). The assignment is read by `catalog/pricing.ts`
 * on the contractor's next request (pricing is loaded per request, and no page a contractor sees is
 * cached), so their cards, basket and checkout show the list price at once.
 */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, priceTypes } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { logStaff } from '../desk/log';
import { t } from '../../i18n';

export type PriceTypeRow = { id: number; external_id: string; name: string; currency: string | null; retail: boolean; prices: number; companies: { id: number; name: string; unp: string }[] };

/**
 * Which type is retail, as the offer import decides it (exchange/catalog.ts `retailType`): the one whose
 * name has «Розничн», else the first declared — here the first known (lowest id), which is the first 1C declared
 * when the types arrived in one package.
 */
export function retailOf(types: { id: number; name: string }[]): number | null {
  const sorted = [...types].sort((a, b) => a.id - b.id);
  return (sorted.find((p) => /розничн/i.test(p.name)) ?? sorted[0])?.id ?? null;
}

export async function listPriceTypes(db: Db): Promise<PriceTypeRow[]> {
  const [types, assigned] = await Promise.all([
    db
      .select({ id: priceTypes.id, externalId: priceTypes.externalId, name: priceTypes.name, currency: priceTypes.currency, prices: sql<number>`(SELECT count(*) FROM product_prices pp WHERE pp.price_type_id = ${priceTypes.id})::int` })
      .from(priceTypes)
      .orderBy(asc(priceTypes.id)),
    db.select({ id: companies.id, name: companies.name, unp: companies.unp, priceTypeId: companies.priceTypeId }).from(companies).where(sql`${companies.priceTypeId} IS NOT NULL`).orderBy(asc(companies.name), asc(companies.id)),
  ]);
  const retail = retailOf(types);
  return types.map((p) => ({
    id: p.id,
    external_id: p.externalId,
    name: p.name,
    currency: p.currency,
    retail: p.id === retail,
    prices: Number(p.prices),
    companies: assigned.filter((c) => c.priceTypeId === p.id).map((c) => ({ id: c.id, name: c.name, unp: c.unp })),
  }));
}

export type CompanyHit = { id: number; name: string; unp: string; price_type_id: number | null; discount_percent: number };

/** Companies by part of the name or of the УНП (at most 20), for the assignment form. */
export async function findCompanies(db: Db, query: string): Promise<CompanyHit[]> {
  const q = query.trim();
  if (!q) return [];
  const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db
    .select({ id: companies.id, name: companies.name, unp: companies.unp, priceTypeId: companies.priceTypeId, discount: companies.discountPercent })
    .from(companies)
    .where(or(ilike(companies.name, like), ilike(companies.unp, like)))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: r.name, unp: r.unp, price_type_id: r.priceTypeId ?? null, discount_percent: Number(r.discount) }));
}

/**
 * Assigns (or, with null, removes) a company's contract price type. Unknown company: 404; unknown type
 * or the retail one (it is everyone's price, not a contract): 422. Logged in the desk journal.
 */
export async function setCompanyPriceType(db: Db, staff: Viewer, input: { company_id: number; price_type_id: number | null }): Promise<{ company_id: number; price_type_id: number | null; price_type: string | null }> {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name, unp: companies.unp, priceTypeId: companies.priceTypeId }).from(companies).where(eq(companies.id, input.company_id)).for('update');
    if (!company) throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'company_id', message: t('PT_ERR_COMPANY') }]);
    let typeName: string | null = null;
    if (input.price_type_id !== null) {
      const types = await tx.select({ id: priceTypes.id, name: priceTypes.name }).from(priceTypes);
      const type = types.find((p) => p.id === input.price_type_id);
      if (!type) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'price_type_id', message: t('PT_ERR_TYPE') }]);
      if (type.id === retailOf(types)) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'price_type_id', message: t('PT_ERR_RETAIL') }]);
      typeName = type.name;
    }
    if (company.priceTypeId !== input.price_type_id) {
      await tx.update(companies).set({ priceTypeId: input.price_type_id }).where(eq(companies.id, company.id));
      await logStaff(tx, staff.id, 'company.price_type', { kind: 'company', id: company.id }, { company: company.name, unp: company.unp, previous_type_id: company.priceTypeId, price_type_id: input.price_type_id, price_type: typeName });
    }
    return { company_id: company.id, price_type_id: input.price_type_id, price_type: typeName };
  });
}
