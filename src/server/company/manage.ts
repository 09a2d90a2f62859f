/**
 * What a contractor admin changes about the company's users (spec §6): add a manager (who then
 * sets a password through the first authorization), edit name, phone, position, permissions and
 * the per-order spending limit, block and unblock. The admin's company is part of every statement.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { notFoundError, ofCompany } from '../http/ownership';
import { hit } from '../http/rate-limit';
import { DEFAULT_EMPLOYEE_PERMISSIONS } from '../auth/permissions';
import { notify } from '../notifications/notify';
import { activeAdmins } from '../orders/approval';
import { noteEnded } from '../auth/sessions';
import { t } from '../../i18n';
import { companyUserCounts, getCompanyUser, type CompanyUser } from './users';
import { blockNotice, sendInvitation } from './mails';
import type { AddManagerInput, UpdateUserInput } from './input';

/** Invitations a company may send per hour: enough for a busy admin, too few to spam with. */
export const INVITATIONS_PER_HOUR = 30;

async function companyName(db: Db, viewer: Viewer): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, viewer.companyId ?? -1)).limit(1);
  return row?.name ?? '';
}

const conflict = (message: string, field?: string) => new HttpError(409, [{ code: ERR.CONFLICT, message, ...(field ? { field } : {}) }]);

/**
 * POST api/profile/contragent/addManager/. The new user has no password (no credential row): login
 * answers `user_not_auth` and the first-authorization dialog lets them set one; the invitation
 * e-mail sends them there. An e-mail that exists anywhere outside the admin's company (another
 * company, a retail customer, the store's staff) gets one answer that tells nothing about whose it is.
 */
export async function addManager(db: Db, viewer: Viewer, input: AddManagerInput): Promise<{ user: CompanyUser; invitationSent: boolean }> {
  await hit(db, [{ key: `company:invite:${viewer.companyId}`, max: INVITATIONS_PER_HOUR, windowSeconds: 3600 }]);
  const id = randomUUID();
  const inserted = await db
    .insert(users)
    .values({
      id,
      name: input.name,
      email: input.email,
      emailVerified: false,
      phone: input.phone,
      position: input.position ?? null,
      companyId: viewer.companyId,
      isContragentAdmin: false,
      active: true,
      blocked: false,
      permissions: input.permissions ?? DEFAULT_EMPLOYEE_PERMISSIONS,
      orderLimit: input.orderLimit,
      orderLimitPeriod: input.orderLimitPeriod,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!inserted.length) {
    const [own] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ofCompany(viewer, users.companyId)))
      .limit(1);
    throw conflict(own ? t('COMPANY_EMAIL_IN_YOUR_COMPANY') : t('COMPANY_EMAIL_TAKEN'), 'email');
  }
  const invitationSent = await sendInvitation({ to: input.email, name: input.name, companyName: await companyName(db, viewer), adminName: viewer.name, position: input.position ?? null });
  return { user: await getCompanyUser(db, viewer, id), invitationSent };
}

/**
 * POST api/personal/contragent/updateUser/. Fields left out stay as they are. An admin's
 * permissions and limit are not theirs to narrow (an admin may do everything and approves
 * over-limit orders), so for an admin target only name, phone and position change.
 */
export async function updateCompanyUser(db: Db, viewer: Viewer, input: UpdateUserInput): Promise<CompanyUser> {
  const changes: PgUpdateSetSource<typeof users> = { updatedAt: sql`now()` };
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.position !== undefined) changes.position = input.position;
  if (input.permissions !== undefined)
    changes.permissions = sql`CASE WHEN ${users.isContragentAdmin} THEN ${users.permissions} ELSE ${JSON.stringify(input.permissions)}::jsonb END`;
  if (input.orderLimit !== undefined) changes.orderLimit = sql`CASE WHEN ${users.isContragentAdmin} THEN NULL ELSE ${input.orderLimit}::numeric END`;
  if (input.orderLimitPeriod !== undefined) changes.orderLimitPeriod = input.orderLimitPeriod;
  const updated = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, input.userId), ofCompany(viewer, users.companyId)))
    .returning({ id: users.id });
  if (!updated.length) throw notFoundError(t('COMPANY_USER_NOT_FOUND'));
  return getCompanyUser(db, viewer, input.userId);
}

export type BlockResult = { userId: string; blocked: 'Y' | 'N'; changed: boolean; haveBlocked: boolean; counts: { active: number; blocked: number } };

/**
 * POST api/personal/contragent/setBlockUser/. Blocking ends the user's sessions in the same
 * transaction (session resolution refuses blocked users as well, see auth/session.ts mayAct).
 * The company's admin rows are locked first, so two admins blocking each other at the same moment
 * cannot leave the company without an active admin.
 */
export async function setUserBlocked(db: Db, viewer: Viewer, userId: string, blocked: boolean): Promise<BlockResult> {
  if (blocked && userId === viewer.id) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('COMPANY_CANNOT_BLOCK_SELF') }]);
  const mine = ofCompany(viewer, users.companyId);
  const changed = await db.transaction(async (tx) => {
    // The company's active admins, locked (a concurrent block of one of them waits here and then sees it blocked).
    const admins = await activeAdmins(tx as unknown as Db, viewer.companyId ?? -1, { forUpdate: true });
    const [target] = await tx
      .select({ id: users.id, blocked: users.blocked, isAdmin: users.isContragentAdmin })
      .from(users)
      .where(and(eq(users.id, userId), mine))
      .for('update');
    if (!target) throw notFoundError(t('COMPANY_USER_NOT_FOUND'));
    if (blocked && target.isAdmin && !admins.some((a) => a.id !== userId)) throw conflict(t('COMPANY_LAST_ADMIN'));
    if (target.blocked !== blocked) await tx.update(users).set({ blocked, updatedAt: sql`now()` }).where(and(eq(users.id, userId), mine));
    if (blocked) {
      const ended = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(and(mine, ne(users.id, viewer.id))))))
        .returning({ token: sessions.token });
      await noteEnded(tx as unknown as Db, ended.map((r) => r.token), 'blocked');
    }
    return target.blocked !== blocked;
  });
  if (changed) {
    const notice = blockNotice(blocked, await companyName(db, viewer));
    await notify(db, { userId, kind: 'company', title: notice.title, text: notice.text, email: notice.email }).catch((e) => console.error('[company] block notice failed', e));
  }
  const { haveBlocked, ...counts } = await companyUserCounts(db, viewer);
  return { userId, blocked: blocked ? 'Y' : 'N', changed, haveBlocked, counts };
}
