/**
 * Delivery of CRM messages (contract requests) from the durable `crm_outbox` table.
 *
 * A message is written in the same transaction as the request it reports, so it exists exactly when
 * the request does. A worker in every app node then delivers it: it claims due rows with one
 * UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) that also sets a lease (`locked_until`),
 * so two nodes never send the same row at once and a node that dies mid-send only delays it by the
 * lease. Delivery is at least once: the webhook gets an `Idempotency-Key` to drop repeats.
 *
 * Channel: the CRM webhook (CRM_WEBHOOK_URL) with exponential backoff between failed attempts; after
 * CRM_WEBHOOK_ATTEMPTS failures, or with no webhook configured, the sales mailbox (SALES_MAIL_TO),
 * so a CRM that stays down still loses nothing. Settings: docs/decisions/0140-company-users.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { backoffMs, pollingWorker } from '../db/worker';
import { queryRows } from '../db/rows';
import { contractRequests, crmOutbox } from '../db/schema';
import { mailContractRequest, postToWebhook, type ContractMessage } from './crm-delivery';
import { config, type Config } from '../config';

export type OutboxSettings = {
  webhookUrl: string | null;
  webhookSecret: string | null;
  salesMailTo: string;
  /** First retry delay; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Webhook failures after which the message goes to the sales mailbox instead. */
  webhookAttempts: number;
  /** How long a claimed row stays with the node that claimed it. */
  leaseMs: number;
  pollMs: number;
  timeoutMs: number;
};

/** The settings from the configuration (src/server/config: names, defaults and minimums). */
export function outboxSettings(c: Config = config()): OutboxSettings {
  return {
    webhookUrl: c.CRM_WEBHOOK_URL ?? null,
    webhookSecret: c.CRM_WEBHOOK_SECRET?.trim() || null,
    salesMailTo: c.SALES_MAIL_TO,
    baseDelayMs: c.CRM_RETRY_BASE_MS,
    maxDelayMs: c.CRM_RETRY_MAX_MS,
    webhookAttempts: c.CRM_WEBHOOK_ATTEMPTS,
    leaseMs: c.CRM_LEASE_MS,
    pollMs: c.OUTBOX_POLL_MS,
    timeoutMs: c.CRM_TIMEOUT_MS,
  };
}

export type OutboxRow = { id: number; topic: string; contract_request_id: number | null; payload: ContractMessage; attempts: number };

/** Claims up to `limit` due rows for this node; `attempts` counts this attempt already. */
export async function claimDue(db: Db, leaseMs: number, limit = 10): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(db, sql`
    UPDATE crm_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
    WHERE id IN (
      SELECT id FROM crm_outbox
      WHERE delivered_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, topic, contract_request_id, payload, attempts`);
}

async function markDelivered(db: Db, row: OutboxRow, via: 'crm' | 'email', ref: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(crmOutbox).set({ deliveredAt: sql`now()`, deliveredVia: via, lockedUntil: null, lastError: null }).where(eq(crmOutbox.id, row.id));
    if (row.contract_request_id != null)
      await tx
        .update(contractRequests)
        .set({ status: 'sent', sentVia: via, sentAt: sql`now()`, crmRef: ref })
        .where(and(eq(contractRequests.id, row.contract_request_id), eq(contractRequests.status, 'queued')));
  });
}

async function markFailed(db: Db, row: OutboxRow, error: string, s: OutboxSettings): Promise<void> {
  const delay = backoffMs(row.attempts, s);
  await db
    .update(crmOutbox)
    .set({ lockedUntil: null, lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000}::double precision)` })
    .where(eq(crmOutbox.id, row.id));
}

/** One attempt for one claimed row. */
async function attempt(db: Db, row: OutboxRow, s: OutboxSettings): Promise<boolean> {
  const viaWebhook = !!s.webhookUrl && row.attempts <= s.webhookAttempts;
  try {
    if (viaWebhook) {
      const { ref } = await postToWebhook(s.webhookUrl!, row.payload, { secret: s.webhookSecret, idempotencyKey: `${row.topic}-${row.payload.requestId}`, timeoutMs: s.timeoutMs });
      await markDelivered(db, row, 'crm', ref);
    } else {
      await mailContractRequest(s.salesMailTo, row.payload);
      await markDelivered(db, row, 'email', null);
    }
    return true;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.warn(`[crm-outbox] attempt ${row.attempts} of message ${row.id} via ${viaWebhook ? 'webhook' : 'e-mail'} failed: ${message}`);
    await markFailed(db, row, message, s);
    return false;
  }
}

/** One pass: claims the due rows and tries each once. Returns how many were claimed. */
export async function deliverDue(db: Db, s: OutboxSettings = outboxSettings()): Promise<number> {
  const rows = await claimDue(db, s.leaseMs);
  for (const row of rows) await attempt(db, row, s);
  return rows.length;
}

/** Writes a message; call inside the transaction that creates what it reports. */
export async function enqueue(tx: Db, topic: 'contract_request', contractRequestId: number, payload: ContractMessage): Promise<void> {
  await tx.insert(crmOutbox).values({ topic, contractRequestId, payload });
}

// ── the worker of this process ──

const worker = pollingWorker('crm-outbox', { pass: (db) => deliverDue(db), batch: 10, pollMs: () => config().OUTBOX_POLL_MS, enabled: () => config().OUTBOX_WORKER });

/** Starts this process's worker once (OUTBOX_WORKER=0 keeps a node out of delivery). */
export const startOutboxWorker = (): void => worker.start();

/** Asks this process's worker for a pass now (after a new message), instead of at the next poll. */
export const kickOutbox = (): void => worker.kick();
