import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { currentSessionToken } from '../../../server/auth/sessions';
import { passwordChangeInput } from '../../../server/accounts/schemas';
import { changePassword } from '../../../server/accounts/password';

/** Spec §7 POST /api/password/change/ {old_password | code, password, confirm_password}: other sessions end, this one stays. */
export const POST = authed({}, async (ctx, viewer) => {
  const input = await parseInput(ctx, passwordChangeInput);
  const currentToken = await currentSessionToken(ctx.request, ctx.url);
  return ok(await changePassword(await getDb(), viewer, input, { ip: requestIp(ctx), currentToken }));
});
