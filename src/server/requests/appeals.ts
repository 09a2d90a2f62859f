/**
 * Requests (spec: appeals) as the customer sees them: the list, one request with its thread, a new
 * request of a type, a message, closing/reopening and ratings. Every statement carries
 * `appealAccess(viewer)` next to the id: another user's request answers 404 and changes nothing.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appealAttachments, appealMessages, appealReads, appeals, type AppealStatus } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { notFoundError, oneOr404 } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import { hit } from '../http/rate-limit';
import { markReadByHref } from '../notifications/inbox';
import { checkLinks } from './links';
import { moveStatus, postMessage } from './messages';
import { appealAccess, appealRows, appealView, statusName, threadOf, type AppealView, type MessageView } from './thread';
import { appealType, checkTypedInput, MESSAGE_MAX } from './types';
import { t } from '../../i18n';

export const APPEALS_PAGE_SIZE = 20;
export const appealHref = (id: number) => `/personal/requests/${id}/`;

export type AppealFilter = 'all' | 'open' | 'closed';
export type AppealListItem = {
  id: number;
  subject: string;
  type: { code: string; name: string };
  status: AppealStatus;
  status_name: string;
  created_at: string;
  last_message_at: string;
  /** Staff replies this viewer has not opened yet. */
  unread: number;
  order_number: string | null;
  /** Set when the request is a colleague's (a company admin sees the company's requests). */
  author: string | null;
};

/** GET /web/personal/appeals/: newest activity first, unread replies counted, filtered by status. */
export async function listAppeals(db: Db, viewer: Viewer, opts: { filter: AppealFilter; page: number; pageSize?: number }): Promise<{ appeals: AppealListItem[]; page_navigation: PageNavigation }> {
  const size = opts.pageSize ?? APPEALS_PAGE_SIZE;
  const byStatus = opts.filter === 'open' ? sql`${appeals.status} <> 'closed'` : opts.filter === 'closed' ? eq(appeals.status, 'closed') : undefined;
  const where = and(appealAccess(viewer), byStatus);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(appeals).where(where);
  const { navigation: nav, offset } = paginate(n, opts.page, size);
  const rows = await appealRows(db, viewer.id).where(where).orderBy(desc(appeals.lastMessageAt), desc(appeals.id)).limit(size).offset(offset);
  return {
    appeals: rows.map(({ a, typeName, unread, orderNumber, authorName }) => ({
      id: a.id,
      subject: a.subject,
      type: { code: a.typeCode, name: typeName },
      status: a.status,
      status_name: statusName(a.status),
      created_at: a.createdAt.toISOString(),
      last_message_at: a.lastMessageAt.toISOString(),
      unread: Number(unread),
      order_number: orderNumber,
      author: a.userId === viewer.id ? null : authorName,
    })),
    page_navigation: nav,
  };
}

/** The id if the viewer may reach this request, else 404. */
async function reachable(db: Db, viewer: Viewer, id: number): Promise<{ id: number; status: AppealStatus; firstAnswerAt: Date | null }> {
  const rows = await db
    .select({ id: appeals.id, status: appeals.status, firstAnswerAt: appeals.firstAnswerAt })
    .from(appeals)
    .where(and(eq(appeals.id, id), appealAccess(viewer)))
    .limit(1);
  return oneOr404(rows, t('REQ_ERR_NOT_FOUND'));
}

export type AppealDetail = { appeal: AppealView & { can: { reply: boolean; close: boolean; reopen: boolean; rate: boolean } }; messages: MessageView[] };

/**
 * GET /web/personal/appeal/{id}/: the request and its thread. Opening it marks the staff replies
 * read for this viewer, and the notifications that pointed here.
 */
export async function getAppeal(db: Db, viewer: Viewer, id: number): Promise<AppealDetail> {
  await reachable(db, viewer, id);
  const [view, messages] = await Promise.all([appealView(db, id), threadOf(db, id)]);
  if (!view) throw notFoundError(t('REQ_ERR_NOT_FOUND'));
  await db
    .insert(appealReads)
    .values({ appealId: id, userId: viewer.id })
    .onConflictDoUpdate({ target: [appealReads.appealId, appealReads.userId], set: { readAt: sql`now()` } });
  await markReadByHref(db, viewer.id, appealHref(id));
  const closed = view.status === 'closed';
  return { appeal: { ...view, can: { reply: !closed, close: !closed, reopen: closed, rate: !!view.first_answer_at } }, messages };
}

/** The per-user limits of writing (docs/decisions/0150): generous for people, tight for scripts. */
const writeLimits = (viewer: Viewer, what: 'appeal' | 'message') =>
  what === 'appeal'
    ? [{ key: `appeal:new:${viewer.id}`, max: 20, windowSeconds: 3600 }]
    : [{ key: `appeal:msg:${viewer.id}`, max: 60, windowSeconds: 3600 }];

