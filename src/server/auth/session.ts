/** Who is making this request: the signed-in user, if any, resolved from the session credential. */
import type { LimitPeriod } from '../orders/limit-period';
import { getAuth } from './auth';
import { findCredential, type Credential } from './credentials';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  companyId: number | null;
  isContragentAdmin: boolean;
  isStaff: boolean;
  /** Permission codes of auth/permissions.ts as stored; use `userCan()` to ask. */
  permissions: string[];
  /** Per-order spending limit in BYN (company employees), or null. */
  orderLimit: number | null;
  /** What `orderLimit` counts: one order, or the Minsk day, week or month (orders/approval.ts). */
  orderLimitPeriod: LimitPeriod;
  /** The branch the user picks up from by default (profile), or null: the product page's promise and checkout start there. */
  defaultBranchId: number | null;
};

/** The one "may this account act" rule: login, session resolution and every call use it. */
export function mayAct(user: { blocked: boolean; active: boolean }): boolean {
  return !user.blocked && user.active;
}

/**
 * A session token as better-auth issues it (random URL-safe characters, optionally `.signature`).
 * Anything else — a NUL byte, a right-to-left mark, emoji, 10 KB of junk — is not a credential.
 */
const WELL_FORMED_TOKEN = /^[A-Za-z0-9._~+/=%-]{16,512}$/;

/** The session credential of a Fetch-API request (see auth/credentials.ts for the rule). */
export function sessionCredential(request: Request, url: URL): Credential | null {
  return findCredential((name) => request.headers.get(name), url.search.slice(1));
}

/** True when the request carries anything that could be a session (cheap: no database). */
export function hasAuthCredentials(request: Request, url: URL): boolean {
  return sessionCredential(request, url) !== null;
}

/**
 * better-auth's session behind the request's credential, or null. The spec's clients send the token
 * as a `token` header or query parameter; better-auth's bearer plugin reads it as
 * `Authorization: Bearer`, so it is translated here.
 */
export async function betterAuthSession(request: Request, url: URL) {
  const credential = sessionCredential(request, url);
  if (!credential) return null;
  const headers = new Headers(request.headers);
  if (credential.kind === 'bearer') {
    if (!WELL_FORMED_TOKEN.test(credential.value)) return null;
    headers.set('authorization', `Bearer ${credential.value}`);
  } else {
    headers.delete('authorization');
  }
  const auth = await getAuth();
  return auth.api.getSession({ headers }).catch(() => null);
}

export type Resolved = { user: SessionUser | null; /** A credential was sent but no valid session stands behind it. */ stale: boolean };

/**
 * Resolves the session and the user behind it (who must still be allowed to act). better-auth reads the
 * session and its user row (every column SessionUser needs is one of its user fields, auth/auth.ts), fresh
 * from the database on every request: a user blocked a moment ago is refused on the next one.
 */
export async function resolveSession(request: Request, url: URL): Promise<Resolved> {
  const credential = sessionCredential(request, url);
  if (!credential) return { user: null, stale: false };
  const session = await betterAuthSession(request, url);
  if (!session) return { user: null, stale: true };
  const u = session.user;
  // Fails closed: a flag that did not come back as a boolean refuses, never admits.
  if (!mayAct({ blocked: u.blocked !== false, active: u.active === true })) return { user: null, stale: true };
  return {
    stale: false,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone ?? null,
      companyId: u.companyId == null ? null : Number(u.companyId),
      isContragentAdmin: !!u.isContragentAdmin,
      isStaff: !!u.isStaff,
      permissions: Array.isArray(u.permissions) ? (u.permissions as string[]) : [],
      orderLimit: u.orderLimit == null ? null : Number(u.orderLimit),
      orderLimitPeriod: (u.orderLimitPeriod ?? 'order') as LimitPeriod,
      defaultBranchId: u.defaultBranchId == null ? null : Number(u.defaultBranchId),
    },
  };
}
