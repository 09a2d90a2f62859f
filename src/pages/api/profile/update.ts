import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { profileUpdateInput } from '../../../server/accounts/schemas';
import { updateProfile } from '../../../server/accounts/profile';

/**
 * Spec §7 POST /api/profile/update/ {name?, email? | phone?, code?}. The name is saved at once. A new
 * e-mail or phone without `code` sends a code to that new address or number and answers
 * `confirm: {type, target, resendAfter}`; the same call with `code` applies the change.
 */
export const POST = authed({}, async (ctx, viewer) => {
  const input = await parseInput(ctx, profileUpdateInput);
  return ok(await updateProfile(await getDb(), viewer, input, requestIp(ctx)));
});
