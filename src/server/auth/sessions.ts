/**
 * Starting and ending sessions: the better-auth session itself (sign-in paths go through
 * auth/begin-session.ts beginSession(), which also stamps last_login_at and adopts the guest's
 * lists), and ending every session of a user (password restored or changed, user blocked by the
 * company admin).
 */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { endedSessions, sessions } from '../db/schema';
import { SESSION_COOKIE } from './credentials';
import { getAuth } from './auth';
import { hashSessionToken } from './hashed-sessions';
import { betterAuthSession, sessionCredential } from './session';

export type StartedSession = { token: string; setCookies: string[] };

/**
 * A new better-auth session for `userId`, who our code has already authenticated (sign-ins call
 * beginSession(), not this). `remember` (the spec's
 * `remember: 'Y'`) gives the one-week cookie (604800 s); otherwise the cookie ends with the browser.
 */
export async function startSession(userId: string, remember: boolean, requestHeaders: Headers): Promise<StartedSession> {
  const auth = await getAuth();
  const headers = new Headers(requestHeaders);
  // The new session must not be taken for a continuation of whatever the request already carried.
  headers.delete('authorization');
  const { headers: out, response } = await auth.api.startServerSession({ body: { userId, remember }, headers, returnHeaders: true });
  return { token: out.get('set-auth-token') ?? response.token, setCookies: out.getSetCookie() };
}

/** Why the server ended a session: the login page tells the browser that still holds it (i18n LOGIN_ENDED_*). */
export const END_REASONS = ['password', 'restored', 'blocked', 'everywhere'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** How long an ended session's reason is kept: longer than the one-week cookie. */
const KEEP_REASON_DAYS = 30;

/**
 * Ends every session of a user at once (they are rows in the database, read on every request),
 * except the one with `exceptToken` — the caller's own, when they stay signed in — and notes why.
 */
export async function endAllSessions(db: Db, userId: string, reason: EndReason, exceptToken?: string | null): Promise<number> {
  // Tokens are stored hashed (hashed-sessions.ts): the kept one is compared as stored.
  const where = exceptToken ? and(eq(sessions.userId, userId), ne(sessions.token, hashSessionToken(exceptToken))) : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(where).returning({ token: sessions.token });
  await noteEnded(db, ended.map((r) => r.token), reason);
  return ended.length;
}

/** Notes why these sessions (their tokens as stored) were ended; drops notes past their time. Takes a transaction too. */
export async function noteEnded(db: Db, storedTokens: string[], reason: EndReason): Promise<void> {
  if (!storedTokens.length) return;
  await db.insert(endedSessions).values(storedTokens.map((token) => ({ token, reason }))).onConflictDoNothing();
  await db.delete(endedSessions).where(lt(endedSessions.endedAt, sql`now() - make_interval(days => ${KEEP_REASON_DAYS})`));
}

/**
 * Why the session this request's credential names was ended, or null (expired, signed out on this
 * device, or never ours). Only asked for a credential that no longer stands, so it costs ordinary
 * visitors nothing.
 */
export async function endReason(db: Db, request: Request, url: URL): Promise<EndReason | null> {
  const token = rawToken(request, url);
  if (!token) return null;
  const [row] = await db.select({ reason: endedSessions.reason }).from(endedSessions).where(eq(endedSessions.token, hashSessionToken(token))).limit(1);
  return row && (END_REASONS as readonly string[]).includes(row.reason) ? (row.reason as EndReason) : null;
}

/** The bare session token a request carries (the cookie's value is `token.signature`, URL-encoded). */
function rawToken(request: Request, url: URL): string | null {
  const credential = sessionCredential(request, url);
  if (!credential) return null;
  let value = credential.value;
  if (credential.kind === 'cookie') {
    const cookies = request.headers.get('cookie') ?? '';
    const found = cookies.split(/;\s*/).find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`__Secure-${SESSION_COOKIE}=`));
    try {
      value = found ? decodeURIComponent(found.slice(found.indexOf('=') + 1)) : '';
    } catch {
      return null;
    }
  }
  const token = value.split('.')[0] ?? '';
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}

/** The token of the session this request runs in (to keep it when ending the others), or null. */
export async function currentSessionToken(request: Request, url: URL): Promise<string | null> {
  const session = await betterAuthSession(request, url);
  return session?.session.token ?? null;
}

/** Appends a started session's cookies to a response. */
export function withSessionCookies(res: Response, started: Pick<StartedSession, 'setCookies'>): Response {
  for (const c of started.setCookies) res.headers.append('set-cookie', c);
  return res;
}
