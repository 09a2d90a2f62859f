import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { registrationInput } from '../../../server/accounts/schemas';
import { register } from '../../../server/accounts/registration';

/**
 * POST /api/registration/ {type: retail|business, name, email, phone, password, confirm_password,
 * agree, unp?, company_name?, legal_address?, captcha} → {email, resendAfter}: an e-mail code is on
 * its way (or, for an e-mail that has an account, a notice — the answer is the same).
 */
export const POST = endpoint(async (ctx) => {
  const input = await parseInput(ctx, registrationInput, { type: 'Тип учётной записи' });
  return ok(await register(await getDb(), input, requestIp(ctx)));
});
