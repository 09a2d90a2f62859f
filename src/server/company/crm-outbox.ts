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
import { getDb, getDbHandle, type Db } from '../db/client';
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

/** Delay before the next attempt after `failures` failed ones: base · 2^(failures−1), capped, plus up to 10 % jitter. */
export function backoffMs(failures: number, s: Pick<OutboxSettings, 'baseDelayMs' | 'maxDelayMs'>, jitter = Math.random()): number {
  const exp = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(exp * (1 + 0.1 * jitter));
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

type WorkerState = { timer: ReturnType<typeof setTimeout> | null; running: boolean; again: boolean; settings: OutboxSettings; stopped?: boolean; pass?: Promise<void> };
const g = globalThis as typeof globalThis & { __crmOutboxWorker?: WorkerState };

function schedule(state: WorkerState, ms: number) {
  if (state.timer) clearTimeout(state.timer);
  if (state.stopped) return;
  state.timer = setTimeout(() => void (state.pass = tick(state)), ms);
  state.timer.unref?.();
}

async function tick(state: WorkerState) {
  state.timer = null;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  state.again = false;
  try {
    const db = await getDb();
    // A full batch may mean more are due: keep going until a pass finds less than a batch.
    while ((await deliverDue(db, state.settings)) >= 10) {}
  } catch (e) {
    console.error('[crm-outbox] pass failed', e);
  } finally {
    state.running = false;
    schedule(state, state.again ? 0 : state.settings.pollMs);
  }
}

/** Starts this process's worker once (OUTBOX_WORKER=0 keeps a node out of delivery). */
export function startOutboxWorker(): void {
  if (g.__crmOutboxWorker || !config().OUTBOX_WORKER) return;
  const state: WorkerState = { timer: null, running: false, again: false, settings: outboxSettings() };
  g.__crmOutboxWorker = state;
  schedule(state, 1000);
  void getDbHandle().then((h) =>
    h.beforeClose(async () => {
      state.stopped = true;
      if (state.timer) clearTimeout(state.timer);
      await state.pass;
    }),
  );
}

/** Asks this process's worker for a pass now (after a new message), instead of at the next poll. */
export function kickOutbox(): void {
  const state = g.__crmOutboxWorker;
  if (!state) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}
