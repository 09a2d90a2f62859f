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
import type { SessionUser } from '../auth/session';
import type { Pricing } from '../catalog/pricing';

/** The response header through which the app tells the page cache a session's profile (`-`: none); the front strips it. */
export const PROFILE_HEADER = 'x-page-profile';
/** The mark's profile until the middleware has computed it (after the render, only for a page marked cacheable). */
export const PROFILE_PENDING = '?';
/** What a response for a session credential that stands for no profile carries. */
export const NO_PROFILE = '-';

/**
 * The profile of a user whose page was rendered with `pricing` (the request's own, catalog/pricing.ts
 * `viewerPricing`): the very terms that priced the page name the copy it is kept as, and no query is made.
 * A company user without a company row (deleted meanwhile) gets none.
 */
export function pageProfileOf(user: Pick<SessionUser, 'companyId' | 'isStaff' | 'defaultBranchId'>, pricing: Pricing | null): string | null {
  if (user.isStaff) return null;
  const parts = [`b${user.defaultBranchId ?? '-'}`];
  if (user.companyId != null) {
    if (!pricing) return null;
    parts.push('c', pricing.terms);
  } else parts.push('r');
  return 'p' + createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 22);
}
