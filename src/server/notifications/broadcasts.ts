/**
 * Announcements to every user (notifications with user_id null), optionally active until a date —
 * the spec's date-limited type ("moscow" kind, `data.date_end`): after it nobody sees it. Each user
 * reads and deletes a broadcast for themself only (notification_states). Written by the staff desk.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { oneOr404 } from '../http/ownership';
import { t } from '../../i18n';

export type Broadcast = { id: number; title: string; text: string; href: string | null; date_end: string | null; created_at: string; active: boolean; readers: number };

export async function broadcast(db: Db, input: { title: string; text: string; href?: string; dateEnd?: Date }): Promise<{ id: number }> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: null,
      kind: input.dateEnd ? 'moscow' : 'info',
      title: input.title,
      text: input.text,
      data: { ...(input.href ? { href: input.href } : {}), ...(input.dateEnd ? { date_end: input.dateEnd.toISOString() } : {}) },
    })
    .returning({ id: notifications.id });
  return { id: row!.id };
}

/** Every announcement, newest first, with whether it is still shown and how many have read it. */
export async function listBroadcasts(db: Db, limit = 50): Promise<Broadcast[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      text: notifications.text,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readers: sql<number>`(SELECT count(*)::int FROM notification_states s WHERE s.notification_id = ${notifications.id} AND s.read_at IS NOT NULL)`,
    })
    .from(notifications)
    .where(isNull(notifications.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    text: r.text,
    href: r.data.href ?? null,
    date_end: r.data.date_end ?? null,
    created_at: r.createdAt.toISOString(),
    active: !r.data.date_end || Date.parse(r.data.date_end) > now,
    readers: Number(r.readers),
  }));
}

/** Ends an announcement now (it disappears for everyone); 404 for an id that is not an announcement. */
export async function endBroadcast(db: Db, id: number): Promise<{ id: number; date_end: string }> {
  const end = new Date();
  const rows = await db
    .update(notifications)
    .set({ kind: 'moscow', data: sql`${notifications.data} || jsonb_build_object('date_end', ${end.toISOString()}::text)` })
    .where(and(eq(notifications.id, id), isNull(notifications.userId)))
    .returning({ id: notifications.id });
  oneOr404(rows, t('NOTIF_ERR_NOT_FOUND'));
  return { id, date_end: end.toISOString() };
}
