import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zOptionalText } from '../../../../server/http/zod';
import { zOrderNumber } from '../../../../server/orders/input';
import { cancelOrder } from '../../../../server/orders/actions';
import { afterCancelled } from '../../../../server/payments/service';

const input = z.object({ order_number: zOrderNumber, comment: zOptionalText(500) });

/** POST /api/profile/orders/cancel/ {order_number, comment?}: cancels a new order; its stock goes back, and money paid online too. */
export const POST = authed({}, async (ctx, viewer) => {
  const body = await parseInput(ctx, input);
  const db = await getDb();
  const done = await cancelOrder(db, viewer, body.order_number, body.comment);
  // A buyer who paid online and cancels gets the money back (decision 0220).
  await afterCancelled(db, done.order_id);
  return ok({ order_number: done.order_number, status: done.status });
});
