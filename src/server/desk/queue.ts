/**
 * The staff desk's side of requests: the queue (those waiting for an answer first, longest wait on
 * top), a request with its thread, a reply with files, and status changes. Every action is written to
 * the desk journal and, where the customer should know, notifies the author. Callers are guarded
 * with `{ staff: true }`.
 */
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appeals, type AppealStatus } from '../db/schema';
import { notFoundError } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import type { Viewer } from '../http/guard';
import { moveStatus, postMessage } from '../requests/messages';
import { tellAuthor } from '../requests/notices';
import { appealRows, appealView, statusName, threadOf, type AppealView, type MessageView } from '../requests/thread';
import { logStaff } from './log';
import { t } from '../../i18n';

export type QueueTab = 'waiting' | 'open' | 'closed';
export const QUEUE_TABS: QueueTab[] = ['waiting', 'open', 'closed'];
export const QUEUE_PAGE_SIZE = 25;

export type QueueItem = {
  id: number;
  subject: string;
  type_name: string;
  status: AppealStatus;
  status_name: string;
  customer: string;
  company: string | null;
  created_at: string;
  last_message_at: string;
  /** Since when the customer waits for an answer; null when the store has answered. */
  awaiting_since: string | null;
  first_answer_at: string | null;
};

const TAB_WHERE: Record<QueueTab, SQL> = {
  waiting: sql`${appeals.status} <> 'closed' AND ${appeals.awaitingSince} IS NOT NULL`,
  open: sql`${appeals.status} <> 'closed'`,
  closed: sql`${appeals.status} = 'closed'`,
};

export async function queue(db: Db, opts: { tab: QueueTab; page: number }): Promise<{ items: QueueItem[]; counts: Record<QueueTab, number>; page_navigation: PageNavigation }> {
  const where = TAB_WHERE[opts.tab];
  const [c] = await db
    .select({
      waiting: sql<number>`count(*) FILTER (WHERE ${TAB_WHERE.waiting})::int`,
      open: sql<number>`count(*) FILTER (WHERE ${TAB_WHERE.open})::int`,
      closed: sql<number>`count(*) FILTER (WHERE ${TAB_WHERE.closed})::int`,
    })
    .from(appeals);
  const counts = { waiting: Number(c?.waiting ?? 0), open: Number(c?.open ?? 0), closed: Number(c?.closed ?? 0) };
  const { navigation: nav, offset } = paginate(counts[opts.tab], opts.page, QUEUE_PAGE_SIZE);
  const order =
    opts.tab === 'closed'
      ? [desc(appeals.resolvedAt), desc(appeals.id)]
      : [sql`${appeals.awaitingSince} ASC NULLS LAST`, desc(appeals.lastMessageAt), desc(appeals.id)];
  const rows = await appealRows(db).where(where).orderBy(...order).limit(QUEUE_PAGE_SIZE).offset(offset);
  return {
    items: rows.map(({ a, typeName, authorName: customer, companyName: company }) => ({
      id: a.id,
      subject: a.subject,
      type_name: typeName,
      status: a.status,
      status_name: statusName(a.status),
      customer,
      company,
      created_at: a.createdAt.toISOString(),
      last_message_at: a.lastMessageAt.toISOString(),
      awaiting_since: a.awaitingSince?.toISOString() ?? null,
      first_answer_at: a.firstAnswerAt?.toISOString() ?? null,
    })),
    counts,
    page_navigation: nav,
  };
}

export async function deskAppeal(db: Db, id: number): Promise<{ appeal: AppealView & { awaiting_since: string | null }; messages: MessageView[] }> {
  const view = await appealView(db, id);
  if (!view) throw notFoundError(t('REQ_ERR_NOT_FOUND'));
  const [[w], messages] = await Promise.all([db.select({ at: appeals.awaitingSince }).from(appeals).where(eq(appeals.id, id)), threadOf(db, id)]);
  return { appeal: { ...view, awaiting_since: w?.at?.toISOString() ?? null }, messages };
}

async function exists(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(appeals).where(eq(appeals.id, id));
  if (!row?.n) throw notFoundError(t('REQ_ERR_NOT_FOUND'));
}

/** A staff reply (with files), optionally closing the request in the same step. */
export async function staffReply(db: Db, staff: Viewer, input: { appealId: number; text: string; files: File[]; close: boolean }): Promise<{ id: number; attachments: number }> {
  await exists(db, input.appealId);
  const msg = await postMessage(db, { appealId: input.appealId, writer: { userId: staff.id, staff: true }, text: input.text, files: input.files });
  await logStaff(db, staff.id, 'appeal.reply', { kind: 'appeal', id: input.appealId }, { message_id: msg.id, attachments: msg.attachments });
  await tellAuthor(db, input.appealId, { kind: 'reply', text: input.text });
  if (input.close && (await moveStatus(db, { appealId: input.appealId, writer: { userId: staff.id, staff: true }, to: 'closed' })))
    await logStaff(db, staff.id, 'appeal.status', { kind: 'appeal', id: input.appealId }, { status: 'closed' });
  return msg;
}

export async function staffSetStatus(db: Db, staff: Viewer, input: { id: number; status: AppealStatus }): Promise<{ id: number; status: AppealStatus; changed: boolean }> {
  await exists(db, input.id);
  const changed = await moveStatus(db, { appealId: input.id, writer: { userId: staff.id, staff: true }, to: input.status });
  if (changed) {
    await logStaff(db, staff.id, 'appeal.status', { kind: 'appeal', id: input.id }, { status: input.status });
    if (input.status === 'closed') await tellAuthor(db, input.id, { kind: 'closed' });
  }
  return { id: input.id, status: input.status, changed };
}

/** Open requests waiting for the store, for the desk's menu badge. */
export async function waitingCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appeals).where(and(ne(appeals.status, 'closed'), sql`${appeals.awaitingSince} IS NOT NULL`));
  return Number(row?.n ?? 0);
}
