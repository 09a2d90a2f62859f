/**
 * Spec §7 sendVerifyCode / checkVerifyCode for e-mails that may or may not have an account, and the
 * one way an action spends a code (takeCode). Whatever the e-mail, the answer is the same: a code
 * row is written in every case (for an e-mail with nothing to confirm it holds a code nobody
 * receives), so the resend timer, the limits and a later check all behave alike; and delivery
 * does not hold the answer up.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifyCodes } from '../db/schema';
import { countAttempt, limitFor } from '../auth/limits';
import { mayAct } from '../auth/session';
import { issueCode, verifyCode, type CodeEvent } from './codes';
import { deliverCodeByEmail } from './delivery';
import { findAccount } from './credentials';
import { pendingRegistration } from './pending';
import { sendLater } from './mails';
import { PUBLIC_CODE_EVENTS, type PublicCodeEvent } from './schemas';

export type CodeSent = { email: string; resendAfter: number };

/** Limits of every code sent to `target` at the request of `ip` (and of a signed-in user). */
export async function countCodeSend(db: Db, target: string, ip: string, userId?: string): Promise<void> {
  await countAttempt(db, [limitFor('codeSendPerTargetClient', `${target}|${ip}`), limitFor('codeSendPerTarget', target), limitFor('codeSendPerIp', ip), ...(userId ? [limitFor('codeSendPerUser', userId)] : [])]);
}

/**
 * POST api/sendVerifyCode/ {email, event}. USER_VERIFY_CODE: the code that confirms a registration
 * (or an account created unconfirmed). PASSWORD_CHANGE_VERIFY: the code that lets an account set a
 * new password — restore, and first authorization of an account that has none.
 */
export async function sendPublicCode(db: Db, input: { email: string; event: PublicCodeEvent; ip: string }): Promise<CodeSent> {
  const { email, event } = input;
  await countCodeSend(db, email, input.ip);
  const account = await findAccount(db, email);
  let payload: Record<string, unknown> = {};
  let purpose: 'register' | 'restore' | 'first_login' | null = null;
  if (event === 'USER_VERIFY_CODE') {
    const pending = account ? null : await pendingRegistration(db, email);
    if (pending) [payload, purpose] = [{ registration: pending }, 'register'];
    else if (account && !account.emailVerified && account.hasPassword && mayAct(account)) [payload, purpose] = [{ verifyUserId: account.id }, 'register'];
  } else if (account && mayAct(account)) {
    [payload, purpose] = [{ userId: account.id }, account.hasPassword ? 'restore' : 'first_login'];
  }
  const issued = await issueCode(db, { target: email, event, payload });
  if (purpose) {
    const p = purpose;
    sendLater('code e-mail', () => deliverCodeByEmail(email, issued.code, p));
  }
  return { email, resendAfter: issued.resendAfter };
}

/** Limits of every code check for `target` from `ip`. */
export async function countCodeCheck(db: Db, target: string, ip: string): Promise<void> {
  await countAttempt(db, [limitFor('codeCheckPerTargetClient', `${target}|${ip}`), limitFor('codeCheckPerIp', ip)]);
}

/**
 * POST /api/checkVerifyCode/ {email, code, event?}: is the code right? It stays usable once more by
 * the action that follows. Without `event`, the e-mail's most recent public code is checked.
 */
export async function checkPublicCode(db: Db, input: { email: string; code: string; event?: PublicCodeEvent; ip: string }): Promise<{ email: string; event: PublicCodeEvent; valid: true }> {
  await countCodeCheck(db, input.email, input.ip);
  const event = input.event ?? (await latestPublicEvent(db, input.email));
  await verifyCode(db, { target: input.email, event, code: input.code, consume: false });
  return { email: input.email, event, valid: true };
}

async function latestPublicEvent(db: Db, email: string): Promise<PublicCodeEvent> {
  const [row] = await db
    .select({ event: verifyCodes.event })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, email), inArray(verifyCodes.event, [...PUBLIC_CODE_EVENTS]), isNull(verifyCodes.consumedAt)))
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  return (row?.event as PublicCodeEvent | undefined) ?? 'USER_VERIFY_CODE';
}

/** An action spends its code: counted like a check, then consumed. Returns the payload it was issued with. */
export async function takeCode(db: Db, input: { target: string; event: CodeEvent; code: string; ip: string }): Promise<Record<string, unknown>> {
  await countCodeCheck(db, input.target, input.ip);
  return verifyCode(db, { target: input.target, event: input.event, code: input.code, consume: true });
}
