/**
 * One request with its thread, as both sides see it. Who may open it is decided by the caller's
 * query (`appealAccess` for customers, the staff guard for the desk); this module only shapes rows.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appealAttachments, appealMessages, appealTypes, appeals, companies, orders, products, users, type AppealStatus } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ownedBy } from '../http/ownership';
import { describeFields } from './types';
import { t } from '../../i18n';

/** A customer's reach: their own requests, and a company admin's the company's too. */
export function appealAccess(viewer: Viewer): SQL {
  return ownedBy(viewer, { user: appeals.userId, company: appeals.companyId }, { companyWide: viewer.isAdmin });
}

export const APPEAL_STATUSES: AppealStatus[] = ['open', 'in_progress', 'closed'];
export const statusName = (s: string) => t(`REQ_STATUS_${s.toUpperCase()}`);
export const fileUrl = (id: number) => `/personal/requests/files/${id}/`;

export type AttachmentView = { id: number; name: string; mime: string; size: number; url: string; is_image: boolean };
export type MessageView = {
  id: number;
  text: string;
  event: string | null;
  from_staff: boolean;
  author: string;
  /** The customer who wrote it (null for the store's messages). */
  author_id: string | null;
  created_at: string;
  rating: number | null;
  attachments: AttachmentView[];
};
export type AppealView = {
  id: number;
  subject: string;
  status: AppealStatus;
  status_name: string;
  type: { code: string; name: string };
  rating: number | null;
  created_at: string;
  last_message_at: string;
  first_answer_at: string | null;
  resolved_at: string | null;
  order: { id: number; number: string; href: string } | null;
  product: { id: number; name: string; article: string; href: string } | null;
  fields: { label: string; value: string }[];
  author: { id: string; name: string; email: string; company: string | null };
};

/**
 * Requests as every list and card of them reads them (the customer's list, the desk's queue, one
 * request): the row with its type, author and company, the order and the product it is about, and —
 * given a reader — the store's replies that reader has not read yet. Callers add where/order/limit.
 */
export function appealRows(db: Db, readerId: string | null = null) {
  return db
    .select({
      a: appeals,
      typeName: appealTypes.name,
      typeFields: appealTypes.fields,
      orderNumber: orders.number,
      productName: products.name,
      productArticle: products.article,
      productCode: products.code,
      authorName: users.name,
      authorEmail: users.email,
      companyName: companies.name,
      unread: readerId ? unreadRepliesSql(readerId) : sql<number>`0`,
    })
    .from(appeals)
    .innerJoin(appealTypes, eq(appealTypes.code, appeals.typeCode))
    .innerJoin(users, eq(users.id, appeals.userId))
    .leftJoin(companies, eq(companies.id, appeals.companyId))
    .leftJoin(orders, eq(orders.id, appeals.orderId))
    .leftJoin(products, eq(products.id, appeals.productId));
}

/** The request's card (no ownership check: the caller's query made it). */
export async function appealView(db: Db, id: number): Promise<AppealView | null> {
  const [a] = await appealRows(db).where(eq(appeals.id, id)).limit(1);
  if (!a) return null;
  const r = a.a;
  return {
    id: r.id,
    subject: r.subject,
    status: r.status,
    status_name: statusName(r.status),
    type: { code: r.typeCode, name: a.typeName },
    rating: r.rating,
    created_at: r.createdAt.toISOString(),
    last_message_at: r.lastMessageAt.toISOString(),
    first_answer_at: r.firstAnswerAt?.toISOString() ?? null,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    order: r.orderId && a.orderNumber ? { id: r.orderId, number: a.orderNumber, href: `/personal/orders/${encodeURIComponent(a.orderNumber)}/` } : null,
    product: r.productId && a.productName ? { id: r.productId, name: a.productName, article: a.productArticle!, href: `/${a.productCode}/` } : null,
    fields: describeFields({ fields: a.typeFields }, r.fields),
    author: { id: r.userId, name: a.authorName, email: a.authorEmail, company: a.companyName },
  };
}

/** The thread, oldest first, with each message's files. */
export async function threadOf(db: Db, appealId: number): Promise<MessageView[]> {
  const rows = await db
    .select({ m: appealMessages, authorName: users.name })
    .from(appealMessages)
    .leftJoin(users, eq(users.id, appealMessages.authorUserId))
    .where(eq(appealMessages.appealId, appealId))
    .orderBy(asc(appealMessages.createdAt), asc(appealMessages.id));
  const ids = rows.map((r) => r.m.id);
  const files = ids.length
    ? await db
        .select({ id: appealAttachments.id, messageId: appealAttachments.messageId, name: appealAttachments.name, mime: appealAttachments.mime, size: appealAttachments.size })
        .from(appealAttachments)
        .where(inArray(appealAttachments.messageId, ids))
        .orderBy(asc(appealAttachments.id))
    : [];
  return rows.map(({ m, authorName }) => ({
    id: m.id,
    text: m.event ? t(`REQ_EVENT_${m.event.toUpperCase()}${m.fromStaff ? '_STAFF' : ''}`) : m.text,
    event: m.event,
    from_staff: m.fromStaff,
    author: m.fromStaff ? `${authorName ?? t('REQ_STAFF')} · ${t('SITE_NAME')}` : (authorName ?? ''),
    author_id: m.fromStaff ? null : m.authorUserId,
    created_at: m.createdAt.toISOString(),
    rating: m.rating,
    attachments: files
      .filter((f) => f.messageId === m.id)
      .map((f) => ({ id: f.id, name: f.name, mime: f.mime, size: f.size, url: fileUrl(f.id), is_image: f.mime.startsWith('image/') })),
  }));
}

/** Staff messages newer than this reader's last visit, per request. */
export function unreadRepliesSql(readerId: string): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM appeal_messages um
    WHERE um.appeal_id = ${appeals.id} AND um.from_staff AND um.event IS NULL
      AND um.created_at > COALESCE((SELECT ar.read_at FROM appeal_reads ar WHERE ar.appeal_id = ${appeals.id} AND ar.user_id = ${readerId}), '-infinity'::timestamptz))`;
}
