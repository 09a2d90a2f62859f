import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zFlag, zOptionalText } from '../../../../server/http/zod';
import { zOrderNumber } from '../../../../server/orders/input';
import { decideApproval } from '../../../../server/orders/approval';
import { mailNewOrderToStaff } from '../../../../server/orders/staff-mail';

const input = z.object({ order_number: zOrderNumber, approve: zFlag, comment: zOptionalText(500) });

/** POST /api/profile/orders/approve/ {order_number, approve 'Y'|'N', comment?}: the company admin decides on an order above an employee's limit. */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const body = await parseInput(ctx, input);
  const db = await getDb();
  const decided = await decideApproval(db, viewer, body.order_number, body.approve, body.comment);
  // Approved, the order is now the store's to work: its «Новый заказ» e-mail goes out (refused ones never do).
  await mailNewOrderToStaff(db, decided.order_number).catch((e) => console.error('[approval] the store\'s «Новый заказ» e-mail failed', e));
  return ok(decided);
});
