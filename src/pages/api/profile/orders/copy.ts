import { z } from 'astro/zod';
import { ok } from '../../../../server/http/api';
import { once, parseKeyedInput } from '../../../../server/http/idempotency';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zCopySelection, zOrderNumber } from '../../../../server/orders/input';
import { repeatOrder } from '../../../../server/orders/actions';

const input = z.object({ order_number: zOrderNumber, lines: zCopySelection.optional() });

/**
 * POST api/profile/orders/copy/ {order_number, lines?, idempotencyKey?}: repeat order → into the basket,
 * with a report; `lines` (issue 30) narrows it to what the buyer ticked in the preview. A retry with the
 * same key answers the same report and adds nothing twice.
 */
export const POST = authed({}, async (ctx, viewer) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  return ok(await once(await getDb(), { owner: viewer.ownerKey, key, call: 'profile/orders/copy', input: body }, (db) => repeatOrder(db, viewer, body.order_number, body.lines)));
});
