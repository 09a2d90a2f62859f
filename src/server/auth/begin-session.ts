/**
 * The one way a session begins, whatever proved who the caller is: the password (auth/login.ts
 * signIn, API and no-JS /login/), a registration code (POST /api/registration/confirm/), a restore
 * code, or the first authorization of an employee a company admin added (both
 * POST /api/password/restore/). Every path gets the same four things, so none can forget one:
 *
 * 1. a better-auth session (auth/sessions.ts startSession: the server-only plugin endpoint, the
 *    signed `instr.session_token` cookie, the one-week cookie when `remember`);
 * 2. `users.last_login_at` stamped — the admin's users list shows «Последний вход» from it;
 * 3. the guest's basket, favourites and comparison moved onto the account (lists/merge.ts);
 * 4. the guest cookie cleared (through Astro's cookies, so it goes out with any response).
 *
 * The session cookies are better-auth's own Set-Cookie lines: the caller puts them on the response
 * it builds (`withSessionCookies()`), since an endpoint's or a redirect's Response is its own.
 */
import { eq, sql } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { secureCookies } from '../http/security-headers';
import { GUEST_COOKIE, guestToken } from '../lists/owner';
import { mergeGuestLists } from '../lists/merge';
import { startSession, type StartedSession } from './sessions';

export type BegunSession = StartedSession & { userId: string };

export type SessionContext = { request: Request; cookies: AstroCookies };

/** Signs in `userId`, whom the caller has already authenticated (password or e-mail code). */
export async function beginSession(ctx: SessionContext, userId: string, remember: boolean): Promise<BegunSession> {
  const session = await startSession(userId, remember, ctx.request.headers);
  const db = await getDb();
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
  await adoptGuestLists(ctx, userId);
  return { ...session, userId };
}

/** Moves the guest's basket, favourites and comparison onto the account that just signed in. */
async function adoptGuestLists(ctx: { cookies: AstroCookies }, userId: string): Promise<void> {
  const guest = guestToken(ctx.cookies);
  if (!guest) return;
  await mergeGuestLists(await getDb(), `g:${guest}`, `u:${userId}`);
  ctx.cookies.delete(GUEST_COOKIE, { path: '/', secure: secureCookies() });
}

export { withSessionCookies } from './sessions';