/** A new request of a type, with its first message and files (spec-silent call: POST /api/appeals/add/). */
export async function createAppeal(db: Db, viewer: Viewer, input: { typeCode: string; raw: Record<string, unknown>; files: File[] }): Promise<{ id: number }> {
  const type = await appealType(db, input.typeCode);
  if (!type) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'type', message: `${t('REQ_TYPE')}: ${t('REQ_ERR_CHOOSE')}` }]);
  const typed = checkTypedInput(type, input.raw, input.files.length);
  const links = await checkLinks(db, viewer, typed);
  await hit(db, writeLimits(viewer, 'appeal'));
  const about = links.productName ?? (links.orderNumber ? `${t('ORDER')} ${links.orderNumber}` : null);
  const subject = (typed.subject ?? (about ? `${type.name}: ${about}` : type.name)).slice(0, 200);
  const [row] = await db
    .insert(appeals)
    .values({ userId: viewer.id, companyId: viewer.companyId, typeCode: type.code, subject, orderId: typed.orderId, productId: typed.productId, fields: typed.fields })
    .returning({ id: appeals.id });
  try {
    await postMessage(db, { appealId: row!.id, writer: { userId: viewer.id, staff: false }, text: typed.message, files: input.files });
  } catch (e) {
    // The request is only worth keeping with its first message (a refused file leaves nothing behind).
    await db.delete(appeals).where(eq(appeals.id, row!.id));
    throw e;
  }
  return { id: row!.id };
}

export function checkMessageText(text: unknown): string {
  const v = typeof text === 'string' ? text.trim() : '';
  if (!v) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'text', message: `${t('REQ_MESSAGE')}: ${t('FIELD_REQUIRED')}` }]);
  if (v.length > MESSAGE_MAX) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'text', message: `${t('REQ_MESSAGE')}: ${t('VALUE_TOO_LONG').replace('{n}', String(MESSAGE_MAX))}` }]);
  return v;
}

/** POST /api/appealsMessage/add/: the customer's message (with files) in their open request. */
export async function addCustomerMessage(db: Db, viewer: Viewer, input: { appealId: number; text: string; files: File[] }): Promise<{ id: number; attachments: number }> {
  const a = await reachable(db, viewer, input.appealId);
  if (a.status === 'closed') throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('REQ_ERR_CLOSED') }]);
  await hit(db, writeLimits(viewer, 'message'));
  return postMessage(db, { appealId: a.id, writer: { userId: viewer.id, staff: false }, text: input.text, files: input.files });
}

/** POST /api/appeals/setStatus/: the customer closes or reopens. */
export async function setCustomerStatus(db: Db, viewer: Viewer, input: { id: number; status: 'open' | 'closed' }): Promise<{ id: number; status: AppealStatus; changed: boolean }> {
  const a = await reachable(db, viewer, input.id);
  const changed = await moveStatus(db, { appealId: a.id, writer: { userId: viewer.id, staff: false }, to: input.status });
  return { id: a.id, status: input.status, changed };
}

/** POST /api/appeals/setRating/: how the request was handled, 1–5, once the store has answered. */
export async function rateAppeal(db: Db, viewer: Viewer, input: { id: number; rating: number }): Promise<{ id: number; rating: number }> {
  const rows = await db
    .update(appeals)
    .set({ rating: input.rating })
    .where(and(eq(appeals.id, input.id), appealAccess(viewer), sql`${appeals.firstAnswerAt} IS NOT NULL`))
    .returning({ id: appeals.id });
  if (!rows.length) {
    await reachable(db, viewer, input.id);
    throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('REQ_ERR_RATE_NO_ANSWER') }]);
  }
  return { id: input.id, rating: input.rating };
}

/** POST /api/appealsMessage/setRating/: a staff answer in the viewer's request, 1–5. */
export async function rateMessage(db: Db, viewer: Viewer, input: { id: number; rating: number }): Promise<{ id: number; appeal_id: number; rating: number }> {
  const rows = await db
    .update(appealMessages)
    .set({ rating: input.rating })
    .where(
      and(
        eq(appealMessages.id, input.id),
        eq(appealMessages.fromStaff, true),
        sql`${appealMessages.event} IS NULL`,
        inArray(appealMessages.appealId, db.select({ id: appeals.id }).from(appeals).where(appealAccess(viewer))),
      ),
    )
    .returning({ id: appealMessages.id, appealId: appealMessages.appealId });
  const row = oneOr404(rows, t('REQ_ERR_MESSAGE_NOT_FOUND'));
  return { id: row.id, appeal_id: row.appealId, rating: input.rating };
}

/**
 * An attachment for the guarded file route: the request's owner, their company admin, or staff —
 * decided in the statement that finds it.
 */
export async function attachmentFor(db: Db, viewer: Viewer, id: number): Promise<{ storageKey: string; name: string; mime: string }> {
  const reach = viewer.isStaff ? sql`true` : appealAccess(viewer);
  const rows = await db
    .select({ storageKey: appealAttachments.storageKey, name: appealAttachments.name, mime: appealAttachments.mime })
    .from(appealAttachments)
    .innerJoin(appeals, eq(appeals.id, appealAttachments.appealId))
    .where(and(eq(appealAttachments.id, id), reach))
    .limit(1);
  return oneOr404(rows, t('REQ_ERR_FILE_NOT_FOUND'));
}
