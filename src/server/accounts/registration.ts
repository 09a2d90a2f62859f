/**
 * Registration (spec §2 /registration/, §5 rules). Two steps:
 * 1. POST /api/registration/ — the form is checked (captcha too), the password hashed, and an e-mail
 *    code sent. Nothing is created yet: the registration waits with its code (pending.ts), so a
 *    stranger's unconfirmed form never holds an e-mail or an УНП. An e-mail that already has an
 *    account gets a notice instead of a code, and the caller the same answer.
 * 2. POST /api/registration/confirm/ — the right code creates the account (e-mail confirmed) and
 *    signs in. A business registration with a new УНП creates the company with the user as its
 *    admin; an УНП that exists files a join request to that company's admins instead.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password-hash';
import type { Db } from '../db/client';
import { accounts, companies, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { countAttempt, limitFor } from '../auth/limits';
import { verifyCaptcha } from '../forms/captcha';
import { t } from '../../i18n';
import { codeNotRequested, issueCode } from './codes';
import { deliverCodeByEmail } from './delivery';
import { findAccount } from './credentials';
import { mailAlreadyRegistered, sendLater } from './mails';
import type { PendingRegistration } from './pending';
import type { RegistrationInput } from './schemas';
import { countCodeSend, takeCode, type CodeSent } from './verify';
import { createJoinRequest } from './join-requests';

export async function register(db: Db, input: RegistrationInput, ip: string): Promise<CodeSent> {
  await countAttempt(db, [limitFor('registrationPerIp', ip)]);
  if (!(await verifyCaptcha(input.captcha))) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'captcha', message: `Проверка: ${t('CONTENT_CAPTCHA_FAILED')}` }]);
  await countCodeSend(db, input.email, ip);
  // Hashed whatever happens next, so an existing e-mail costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccount(db, input.email);
  const registration: PendingRegistration = {
    name: input.name,
    phone: input.phone,
    passwordHash,
    type: input.type,
    ...(input.type === 'business' ? { unp: input.unp, companyName: input.company_name, legalAddress: input.legal_address } : {}),
  };
  const issued = await issueCode(db, { target: input.email, event: 'USER_VERIFY_CODE', payload: existing ? { existing: true } : { registration } });
  if (existing) sendLater('already-registered notice', () => mailAlreadyRegistered(input.email));
  else sendLater('registration code', () => deliverCodeByEmail(input.email, issued.code, 'register'));
  return { email: input.email, resendAfter: issued.resendAfter };
}

export type Confirmed = {
  userId: string;
  company: { id: number; name: string; admin: true } | null;
  joinRequest: { id: number; company: string; status: 'pending' } | null;
};

export async function confirmRegistration(db: Db, input: { email: string; code: string; ip: string }): Promise<Confirmed> {
  const payload = await takeCode(db, { target: input.email, event: 'USER_VERIFY_CODE', code: input.code, ip: input.ip });
  if (typeof payload.verifyUserId === 'string') {
    const [user] = await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, payload.verifyUserId)).returning({ id: users.id });
    if (!user) throw codeNotRequested();
    return { userId: user.id, company: null, joinRequest: null };
  }
  const reg = payload.registration as PendingRegistration | undefined;
  if (!reg) throw codeNotRequested();

  const created = await db.transaction(async (tx) => {
    const userId = randomUUID();
    const inserted = await tx
      .insert(users)
      .values({ id: userId, name: reg.name, email: input.email, emailVerified: true, phone: reg.phone, notifyStatuses: ['confirmed', 'ready', 'shipped', 'done', 'cancelled'] })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!inserted.length) throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ACC_ALREADY_CONFIRMED') }]);
    await tx.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: reg.passwordHash });
    if (reg.type !== 'business' || !reg.unp) return { userId, company: null, joinCompanyId: null };
    // A new УНП: the company is theirs. The unique index settles two registrations racing for one УНП.
    const [company] = await tx
      .insert(companies)
      .values({ name: reg.companyName ?? reg.unp, unp: reg.unp, legalAddress: reg.legalAddress ?? null, email: input.email, phone: reg.phone })
      .onConflictDoNothing({ target: companies.unp })
      .returning({ id: companies.id, name: companies.name });
    if (company) {
      await tx.update(users).set({ companyId: company.id, isContragentAdmin: true }).where(eq(users.id, userId));
      return { userId, company: { ...company, admin: true as const }, joinCompanyId: null };
    }
    const [owner] = await tx.select({ id: companies.id }).from(companies).where(sql`${companies.unp} = ${reg.unp}`).limit(1);
    return { userId, company: null, joinCompanyId: owner!.id };
  });

  let joinRequest: Confirmed['joinRequest'] = null;
  if (created.joinCompanyId) {
    const id = await createJoinRequest(db, { companyId: created.joinCompanyId, userId: created.userId, companyName: reg.companyName, legalAddress: reg.legalAddress });
    const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, created.joinCompanyId)).limit(1);
    joinRequest = { id, company: company!.name, status: 'pending' };
  }
  return { userId: created.userId, company: created.company, joinRequest };
}
