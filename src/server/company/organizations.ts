/**
 * The companies a user may act for (POST api/organization/list/ {search}): the payer of an invoice
 * order, the company of an export list. Today a user belongs to at most one company; the call and
 * this function return a list so that several legal entities per customer need no API change.
 */
import { and, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import type { Viewer } from '../http/guard';

export type Organization = { id: number; name: string; unp: string; legalAddress: string | null; iban: string | null; bankName: string | null; bic: string | null };

export async function organizationsFor(db: Db, viewer: Viewer, search = ''): Promise<Organization[]> {
  if (!viewer.companyId) return [];
  const q = search.trim();
  const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
  return db
    .select({ id: companies.id, name: companies.name, unp: companies.unp, legalAddress: companies.legalAddress, iban: companies.iban, bankName: companies.bankName, bic: companies.bic })
    .from(companies)
    .where(and(eq(companies.id, viewer.companyId), q ? or(ilike(companies.name, like), ilike(companies.unp, like)) : undefined))
    .orderBy(companies.name);
}
