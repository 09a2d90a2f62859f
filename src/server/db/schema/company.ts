/** Company contract requests and the CRM outbox that delivers them. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyFk, users } from './accounts';

// ───────────────────────────── Company: contract requests and their CRM outbox ─────────────────────────────

/** The company's requisites as the admin sent them with a contract request (prefilled from `companies`). */
export type ContractRequisites = { name: string; unp: string; legalAddress: string; iban: string | null; bankName: string | null; bic: string | null; phone: string | null; email: string | null };

/**
 * A contractor admin's request for a supply contract (POST api/contracts/requestContractFromCrm/).
 * `queued` until the CRM (or, without a webhook, the sales mailbox) has it, then `sent`.
 */
export const contractRequests = pgTable(
  'contract_requests',
  {
    id: serial('id').primaryKey(),
    companyId: companyFk(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    requisites: jsonb('requisites').$type<ContractRequisites>().notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** Expected monthly purchases, a range code of server/company/contract.ts. */
    monthlyVolume: text('monthly_volume').notNull(),
    comment: text('comment'),
    status: text('status').$type<'queued' | 'sent'>().notNull().default('queued'),
    /** 'crm' (webhook) or 'email' (the sales mailbox). */
    sentVia: text('sent_via'),
    /** The CRM's own id of the request, when its answer names one. */
    crmRef: text('crm_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contract_requests_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Durable outbox of messages for the CRM: written in the same transaction as what they report, then
 * delivered by a worker in every app node (server/company/crm-outbox.ts). A node claims a row by
 * setting `locked_until` (rows are picked FOR UPDATE SKIP LOCKED, so two nodes never take the same
 * one); a failed attempt moves `next_attempt_at` by an exponential backoff. Nothing is ever dropped.
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** The request the message reports (topic 'contract_request'); a reset of the demo data clears both. */
    contractRequestId: integer('contract_request_id').references(() => contractRequests.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredVia: text('delivered_via'),
    createdAt: createdAt(),
  },
  (t) => [index('crm_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
);
