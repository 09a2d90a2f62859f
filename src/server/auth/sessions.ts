/**
 * Starting and ending sessions: the better-auth session itself (sign-in paths go through
 * auth/begin-session.ts beginSession(), which also stamps last_login_at and adopts the guest's
 * lists), and ending every session of a user (password restored or changed, user blocked by the
 * company admin).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { getAuth } from './auth';
import { hashSessionToken } from './hashed-sessions';
import { betterAuthSession } from './session';

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

/**
 * Ends every session of a user at once (they are rows in the database, read on every request),
 * except the one with `exceptToken` — the caller's own, when they stay signed in.
 */
export async function endAllSessions(db: Db, userId: string, exceptToken?: string | null): Promise<number> {
  // Tokens are stored hashed (hashed-sessions.ts): the kept one is compared as stored.
  const where = exceptToken ? and(eq(sessions.userId, userId), ne(sessions.token, hashSessionToken(exceptToken))) : eq(sessions.userId, userId);
  return (await db.delete(sessions).where(where).returning({ id: sessions.id })).length;
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
