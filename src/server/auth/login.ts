/**
 * The one sign-in, behind both login paths (POST /api/authentication/ and the no-JS form of
 * /login/): checks the password, then whether the account may act, creates the session, and moves
 * the guest's basket, favourites and comparison onto the account. Logout ends the session.
 *
 * Nothing is told before the password is right: an unknown e-mail, a wrong password, a blocked or
 * unconfirmed account all get «Неверный email или пароль» after the same work (one password hash
 * is checked in every case). Only with the right password does the answer say "blocked" or
 * "confirm your e-mail". The one deliberate exception is the spec's `user_not_auth` (an account
 * without a password yet, added by a company admin): see docs/decisions/0060-accounts.md.
 *
 * Failed attempts are limited per e-mail and per client address (auth/limits.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { AstroCookies } from 'astro';
import { getDb } from '../db/client';
import { accounts, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { clientIp, reset } from '../http/rate-limit';
import { t } from '../../i18n';
import { getAuth } from './auth';
import { mayAct } from './session';
import { startSession } from './sessions';
import { countFailure, limitFor, refuseIfExhausted } from './limits';
import { pendingRegistration } from '../accounts/pending';
import { GUEST_COOKIE, guestToken } from '../lists/owner';
import { mergeGuestLists } from '../lists/merge';
import { APIError } from 'better-auth/api';
import { secureCookies } from '../http/security-headers';

export type LoginResult = { token: string; setCookies: string[]; userId: string };

let dummyHash: Promise<string> | null = null;

/** Checks `password` against a hash that matches nothing, so that "no such account" costs what a wrong password costs. */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword({ hash: await dummyHash, password });
}

const invalid = () => new HttpError(401, [{ code: ERR.VALIDATION, message: t('AUTH_INVALID') }]);

/** Right password, e-mail not confirmed yet: the client offers to send the code (data.user_not_verified). */
export const notConfirmed = (email: string) => new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('AUTH_NOT_CONFIRMED') }], { user_not_verified: true, email });

export async function login(email: string, password: string, remember: boolean, requestHeaders: Headers, ip = 'unknown'): Promise<LoginResult> {
  const db = await getDb();
  const limits = [limitFor('loginFailPerAccount', email), limitFor('loginFailPerIp', ip)];
  await refuseIfExhausted(db, limits);
  const failed = async (error: HttpError = invalid()) => {
    await countFailure(db, limits);
    return error;
  };

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    // A registration waiting for its e-mail code: its password, once right, earns "confirm your e-mail".
    const pending = await pendingRegistration(db, email);
    if (pending && (await verifyPassword({ hash: pending.passwordHash, password }))) throw notConfirmed(email);
    if (!pending) await spendPasswordCheck(password);
    throw await failed();
  }
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  // A user created by a contractor admin (or imported from the CRM) has no password yet: the
  // client opens the first-authorization dialog (spec §4, user_not_auth).
  if (!credential?.password) {
    await spendPasswordCheck(password);
    if (!mayAct(user)) throw await failed();
    throw await failed(new HttpError(401, [{ code: ERR.NOT_AUTH, message: t('AUTH_FIRST_LOGIN') }], { user_not_auth: true, email }));
  }
  if (!(await verifyPassword({ hash: credential.password, password }))) throw await failed();
  if (!mayAct(user)) throw new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('AUTH_BLOCKED') }]);
  if (!user.emailVerified) throw notConfirmed(email);

  await reset(db, limits[0]!.key);
  const session = await startSession(user.id, remember, requestHeaders);
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  return { ...session, userId: user.id };
}

/** The client's address as the rate limits see it (Astro throws where it cannot know it). */
export function requestIp(ctx: { request: Request; clientAddress?: string }): string {
  let socket: string | undefined;
  try {
    socket = ctx.clientAddress;
  } catch {
    socket = undefined;
  }
  return clientIp(ctx.request, socket);
}

/**
 * Sign-in as both login paths use it: the session, plus the guest's lists merged into the
 * account's (nothing a guest saved is lost) and the guest cookie cleared.
 */
export async function signIn(
  input: { email: string; password: string; remember: boolean },
  ctx: { request: Request; cookies: AstroCookies; clientAddress?: string },
): Promise<LoginResult> {
  const result = await login(input.email, input.password, input.remember, ctx.request.headers, requestIp(ctx));
  await adoptGuestLists(ctx, result.userId);
  return result;
}

/** Moves the guest's basket, favourites and comparison onto the account that just signed in. */
export async function adoptGuestLists(ctx: { cookies: AstroCookies }, userId: string): Promise<void> {
  const guest = guestToken(ctx.cookies);
  if (!guest) return;
  await mergeGuestLists(await getDb(), `g:${guest}`, `u:${userId}`);
  ctx.cookies.delete(GUEST_COOKIE, { path: '/', secure: secureCookies() });
}

export async function logout(requestHeaders: Headers): Promise<string[]> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return headers.getSetCookie();
  } catch (e) {
    if (e instanceof APIError) return [];
    throw e;
  }
}
