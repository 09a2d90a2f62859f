import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { beginSession, withSessionCookies } from '../../../server/auth/begin-session';
import { confirmRegistrationInput } from '../../../server/accounts/schemas';
import { confirmRegistration } from '../../../server/accounts/registration';

/**
 * POST /api/registration/confirm/ {email, code} → {token, company, joinRequest}: the code creates the
 * account (and the company, or a join request) and signs in with the one-week cookie.
 */
export const POST = endpoint(async (ctx) => {
  const input = await parseInput(ctx, confirmRegistrationInput);
  const confirmed = await confirmRegistration(await getDb(), { ...input, ip: requestIp(ctx) });
  const session = await beginSession(ctx, confirmed.userId, true);
  return withSessionCookies(ok({ token: session.token, company: confirmed.company, joinRequest: confirmed.joinRequest }), session);
});
