/**
 * Restore and first authorization (spec §2 /restore/, §4 user_not_auth): with the e-mail code of
 * PASSWORD_CHANGE_VERIFY the account gets a new password — or its first one, for an employee a
 * company admin added — every session of the user ends, and the caller is signed in afresh. The
 * code proves the mailbox, so the e-mail counts as confirmed from now on.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password-hash';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forgetFailures } from '../auth/login';
import { mayAct } from '../auth/session';
import { endAllSessions } from '../auth/sessions';
import { codeNotRequested } from './codes';
import { setPasswordHash } from './credentials';
import { takeCode } from './verify';

export async function setPasswordWithCode(db: Db, input: { email: string; code: string; password: string; ip: string }): Promise<{ userId: string }> {
  const payload = await takeCode(db, { target: input.email, event: 'PASSWORD_CHANGE_VERIFY', code: input.code, ip: input.ip });
  const userId = typeof payload.userId === 'string' ? payload.userId : null;
  if (!userId) throw codeNotRequested();
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.email, input.email))).limit(1);
  if (!user || !mayAct(user)) throw codeNotRequested();
  const hash = await hashPassword(input.password);
  await setPasswordHash(db, userId, hash);
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  await endAllSessions(db, userId, 'restored');
  // The owner of the mailbox is back in: earlier failed logins no longer hold the account.
  await forgetFailures(db, input.email);
  return { userId };
}
