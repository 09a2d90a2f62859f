import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { orderStatusInput } from '../../../server/accounts/schemas';
import { saveOrderStatusSettings } from '../../../server/accounts/profile';

/** Spec §7 POST /api/profile/sendOrderStatus/ {send_status: 'Y'|'N', checkboxes: [status codes…, 'sms']}. */
export const POST = authed({}, async (ctx, viewer) => {
  const input = await parseInput(ctx, orderStatusInput);
  return ok(await saveOrderStatusSettings(await getDb(), viewer, input));
});
