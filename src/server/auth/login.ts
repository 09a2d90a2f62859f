/**
 * The one sign-in, behind both login paths (POST /api/authentication/ and the no-JS form of
 * /login/): checks the password, then whether the account may act, creates the session, and moves
 * the guest's basket, favourites and comparison onto the account. Logout ends the session.
 *
 * An unknown e-mail and a wrong password get the same answer after the same work (a password hash
 * is checked either way), and "blocked" is said only to someone who knows the password.
 */
import { and, eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { AstroCookies } from 'astro';
import { getDb } from '../db/client';
import { accounts, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { getAuth } from './auth';
import { mayAct } from './session';
import { GUEST_COOKIE, guestToken } from '../lists/owner';
import { mergeGuestLists } from '../lists/merge';

export type LoginResult = { token: string; setCookies: string[]; userId: string };

let dummyHash: Promise<string> | null = null;

const invalid = () => new HttpError(401, [{ code: ERR.VALIDATION, message: t('AUTH_INVALID') }]);

export async function login(email: string, password: string, remember: boolean, requestHeaders: Headers): Promise<LoginResult> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const [credential] = user
    ? await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
        .limit(1)
    : [];
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verifyPassword({ hash: await dummyHash, password });
    throw invalid();
  }
  // A user created by a contractor admin (or imported from the CRM) has no password yet: the
  // client opens the first-authorization dialog (spec §4, user_not_auth).
  if (!credential?.password) {
    if (!mayAct(user)) throw invalid();
    throw new HttpError(401, [{ code: ERR.NOT_AUTH, message: t('AUTH_FIRST_LOGIN') }], { user_not_auth: true, email });
  }
  if (!(await verifyPassword({ hash: credential.password, password }))) throw invalid();
  if (!mayAct(user)) throw new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('AUTH_BLOCKED') }]);

  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({ body: { email, password, rememberMe: remember }, headers: requestHeaders, returnHeaders: true });
    const token = headers.get('set-auth-token') ?? response.token;
    await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    return { token, setCookies: headers.getSetCookie(), userId: user.id };
  } catch (e) {
    if (e instanceof APIError) throw invalid();
    throw e;
  }
}

/**
 * Sign-in as both login paths use it: the session, plus the guest's lists merged into the
 * account's (nothing a guest saved is lost) and the guest cookie cleared.
 */
export async function signIn(
  input: { email: string; password: string; remember: boolean },
  ctx: { request: Request; cookies: AstroCookies },
): Promise<LoginResult> {
  const result = await login(input.email, input.password, input.remember, ctx.request.headers);
  const guest = guestToken(ctx.cookies);
  if (guest) {
    await mergeGuestLists(await getDb(), `g:${guest}`, `u:${result.userId}`);
    ctx.cookies.delete(GUEST_COOKIE, { path: '/' });
  }
  return result;
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
