/**
 * Verification codes (spec §7 sendVerifyCode / checkVerifyCode, address and contact confirmations):
 * 6 digits, stored only as an HMAC, valid 10 minutes, 5 tries, one active code per target and
 * event (a new code replaces the old), and a new one no sooner than the resend timer allows.
 * Delivery (e-mail or SMS) is the caller's; this module only issues and checks.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifyCodes } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { RateLimited } from '../http/rate-limit';
import { t } from '../../i18n';
import { authSecret } from '../auth/auth';

export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
/** The spec's resend timer (counts down to 0 before "send again"). */
export const CODE_RESEND_SECONDS = 60;

/** Events of spec §7 plus the personal area's own confirmations. */
export const CODE_EVENTS = ['USER_VERIFY_CODE', 'PASSWORD_CHANGE_VERIFY', 'CHANGE_EMAIL', 'CHANGE_PHONE', 'ADDRESS_ADD', 'ADDRESS_DELETE'] as const;
export type CodeEvent = (typeof CODE_EVENTS)[number];

function digest(target: string, event: string, code: string): string {
  return createHmac('sha256', authSecret()).update(`${event}\n${target}\n${code}`).digest('base64url');
}

const codeError = (message: string, data: unknown = null) => new HttpError(422, [{ code: ERR.VALIDATION, field: 'code', message }], data);

/** The answer when a code does not stand for what the action needs (as if none had been asked for). */
export const codeNotRequested = () => codeError(t('CODE_NOT_REQUESTED'));

/**
 * Issues a new code for `target` (an e-mail or a phone in canonical form) and `event`, replacing any
 * earlier one. Refuses (429 with the seconds left) while the previous code's resend timer runs.
 */
export async function issueCode(db: Db, input: { target: string; event: CodeEvent; payload?: Record<string, unknown> }, now = new Date()): Promise<{ code: string; resendAfter: number; expiresAt: Date }> {
  const [previous] = await db
    .select({ createdAt: verifyCodes.createdAt, consumedAt: verifyCodes.consumedAt })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, input.target), eq(verifyCodes.event, input.event)))
    .limit(1);
  if (previous && !previous.consumedAt) {
    const wait = CODE_RESEND_SECONDS - (now.getTime() - previous.createdAt.getTime()) / 1000;
    if (wait > 0) throw new RateLimited(wait);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
  const row = { codeHash: digest(input.target, input.event, code), attempts: 0, expiresAt, consumedAt: null, verifiedAt: null, payload: input.payload ?? {}, createdAt: now };
  await db
    .insert(verifyCodes)
    .values({ target: input.target, event: input.event, ...row })
    .onConflictDoUpdate({ target: [verifyCodes.target, verifyCodes.event], set: row });
  return { code, resendAfter: CODE_RESEND_SECONDS, expiresAt };
}

/**
 * Checks `code`. Every check counts as a try, right or wrong; after CODE_MAX_TRIES the code is dead.
 * `consume: false` (checkVerifyCode) marks it verified and leaves it usable once more by the action
 * that follows; `consume: true` spends it. Returns the payload the code was issued with.
 */
export async function verifyCode(db: Db, input: { target: string; event: CodeEvent; code: string; consume: boolean }): Promise<Record<string, unknown>> {
  const [row] = await db
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(and(eq(verifyCodes.target, input.target), eq(verifyCodes.event, input.event), isNull(verifyCodes.consumedAt)))
    .returning({ id: verifyCodes.id, codeHash: verifyCodes.codeHash, attempts: verifyCodes.attempts, expiresAt: verifyCodes.expiresAt, payload: verifyCodes.payload });
  if (!row) throw codeError(t('CODE_NOT_REQUESTED'));
  if (row.expiresAt.getTime() < Date.now()) throw codeError(t('CODE_EXPIRED'));
  if (row.attempts > CODE_MAX_TRIES) throw codeError(t('CODE_TOO_MANY_TRIES'));
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(digest(input.target, input.event, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = CODE_MAX_TRIES - row.attempts;
    throw codeError(left > 0 ? `${t('CODE_WRONG')} ${left}` : t('CODE_TOO_MANY_TRIES'), { triesLeft: left });
  }
  await db
    .update(verifyCodes)
    .set(input.consume ? { consumedAt: new Date() } : { verifiedAt: new Date() })
    .where(eq(verifyCodes.id, row.id));
  return row.payload;
}
