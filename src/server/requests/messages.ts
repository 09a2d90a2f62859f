/**
 * Writing to a request's thread, for both sides: a message with its files, and a status change
 * (kept in the thread as an event). The request's clock is kept here in the same transaction:
 * `awaiting_since` (the customer waits for the store), `first_answer_at` and `resolved_at` — the time
 * to first answer and to resolution are their differences from `created_at`.
 * Callers have already checked that the writer may touch the request.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appealAttachments, appealMessages, appeals, type AppealStatus } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { prepareFiles, storeFiles } from './files';
import { t } from '../../i18n';

export type Writer = { userId: string; staff: boolean };

const closedError = () => new HttpError(409, [{ code: ERR.CONFLICT, message: t('REQ_ERR_CLOSED') }]);

/**
 * Adds a message. A customer cannot write into a closed request (they reopen it first); a staff
 * reply clears the wait, records the first answer and moves a new request to "in progress".
 */
export async function postMessage(db: Db, input: { appealId: number; writer: Writer; text: string; files: File[] }): Promise<{ id: number; attachments: number }> {
  const prepared = await prepareFiles(input.files);
  const { stored, undo } = await storeFiles(prepared);
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const touched = input.writer.staff
        ? await tx
            .update(appeals)
            .set({
              lastMessageAt: now,
              updatedAt: now,
              awaitingSince: null,
              firstAnswerAt: sql`COALESCE(${appeals.firstAnswerAt}, ${now.toISOString()}::timestamptz)`,
              status: sql`CASE WHEN ${appeals.status} = 'open' THEN 'in_progress' ELSE ${appeals.status} END`,
            })
            .where(eq(appeals.id, input.appealId))
            .returning({ id: appeals.id })
        : await tx
            .update(appeals)
            .set({ lastMessageAt: now, updatedAt: now, awaitingSince: sql`COALESCE(${appeals.awaitingSince}, ${now.toISOString()}::timestamptz)` })
            .where(and(eq(appeals.id, input.appealId), ne(appeals.status, 'closed')))
            .returning({ id: appeals.id });
      if (!touched.length) throw closedError();
      const [msg] = await tx
        .insert(appealMessages)
        .values({ appealId: input.appealId, authorUserId: input.writer.userId, fromStaff: input.writer.staff, text: input.text, createdAt: now })
        .returning({ id: appealMessages.id });
      if (stored.length) await tx.insert(appealAttachments).values(stored.map((s) => ({ ...s, appealId: input.appealId, messageId: msg!.id })));
      return { id: msg!.id, attachments: stored.length };
    });
  } catch (e) {
    await undo();
    throw e;
  }
}

/**
 * Moves a request to `to` and notes it in the thread. Closing records the resolution time; reopening
 * clears it, and a customer's reopening puts the request back in the store's queue.
 * Returns false when the request already had that status (nothing written).
 */
export async function moveStatus(db: Db, input: { appealId: number; writer: Writer; to: AppealStatus }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const set: Record<string, unknown> = { status: input.to, updatedAt: now };
    if (input.to === 'closed') Object.assign(set, { resolvedAt: now, awaitingSince: null });
    else {
      set.resolvedAt = null;
      if (!input.writer.staff) set.awaitingSince = sql`COALESCE(${appeals.awaitingSince}, ${now.toISOString()}::timestamptz)`;
    }
    const rows = await tx
      .update(appeals)
      .set(set as Partial<typeof appeals.$inferInsert>)
      .where(and(eq(appeals.id, input.appealId), ne(appeals.status, input.to)))
      .returning({ id: appeals.id });
    if (!rows.length) return false;
    await tx.insert(appealMessages).values({ appealId: input.appealId, authorUserId: input.writer.userId, fromStaff: input.writer.staff, text: '', event: input.to, createdAt: now });
    return true;
  });
}
