/** The desk's journal: every staff action with who and when (`staff_actions`). */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffActions, users } from '../db/schema';
import { paginate, type PageNavigation } from '../http/paging';

export type StaffAction = 'appeal.reply' | 'appeal.status' | 'order.status' | 'announcement.add' | 'announcement.end' | 'pricelist.import' | 'exchange.warehouses' | 'company.price_type' | 'content.save' | 'content.publish' | 'content.unpublish' | 'content.remove' | 'content.restore' | 'staff.permissions' | 'search_task.add' | 'search_task.save' | 'search_task.remove' | 'search_task.standard' | 'messages.retry';

export async function logStaff(db: Db, staffUserId: string, action: StaffAction, target: { kind: 'appeal' | 'order' | 'notification' | 'pricelist' | 'warehouses' | 'company' | 'content' | 'user' | 'search_task' | 'messages'; id: number | string }, details: Record<string, unknown> = {}): Promise<void> {
  await db.insert(staffActions).values({ staffUserId, action, targetKind: target.kind, targetId: String(target.id), details });
}

export type LogEntry = { id: number; at: string; staff: string | null; action: StaffAction; target_kind: string; target_id: string; details: Record<string, unknown> };

export async function listLog(db: Db, opts: { page: number; pageSize?: number }): Promise<{ entries: LogEntry[]; page_navigation: PageNavigation }> {
  const size = opts.pageSize ?? 50;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(staffActions);
  const { navigation: nav, offset } = paginate(n, opts.page, size);
  const rows = await db
    .select({ a: staffActions, staff: users.name })
    .from(staffActions)
    .leftJoin(users, eq(users.id, staffActions.staffUserId))
    .orderBy(desc(staffActions.at), desc(staffActions.id))
    .limit(size)
    .offset(offset);
  return {
    entries: rows.map(({ a, staff }) => ({ id: a.id, at: a.at.toISOString(), staff, action: a.action as StaffAction, target_kind: a.targetKind, target_id: a.targetId, details: a.details })),
    page_navigation: nav,
  };
}
