import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zOrderNumber } from '../../../../server/orders/input';
import { repeatOrder } from '../../../../server/orders/actions';

const input = z.object({ order_number: zOrderNumber });

/** POST api/profile/orders/copy/ {order_number}: repeat order → into the basket, with a report. */
export const POST = authed({}, async (ctx, viewer) => {
  const body = await parseInput(ctx, input);
  return ok(await repeatOrder(await getDb(), viewer, body.order_number));
});
