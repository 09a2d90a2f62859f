import { ok, readRaw } from '../../server/http/api';
import { authed } from '../../server/http/guard';
import { getDb } from '../../server/db/client';
import { parseAddressAction } from '../../server/addresses/input';
import { runAddressAction } from '../../server/addresses/run';

/**
 * POST /api/deliveryAddresses/ {action, …} (spec §7): requestAdd, requestDelete, cancelDelete,
 * sendVerifyCodeEmail, sendVerifyCodeSMS {phone}, checkVerifyCode, set{Email,Phone}NotifyStatus,
 * change{Email,Phone}, change{Email,Phone}All. 101 without a session; 403 for a company employee
 * without the right to manage addresses; 404 for an address that is not the viewer's.
 */
export const POST = authed({}, async (ctx, viewer) => {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const input = parseAddressAction(raw);
  return ok(await runAddressAction(await getDb(), viewer, input));
});
