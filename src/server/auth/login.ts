/**
 * The password sign-in, behind both login paths (POST /api/authentication/ and the no-JS form of
 * /login/): checks the password, then whether the account may act, and hands over to
 * beginSession() (auth/begin-session.ts: the session, last_login_at, the guest's lists — the same
 * as after a registration, restore or first-authorization code). Logout ends the session.
 *
 * Nothing is told before the password is right: an unknown e-mail, a wrong password, a blocked or
 * unconfirmed account all get «Неверный email или пароль» after the same work (one password hash
 * is checked in every case). Only with the right password does the answer say "blocked" or
 * "confirm your e-mail". The one deliberate exception is the spec's `user_not_auth` (an account
 * without a password yet, added by a company admin): see docs/decisions/0060-accounts.md.
 *
 * Failed attempts are limited per (e-mail, client), per e-mail and per client address (auth/limits.ts);
 * the owner's trusted device only by its own failures, and the owner is told when someone is guessing.
 */
import { and, eq } from 'drizzle-orm';
import { hashConcurrency, hashPassword, verifyPassword } from './password-hash';
import { CpuGate } from '../http/cpu-gate';
import { getDb } from '../db/client';
import { accounts, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { RateLimited, requestIp, reset, usedNow } from '../http/rate-limit';
import type { Db } from '../db/client';
import { sendMail } from '../mail/mail';
import { sendLater } from '../accounts/mails';
import { isTrustedDevice, trustDevice } from './trusted-device';
import { t } from '../../i18n';
import { getAuth } from './auth';
import { mayAct } from './session';
import { beginSession, type BegunSession, type SessionContext } from './begin-session';
import { ACCOUNT_LIMITS, countAttempt, countFailure, limitFor, refuseIfExhausted } from './limits';
import { pendingRegistration } from '../accounts/pending';
import { APIError } from 'better-auth/api';

export type LoginResult = BegunSession;

let dummyHash: Promise<string> | null = null;

/** Checks `password` against a hash that matches nothing, so that "no such account" costs what a wrong password costs. */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword({ hash: await dummyHash, password });
}

const invalid = () => new HttpError(401, [{ code: ERR.VALIDATION, message: t('AUTH_INVALID') }]);

/** Right password, e-mail not confirmed yet: the client offers to send the code (data.user_not_verified). */
export const notConfirmed = (email: string) => new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('AUTH_NOT_CONFIRMED') }], { user_not_verified: true, email });

/**
 * Checks the password and whether the account may sign in; returns the user's id (no session yet).
 * Failures count per (e-mail, client), per e-mail and per client; a `trusted` device (one that has
 * signed in to this e-mail before, auth/trusted-device.ts) is refused only by its own (e-mail, client)
 * count, so nobody else's failures lock the owner out (issue 28).
 */
export async function checkLogin(email: string, password: string, ip = 'unknown', trusted = false): Promise<{ userId: string }> {
  const db = await getDb();
  const own = limitFor('loginFailPerAccountClient', `${email}|${ip}`);
  const limits = [own, limitFor('loginFailPerAccount', email), limitFor('loginFailPerIp', ip)];
  await refuseIfExhausted(db, trusted ? [own] : limits);
  const failed = async (error: HttpError = invalid()) => {
    await countFailure(db, limits);
    await alertIfGuessing(db, email);
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

  await forgetFailures(db, email);
  return { userId: user.id };
}

/** A successful login or a new password: the account's failure counts start afresh, from every client. */
export async function forgetFailures(db: Db, email: string): Promise<void> {
  await reset(db, limitFor('loginFailPerAccount', email).key);
  await reset(db, limitFor('loginFailPerAccountClient', `${email}|`).key);
}

/**
 * Once an account has collected `guessingAlert` failures, its owner gets one e-mail an hour saying
 * someone is trying passwords (and what to do) — only for an account that exists, and the answer to
 * the guesser is the same either way.
 */
async function alertIfGuessing(db: Db, email: string): Promise<void> {
  const failures = await usedNow(db, limitFor('loginFailPerAccount', email));
  if (failures < ACCOUNT_LIMITS.guessingAlert.max) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  try {
    await countAttempt(db, [{ key: `acc:guessingMail:${email.toLowerCase()}`, max: 1, windowSeconds: 3600 }]);
  } catch (e) {
    if (e instanceof RateLimited) return;
    throw e;
  }
  sendLater('guessing alert', () => sendMail({ to: email, subject: `${t('AUTH_GUESSING_SUBJECT')} — ${t('SITE_NAME')}`, text: t('AUTH_GUESSING_TEXT').replaceAll('{site}', t('SITE_NAME')) }, 'guessing-alert'));
}

/**
 * Sign-in as both login paths use it: the password checked, then beginSession() — the session,
 * last_login_at, the guest's lists merged into the account's and the guest cookie cleared.
 */
export async function signIn(input: { email: string; password: string; remember: boolean }, ctx: SessionContext & { clientAddress?: string }): Promise<LoginResult> {
  const turn = await signInTurns().run(undefined, async () => {
    const { userId } = await checkLogin(input.email, input.password, requestIp(ctx), isTrustedDevice(ctx.cookies, input.email));
    trustDevice(ctx.cookies, input.email);
    return beginSession(ctx, userId, input.remember);
  });
  if (!turn.ok) throw new HttpError(503, [{ code: ERR.BUSY, message: t('ERR_BUSY') }]);
  return turn.value;
}

/**
 * Sign-ins take turns as their hashes do (auth/password-hash.ts): a login's database work — limits,
 * the account, the session — runs only while its hash may, so forty logins at once never queue two
 * hundred queries ahead of every other answer (on PGlite, one connection, /api/health/ waited 0.6 s
 * behind them). Made on first use: the configuration is read by then.
 */
let turns: CpuGate | null = null;
const signInTurns = () => (turns ??= new CpuGate({ concurrent: hashConcurrency(), queue: 500 }));

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
