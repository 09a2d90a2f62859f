/**
 * Join requests: a registrant who gave the УНП of a company that already exists does not get the
 * company; the company's admins are told (notification + e-mail) and decide. Approved, the
 * registrant becomes an employee with the default permissions; rejected, they stay a retail
 * customer. Only the admins of that company see or decide its requests: the company is part of
 * every statement, and another company's request answers 404.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyJoinRequests, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { notFoundError } from '../http/ownership';
import type { Viewer } from '../http/guard';
import { DEFAULT_EMPLOYEE_PERMISSIONS } from '../auth/permissions';
import { notify } from '../notifications/notify';
import { activeAdmins } from '../orders/approval';
import { t } from '../../i18n';
import { siteUrl } from '../config';

/** Where an admin decides (the lead moves the island to the company users page at merge). */
export const JOIN_REQUESTS_HREF = '/personal/users/#join-requests';

export type JoinRequestRow = {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  legalAddress: string | null;
  createdAt: string;
};

/** Files the request and tells every admin of the company who may act. */
export async function createJoinRequest(db: Db, input: { companyId: number; userId: string; companyName?: string; legalAddress?: string }): Promise<number> {
  const [row] = await db
    .insert(companyJoinRequests)
    .values({ companyId: input.companyId, userId: input.userId, companyName: input.companyName ?? null, legalAddress: input.legalAddress ?? null })
    .returning({ id: companyJoinRequests.id });
  const [who] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, input.companyId)).limit(1);
  const admins = await activeAdmins(db, input.companyId);
  const text = `${who?.name} (${who?.email}) ${t('ACC_JOIN_NOTIFY_TEXT')} «${company?.name}».`;
  const site = siteUrl();
  for (const admin of admins)
    await notify(db, {
      userId: admin.id,
      kind: 'company',
      title: t('ACC_JOIN_NOTIFY_TITLE'),
      text,
      href: JOIN_REQUESTS_HREF,
      email: { subject: `${t('ACC_JOIN_NOTIFY_TITLE')} — ${t('SITE_NAME')}`, text: `Здравствуйте!\n\n${text}\n\nПринять или отклонить заявку: ${site}${JOIN_REQUESTS_HREF}\n\n${t('SITE_NAME')}` },
    });
  return row!.id;
}

/** The company's requests for its admin: pending first, then the latest decided ones. */
export async function listJoinRequests(db: Db, viewer: Viewer): Promise<JoinRequestRow[]> {
  if (!viewer.companyId) return [];
  const rows = await db
    .select({
      id: companyJoinRequests.id,
      status: companyJoinRequests.status,
      name: users.name,
      email: users.email,
      phone: users.phone,
      companyName: companyJoinRequests.companyName,
      legalAddress: companyJoinRequests.legalAddress,
      createdAt: companyJoinRequests.createdAt,
    })
    .from(companyJoinRequests)
    .innerJoin(users, eq(users.id, companyJoinRequests.userId))
    .where(eq(companyJoinRequests.companyId, viewer.companyId))
    .orderBy(desc(companyJoinRequests.createdAt))
    .limit(50);
  const order = { pending: 0, approved: 1, rejected: 1 } as const;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })).sort((a, b) => order[a.status] - order[b.status]);
}

/**
 * The admin's decision. The request must be this admin's company's and still pending (else 404);
 * approving moves the registrant into the company only if they are in none meanwhile (else 409).
 */
export async function decideJoinRequest(db: Db, viewer: Viewer, input: { id: number; approve: boolean }): Promise<{ id: number; status: 'approved' | 'rejected' }> {
  if (!viewer.companyId || !viewer.isAdmin) throw notFoundError();
  const companyId = viewer.companyId;
  const status = input.approve ? 'approved' : 'rejected';
  const decided = await db.transaction(async (tx) => {
    const [req] = await tx
      .update(companyJoinRequests)
      .set({ status, decidedBy: viewer.id, decidedAt: new Date() })
      .where(and(eq(companyJoinRequests.id, input.id), eq(companyJoinRequests.companyId, companyId), eq(companyJoinRequests.status, 'pending')))
      .returning({ userId: companyJoinRequests.userId });
    if (!req) throw notFoundError();
    if (input.approve) {
      const moved = await tx
        .update(users)
        .set({ companyId, isContragentAdmin: false, permissions: [...DEFAULT_EMPLOYEE_PERMISSIONS], updatedAt: new Date() })
        .where(and(eq(users.id, req.userId), isNull(users.companyId)))
        .returning({ id: users.id });
      if (!moved.length) throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ACC_JOIN_USER_TAKEN') }]);
    }
    return req;
  });
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const title = t(input.approve ? 'ACC_JOIN_APPROVED_TITLE' : 'ACC_JOIN_REJECTED_TITLE');
  const text = `${t(input.approve ? 'ACC_JOIN_APPROVED_TEXT' : 'ACC_JOIN_REJECTED_TEXT')} «${company?.name}».`;
  await notify(db, { userId: decided.userId, kind: 'company', title, text, href: '/personal/details/', email: { subject: `${title} — ${t('SITE_NAME')}`, text: `Здравствуйте!\n\n${text}\n\n${t('SITE_NAME')}` } });
  return { id: input.id, status };
}

/** The registrant's latest request (shown as pending or rejected in their profile). */
export async function joinRequestOf(db: Db, userId: string): Promise<{ id: number; status: string; company: string } | null> {
  const [row] = await db
    .select({ id: companyJoinRequests.id, status: companyJoinRequests.status, company: companies.name })
    .from(companyJoinRequests)
    .innerJoin(companies, eq(companies.id, companyJoinRequests.companyId))
    .where(eq(companyJoinRequests.userId, userId))
    .orderBy(desc(companyJoinRequests.createdAt))
    .limit(1);
  return row ?? null;
}
