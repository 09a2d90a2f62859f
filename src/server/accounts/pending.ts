/**
 * A registration waits for its e-mail code in `verify_codes` (event USER_VERIFY_CODE): the account
 * is created only when the code comes back (registration.ts). The login reads the password hash
 * kept with it, to tell the person who knows that password to confirm the e-mail.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifyCodes } from '../db/schema';

/** What a registration form left to create once the e-mail is confirmed. */
export type PendingRegistration = {
  name: string;
  phone: string;
  passwordHash: string;
  type: 'retail' | 'business';
  unp?: string;
  companyName?: string;
  legalAddress?: string;
};

export async function pendingRegistration(db: Db, email: string): Promise<PendingRegistration | null> {
  const [row] = await db
    .select({ payload: verifyCodes.payload })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, email), eq(verifyCodes.event, 'USER_VERIFY_CODE'), isNull(verifyCodes.consumedAt)))
    .limit(1);
  const reg = row?.payload?.registration as PendingRegistration | undefined;
  return reg?.passwordHash ? reg : null;
}
