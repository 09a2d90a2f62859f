import { endpoint, ok, parseInput } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { requestIp } from '../../server/http/rate-limit';
import { checkCodeInput } from '../../server/accounts/schemas';
import { checkPublicCode } from '../../server/accounts/verify';

/** Spec §7 POST /api/checkVerifyCode/ {email, code, event?} → {email, event, valid: true}, or a Russian 422 with the tries left. */
export const POST = endpoint(async (ctx) => {
  const input = await parseInput(ctx, checkCodeInput);
  return ok(await checkPublicCode(await getDb(), { ...input, ip: requestIp(ctx) }));
});
