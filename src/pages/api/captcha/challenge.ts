import { endpoint, ok } from '../../../server/http/api';
import { captchaChallenge } from '../../../server/forms/captcha';

/** GET /api/captcha/challenge/: a fresh proof-of-work challenge (ALTCHA) or the reCAPTCHA site key. */
export const GET = endpoint(async () => ok(await captchaChallenge()));
