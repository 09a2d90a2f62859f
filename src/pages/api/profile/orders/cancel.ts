import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zOptionalText } from '../../../../server/http/zod';
import { zOrderNumber } from '../../../../server/orders/input';
import { cancelOrder } from '../../../../server/orders/actions';

const input = z.object({ order_number: zOrderNumber, comment: zOptionalText(500) });

/** POST /api/profile/orders/cancel/ {order_number, comment?}: cancels a new order; its stock goes back. */
export const POST = authed({}, async (ctx, viewer) => {
  const body = await parseInput(ctx, input);
  return ok(await cancelOrder(await getDb(), viewer, body.order_number, body.comment));
});
