import { endpoint, ok, parseInput } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { requestIp } from '../../server/http/rate-limit';
import { sendCodeInput } from '../../server/accounts/schemas';
import { sendPublicCode } from '../../server/accounts/verify';

/** Spec §7 POST api/sendVerifyCode/ {email, event: USER_VERIFY_CODE | PASSWORD_CHANGE_VERIFY} → {email, resendAfter}. */
export const POST = endpoint(async (ctx) => {
  const input = await parseInput(ctx, sendCodeInput);
  return ok(await sendPublicCode(await getDb(), { ...input, ip: requestIp(ctx) }));
});
