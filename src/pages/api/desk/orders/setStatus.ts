import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId, zOptionalText } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { backPath, formAction, parseWith } from '../../../../server/requests/form-post';
import { ORDER_STATUS } from '../../../../server/orders/status';
import { staffMoveOrder } from '../../../../server/orders/staff';
import { logStaff } from '../../../../server/desk/log';
import { afterCancelled } from '../../../../server/payments/service';
import { t } from '../../../../i18n';

const status = z.enum(Object.keys(ORDER_STATUS) as [keyof typeof ORDER_STATUS, ...(keyof typeof ORDER_STATUS)[]]);
const input = z.object({ id: zId, from: status, status, comment: zOptionalText(500) });

/**
 * POST /api/desk/orders/setStatus/ {id, from, status, comment?} (staff): moves an order through
 * changeOrderStatus (history + the owner's notification and e-mail), and logs who did it; a
 * cancelled order that was paid online is refunded.
 */
export const POST = authed({ staff: 'orders' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: backPath(raw, '/desk/orders/'), okText: t('DESK_MOVED') }, async () => {
    const q = parseWith(input, raw);
    const moved = await staffMoveOrder(db, staff.id, { orderId: q.id, from: q.from, to: q.status, comment: q.comment });
    await logStaff(db, staff.id, 'order.status', { kind: 'order', id: q.id }, { number: moved.number, from: q.from, to: q.status, comment: q.comment ?? null });
    // A paid order cancelled by the store gets its money back through the provider (decision 0220).
    if (q.status === 'cancelled') await afterCancelled(db, q.id);
    return moved;
  });
});
