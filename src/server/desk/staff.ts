/**
 * The store's employees and their desk permissions (issue 25): an administrator — a store employee
 * with the `staff` permission — sees every employee and sets what each may do (STAFF_PERMISSIONS).
 * The target must be a store employee: a customer's or a contractor's id is «not found» and changes
 * nothing (the `is_staff` condition is part of the update). An administrator cannot take `staff` from
 * himself, so the store always keeps one. Every change is in the desk's journal with before and after.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { STAFF_PERMISSIONS, type StaffPermission } from '../auth/permissions';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { logStaff } from './log';

export const STAFF_PERMISSION_CODES = Object.keys(STAFF_PERMISSIONS) as StaffPermission[];

export type StaffMember = { id: string; name: string; email: string; position: string | null; permissions: StaffPermission[]; blocked: boolean; lastLoginAt: string | null };

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, position: users.position, permissions: users.permissions, blocked: users.blocked, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.isStaff, true))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, permissions: STAFF_PERMISSION_CODES.filter((p) => r.permissions.includes(p)), lastLoginAt: r.lastLoginAt?.toISOString() ?? null }));
}

export const setPermissionsInput = z.object({
  user_id: z.string({ error: t('STAFF_ERR_USER') }).trim().min(1, { message: t('STAFF_ERR_USER') }).max(100),
  permissions: z.array(z.enum(STAFF_PERMISSION_CODES as [StaffPermission, ...StaffPermission[]], { message: t('STAFF_ERR_PERMISSION') })).max(20).default([]),
});

/** POST api/desk/staff/setPermissions/: the employee's permissions become exactly these. */
export async function setStaffPermissions(db: Db, adminId: string, q: z.output<typeof setPermissionsInput>): Promise<{ user_id: string; permissions: StaffPermission[] }> {
  const next = STAFF_PERMISSION_CODES.filter((p) => q.permissions.includes(p));
  if (q.user_id === adminId && !next.includes('staff')) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'permissions', message: t('STAFF_ERR_SELF') }]);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: users.name, permissions: users.permissions }).from(users).where(and(eq(users.id, q.user_id), eq(users.isStaff, true))).for('update');
    if (!before) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('STAFF_ERR_NOT_FOUND') }]);
    await tx.update(users).set({ permissions: next, updatedAt: new Date() }).where(and(eq(users.id, q.user_id), eq(users.isStaff, true)));
    await logStaff(tx as unknown as Db, adminId, 'staff.permissions', { kind: 'user', id: q.user_id }, { name: before.name, before: before.permissions, after: next });
    return { user_id: q.user_id, permissions: next };
  });
}
