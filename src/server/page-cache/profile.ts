/**
 * A signed-in visitor's pricing profile (decision 0310): everything that makes one signed-in catalogue page
 * differ from another's — the company's general percent, its per-brand and per-section percents and its
 * price list (promotions are the same for everyone), whether the visitor is a contractor (a promotion's
 * page says so), and the default branch (the product page's pickup promise). Two visitors with the same
 * profile get byte-identical catalogue pages, so the page cache keeps one copy for both
 * (front.ts); nothing personal (a name, an e-mail, the lists) is on those pages — the header's per-user
 * call and the islands bring it.
 *
 * Staff get no profile: they see drafts and unpublished entries on the same addresses.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyDiscounts, users } from '../db/schema';
import type { SessionUser } from '../auth/session';

/** The response header through which the app tells the page cache a session's profile (`-`: none); the front strips it. */
export const PROFILE_HEADER = 'x-page-profile';
/** The mark's profile until the middleware has computed it (after the render, only for a page marked cacheable). */
export const PROFILE_PENDING = '?';
/** What a response for a session credential that stands for no profile carries. */
export const NO_PROFILE = '-';

export async function pageProfileOf(db: Db, user: Pick<SessionUser, 'id' | 'companyId' | 'isStaff'>): Promise<string | null> {
  if (user.isStaff) return null;
  const [me] = await db.select({ branch: users.defaultBranchId }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!me) return null;
  const parts = [`b${me.branch ?? '-'}`];
  if (user.companyId != null) {
    const [company] = await db.select({ percent: companies.discountPercent, priceType: companies.priceTypeId }).from(companies).where(eq(companies.id, user.companyId)).limit(1);
    if (!company) return null;
    const rows = await db
      .select({ brand: companyDiscounts.brandId, section: companyDiscounts.sectionId, percent: companyDiscounts.percent })
      .from(companyDiscounts)
      .where(eq(companyDiscounts.companyId, user.companyId))
      .orderBy(asc(companyDiscounts.brandId), asc(companyDiscounts.sectionId), asc(companyDiscounts.percent));
    parts.push('c', `d${Number(company.percent)}`, `t${company.priceType ?? '-'}`, ...rows.map((r) => `${r.brand ?? '-'}/${r.section ?? '-'}:${Number(r.percent)}`));
  } else parts.push('r');
  return 'p' + createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 22);
}
