import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { beginSession, withSessionCookies } from '../../../server/auth/begin-session';
import { restoreInput } from '../../../server/accounts/schemas';
import { setPasswordWithCode } from '../../../server/accounts/restore';

/**
 * POST /api/password/restore/ {email, code, password, confirm_password, remember?} → {token}: restore,
 * and the first authorization of an account without a password (spec user_not_auth). Every
 * session of the user ends; the caller is signed in with a new one.
 */
export const POST = endpoint(async (ctx) => {
  const input = await parseInput(ctx, restoreInput);
  const { userId } = await setPasswordWithCode(await getDb(), { ...input, ip: requestIp(ctx) });
  const session = await beginSession(ctx, userId, input.remember);
  return withSessionCookies(ok({ token: session.token }), session);
});
