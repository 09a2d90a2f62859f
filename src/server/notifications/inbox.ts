/**
 * A user's notifications (spec §7 Notifications): their own plus the broadcasts (user_id null), minus
 * what they deleted and what is past its `data.date_end` (the spec's date-limited type). Read and
 * deleted marks of broadcasts are per user in `notification_states`; a user's own notification is
 * deleted for real. Every statement names the user next to the id: another user's id answers 404.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { notFoundError } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import { t } from '../../i18n';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationView = {
  id: number;
  kind: string;
  title: string;
  text: string;
  href: string | null;
  read: boolean;
  created_at: string;
  /** Date-limited notifications: shown until then. */
  date_end: string | null;
  /** A broadcast to every user (staff announcement) rather than about this user's own things. */
  broadcast: boolean;
};

/** Visible to `userId` now: theirs or a broadcast, not deleted by them, not past its end. `n`/`s` are the aliases. */
function visible(userId: string): SQL {
  return sql`(n.user_id = ${userId} OR n.user_id IS NULL)
    AND s.deleted_at IS NULL
    AND (n.data->>'date_end' IS NULL OR (n.data->>'date_end')::timestamptz > now())`;
}
const FROM = (userId: string) => sql`FROM notifications n LEFT JOIN notification_states s ON s.notification_id = n.id AND s.user_id = ${userId}`;

type Row = { id: number; kind: string; title: string; text: string; data: { href?: string; date_end?: string }; user_id: string | null; read_at: string | null; created_at: string | Date };

/** GET web/notifications/: unread first, then newest. */
export async function listNotifications(db: Db, userId: string, opts: { page: number; pageSize?: number }): Promise<{ items: NotificationView[]; unread: number; page_navigation: PageNavigation }> {
  const size = opts.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
  const [c] = await queryRows<{ total: number; unread: number }>(db, sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE s.read_at IS NULL)::int AS unread ${FROM(userId)} WHERE ${visible(userId)}`);
  const { navigation: nav, offset } = paginate(Number(c?.total ?? 0), opts.page, size);
  const rows = await queryRows<Row>(db, sql`
    SELECT n.id, n.kind, n.title, n.text, n.data, n.user_id, s.read_at, n.created_at ${FROM(userId)}
    WHERE ${visible(userId)}
    ORDER BY (s.read_at IS NULL) DESC, n.created_at DESC, n.id DESC
    LIMIT ${size} OFFSET ${offset}`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      text: r.text,
      href: r.data?.href ?? null,
      read: r.read_at !== null,
      created_at: new Date(r.created_at).toISOString(),
      date_end: r.data?.date_end ?? null,
      broadcast: r.user_id === null,
    })),
    unread: Number(c?.unread ?? 0),
    page_navigation: nav,
  };
}

/** Marks read what `which` names among the user's visible notifications; returns how many. */
async function markRead(db: Db, userId: string, which: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`
    INSERT INTO notification_states (notification_id, user_id, read_at)
    SELECT n.id, ${userId}, now() ${FROM(userId)} WHERE ${visible(userId)} AND ${which}
    ON CONFLICT (notification_id, user_id) DO UPDATE SET read_at = COALESCE(notification_states.read_at, excluded.read_at)
    RETURNING notification_id AS id`);
  return rows.length;
}

/** POST api/notifications/read/ {id}: one notification; 404 when it is not the user's or no longer shown. */
export async function readNotification(db: Db, userId: string, id: number): Promise<{ id: number; unread: number }> {
  if (!(await markRead(db, userId, sql`n.id = ${id}`))) throw notFoundError(t('NOTIF_ERR_NOT_FOUND'));
  return { id, unread: await unreadCountOf(db, userId) };
}

/** POST api/notifications/read/ {all: 'Y'}: everything shown. */
export async function readAllNotifications(db: Db, userId: string): Promise<{ read: number; unread: number }> {
  const read = await markRead(db, userId, sql`s.read_at IS NULL`);
  return { read, unread: 0 };
}

/** Opening the page a notification points to reads it (a request's thread, for instance). */
export async function markReadByHref(db: Db, userId: string, href: string): Promise<number> {
  return markRead(db, userId, sql`n.user_id = ${userId} AND n.data->>'href' = ${href} AND s.read_at IS NULL`);
}

/** POST web/notifications/delete/ {id}: the user's own is removed, a broadcast is hidden for them. */
export async function deleteNotification(db: Db, userId: string, id: number): Promise<{ id: number; unread: number }> {
  const own = await queryRows<{ id: number }>(db, sql`DELETE FROM notifications n WHERE n.id = ${id} AND n.user_id = ${userId} RETURNING n.id`);
  if (!own.length) {
    const hidden = await queryRows<{ id: number }>(db, sql`
      INSERT INTO notification_states (notification_id, user_id, deleted_at)
      SELECT n.id, ${userId}, now() ${FROM(userId)} WHERE ${visible(userId)} AND n.user_id IS NULL AND n.id = ${id}
      ON CONFLICT (notification_id, user_id) DO UPDATE SET deleted_at = now()
      RETURNING notification_id AS id`);
    if (!hidden.length) throw notFoundError(t('NOTIF_ERR_NOT_FOUND'));
  }
  return { id, unread: await unreadCountOf(db, userId) };
}

/** POST web/notifications/clear/: removes all the user's own and hides every shown broadcast. */
export async function clearNotifications(db: Db, userId: string): Promise<{ cleared: number }> {
  const own = await queryRows<{ id: number }>(db, sql`DELETE FROM notifications WHERE user_id = ${userId} RETURNING id`);
  const hidden = await queryRows<{ id: number }>(db, sql`
    INSERT INTO notification_states (notification_id, user_id, deleted_at)
    SELECT n.id, ${userId}, now() ${FROM(userId)} WHERE ${visible(userId)} AND n.user_id IS NULL
    ON CONFLICT (notification_id, user_id) DO UPDATE SET deleted_at = now()
    RETURNING notification_id AS id`);
  return { cleared: own.length + hidden.length };
}

/** The header badge's number (same rule as notify.ts `unreadCount`). */
export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${FROM(userId)} WHERE ${visible(userId)} AND s.read_at IS NULL`);
  return Number(row?.n ?? 0);
}
