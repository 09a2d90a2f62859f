import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { setPermissionsInput, setStaffPermissions, STAFF_PERMISSION_CODES } from '../../../../server/desk/staff';
import { t } from '../../../../i18n';

/**
 * POST /api/desk/staff/setPermissions/ {user_id, permissions: ['orders', 'content', …]} (a store administrator,
 * staff permission `staff`) → {user_id, permissions}. The no-JavaScript form of /desk/staff/ sends one
 * `perm_<code>` checkbox per permission instead of the list.
 */
export const POST = authed({ staff: 'staff' }, async (ctx, admin) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  if (raw.permissions === undefined) raw.permissions = STAFF_PERMISSION_CODES.filter((p) => raw[`perm_${p}`] === 'on');
  return formAction(ctx, raw, { back: '/desk/staff/', okText: t('STAFF_SAVED') }, async () => {
    const input = parseWith(setPermissionsInput, raw, { user_id: 'Сотрудник', permissions: 'Права' });
    return setStaffPermissions(db, admin.id, input);
  });
});
