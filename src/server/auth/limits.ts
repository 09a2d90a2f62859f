/**
 * The abuse limits of the account calls, in one place (the reasons are in
 * docs/decisions/0060-accounts.md). They live in the database (server/http/rate-limit.ts), so they
 * hold across app nodes. Keys name the action and whom it is counted for; e-mail keys are counted
 * for any string, registered or not, so a limit never tells whether an account exists.
 */
import type { Db } from '../db/client';
import { hit, RateLimited, refuseIfUsedUp, type Limit } from '../http/rate-limit';

const MIN = 60;
const HOUR = 3600;

export const ACCOUNT_LIMITS = {
  /**
   * Wrong passwords for one e-mail from one client (forgotten on a successful login): what stops a
   * guesser, and locks only his own client out of that account (issue 28).
   */
  loginFailPerAccountClient: { max: 10, windowSeconds: 15 * MIN },
  /** Wrong passwords for one e-mail from any client: a guesser using many addresses. Not applied to the owner's trusted device. */
  loginFailPerAccount: { max: 30, windowSeconds: 15 * MIN },
  /** Wrong passwords from one address, whatever the e-mail (an office behind one NAT fits). Not applied to a trusted device. */
  loginFailPerIp: { max: 50, windowSeconds: 15 * MIN },
  /** Failures for one e-mail (loginFailPerAccount's count) after which its owner is told that someone is guessing (once an hour). */
  guessingAlert: { max: 10, windowSeconds: 15 * MIN },
  /** Codes sent to one e-mail or phone at the request of one client (besides the 60 s resend timer of every code). */
  codeSendPerTargetClient: { max: 5, windowSeconds: HOUR },
  /** Codes sent to one e-mail or phone from anywhere: a mailbox is not flooded, and one client alone cannot use it up. */
  codeSendPerTarget: { max: 20, windowSeconds: HOUR },
  /** Codes sent at the request of one address. */
  codeSendPerIp: { max: 20, windowSeconds: HOUR },
  /** Codes a signed-in user asks for (password, contact changes). */
  codeSendPerUser: { max: 10, windowSeconds: HOUR },
  /**
   * Code checks for one target from one client. Not per target alone: others' wrong codes must not
   * refuse the owner's right one; each code dies after 5 tries anyway, and a new one starts afresh.
   */
  codeCheckPerTargetClient: { max: 10, windowSeconds: 15 * MIN },
  /** Code checks from one address. */
  codeCheckPerIp: { max: 50, windowSeconds: 15 * MIN },
  /** Registration forms sent from one address (the invisible captcha comes on top). */
  registrationPerIp: { max: 10, windowSeconds: HOUR },
  /** Wrong current passwords when changing the password while signed in. */
  passwordFailPerUser: { max: 5, windowSeconds: 15 * MIN },
} as const;

export type LimitName = keyof typeof ACCOUNT_LIMITS;

/** The limit `name` counted for `subject` (an e-mail, phone, IP or user id). */
export function limitFor(name: LimitName, subject: string): Limit {
  return { key: `acc:${name}:${subject.toLowerCase().slice(0, 300)}`, ...ACCOUNT_LIMITS[name] };
}

/** Counts an attempt against each limit; throws RateLimited (429, Russian "повторите через …") when one is exceeded. */
export const countAttempt = (db: Db, limits: Limit[]) => hit(db, limits);

/**
 * Limits that count failures only (logins, current-password checks): refuses when a limit is
 * already used up, without counting — a successful attempt costs nothing, so many people behind
 * one address who sign in correctly never hit the address limit.
 */
export const refuseIfExhausted = (db: Db, limits: Limit[]) => refuseIfUsedUp(db, limits);

/** Counts one failure (the next attempt is refused by refuseIfExhausted once a limit is used up). */
export async function countFailure(db: Db, limits: Limit[]): Promise<void> {
  await hit(db, limits).catch((e) => {
    if (!(e instanceof RateLimited)) throw e;
  });
}
