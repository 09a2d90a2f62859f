/** Login and logout behind POST /api/authentication/ and /api/logout/ (spec §4, §7). */
import { eq, and } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { getDb } from '../db/client';
import { accounts, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { getAuth } from './auth';

export type LoginResult = { token: string; setCookies: string[]; userId: string };

export async function login(email: string, password: string, remember: boolean, requestHeaders: Headers): Promise<LoginResult> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new HttpError(401, [{ code: ERR.VALIDATION, message: t('AUTH_INVALID') }]);
  if (user.blocked || !user.active) throw new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('AUTH_BLOCKED') }]);
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  // A user created by a contractor admin (or imported from the CRM) has no password yet: the
  // client opens the first-authorization dialog (spec §4, user_not_auth).
  if (!credential?.password) throw new HttpError(401, [{ code: ERR.NOT_AUTH, message: t('AUTH_FIRST_LOGIN') }], { user_not_auth: true, email });

  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({ body: { email, password, rememberMe: remember }, headers: requestHeaders, returnHeaders: true });
    const token = headers.get('set-auth-token') ?? response.token;
    return { token, setCookies: headers.getSetCookie(), userId: user.id };
  } catch (e) {
    if (e instanceof APIError) throw new HttpError(401, [{ code: ERR.VALIDATION, message: t('AUTH_INVALID') }]);
    throw e;
  }
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
