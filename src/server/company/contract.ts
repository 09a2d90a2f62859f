/**
 * A contractor admin asks the store for a supply contract (POST api/contracts/requestContractFromCrm/).
 * The request is stored with its status and, in the same transaction, a message for the CRM goes
 * into the durable outbox (crm-outbox.ts) — the admin's answer never waits for the CRM.
 * The company's name and УНП always come from the company row, never from the form.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, contractRequests, users, type ContractRequisites } from '../db/schema';
import type { Viewer } from '../http/guard';
import { notFoundError, ofCompany } from '../http/ownership';
import { hit } from '../http/rate-limit';
import { t } from '../../i18n';
import { enqueue, kickOutbox } from './crm-outbox';
import type { ContractMessage } from './crm-delivery';
import type { ContractRequestInput } from './input';
import { MONTHLY_VOLUMES, type MonthlyVolume } from './volumes';

/** Contract requests a company may send per day (a typo fixed and sent again is fine; a flood is not). */
export const CONTRACT_REQUESTS_PER_DAY = 5;

export type ContractRequestView = {
  id: number;
  status: 'queued' | 'sent';
  statusName: string;
  createdAt: string;
  sentAt: string | null;
  sentVia: 'crm' | 'email' | null;
  crmRef: string | null;
  requisites: ContractRequisites;
  contact: { name: string; phone: string; email: string };
  monthlyVolume: { code: string; label: string };
  comment: string | null;
  requestedBy: string | null;
};

/** What the form starts with: the company row's requisites and the admin as the contact. */
export type ContractPrefill = { company: ContractRequisites; contact: { name: string; phone: string; email: string } };

export async function contractPrefill(db: Db, viewer: Viewer): Promise<ContractPrefill> {
  const [c] = await db.select().from(companies).where(eq(companies.id, viewer.companyId ?? -1)).limit(1);
  if (!c) throw notFoundError();
  return {
    company: { name: c.name, unp: c.unp, legalAddress: c.legalAddress ?? '', iban: c.iban, bankName: c.bankName, bic: c.bic, phone: c.phone, email: c.email },
    contact: { name: viewer.name, phone: viewer.phone ?? '', email: viewer.email },
  };
}

const volumeLabel = (code: string) => MONTHLY_VOLUMES[code as MonthlyVolume] ?? code;

/** The company's latest requests, newest first (or the one with `id`, if it is the company's). */
export async function listContractRequests(db: Db, viewer: Viewer, opts: { limit?: number; id?: number } = {}): Promise<ContractRequestView[]> {
  const rows = await db
    .select({ r: contractRequests, requestedBy: users.name })
    .from(contractRequests)
    .leftJoin(users, eq(users.id, contractRequests.userId))
    .where(and(ofCompany(viewer, contractRequests.companyId), opts.id === undefined ? undefined : eq(contractRequests.id, opts.id)))
    .orderBy(desc(contractRequests.createdAt), desc(contractRequests.id))
    .limit(opts.limit ?? 10);
  return rows.map(({ r, requestedBy }) => ({
    id: r.id,
    status: r.status,
    statusName: t(r.status === 'sent' ? 'CONTRACT_STATUS_SENT' : 'CONTRACT_STATUS_QUEUED'),
    createdAt: new Date(r.createdAt).toISOString(),
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    sentVia: (r.sentVia as 'crm' | 'email' | null) ?? null,
    crmRef: r.crmRef,
    requisites: r.requisites,
    contact: { name: r.contactName, phone: r.contactPhone, email: r.contactEmail },
    monthlyVolume: { code: r.monthlyVolume, label: volumeLabel(r.monthlyVolume) },
    comment: r.comment,
    requestedBy,
  }));
}

export async function requestContract(db: Db, viewer: Viewer, input: ContractRequestInput): Promise<ContractRequestView> {
  await hit(db, [{ key: `company:contract:${viewer.companyId}`, max: CONTRACT_REQUESTS_PER_DAY, windowSeconds: 86_400 }]);
  const id = await db.transaction(async (tx) => {
    const [c] = await tx.select().from(companies).where(eq(companies.id, viewer.companyId ?? -1)).limit(1);
    if (!c) throw notFoundError();
    const requisites: ContractRequisites = { name: c.name, unp: c.unp, legalAddress: input.legalAddress, iban: input.iban, bankName: input.bankName, bic: input.bic, phone: c.phone, email: c.email };
    const [row] = await tx
      .insert(contractRequests)
      .values({
        companyId: c.id,
        userId: viewer.id,
        requisites,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        monthlyVolume: input.monthlyVolume,
        comment: input.comment ?? null,
      })
      .returning({ id: contractRequests.id, createdAt: contractRequests.createdAt });
    const message: ContractMessage = {
      event: 'contract_request.created',
      requestId: row!.id,
      createdAt: new Date(row!.createdAt).toISOString(),
      company: { id: c.id, ...requisites },
      contact: { name: input.contactName, phone: input.contactPhone, email: input.contactEmail },
      monthlyVolume: { code: input.monthlyVolume, label: volumeLabel(input.monthlyVolume) },
      comment: input.comment ?? null,
      requestedBy: { userId: viewer.id, name: viewer.name, email: viewer.email },
    };
    await enqueue(tx as unknown as Db, 'contract_request', row!.id, message);
    await tx.update(companies).set({ contractRequestedAt: sql`now()` }).where(eq(companies.id, c.id));
    return row!.id;
  });
  kickOutbox();
  const [view] = await listContractRequests(db, viewer, { id });
  return view!;
}
