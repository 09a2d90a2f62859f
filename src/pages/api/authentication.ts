import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../server/http/api';
import { login } from '../../server/auth/login';
import { zEmail } from '../../server/auth/validation';
import { t } from '../../i18n';
import { getDb } from '../../server/db/client';
import { GUEST_COOKIE, guestToken } from '../../server/lists/owner';
import { mergeGuestLists } from '../../server/lists/merge';

const input = z
  .object({
    login: zEmail.optional(),
    email: zEmail.optional(),
    password: z.string({ error: t('FIELD_REQUIRED') }).min(1, { message: t('FIELD_REQUIRED') }).max(128),
    remember: z.enum(['Y', 'N']).default('Y'),
  })
  .refine((v) => v.login || v.email, { message: t('FIELD_REQUIRED'), path: ['login'] });

/** POST /api/authentication/ {login, password, remember:'Y'} → data.token, plus the session cookie. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const result = await login((body.login ?? body.email)!, body.password, body.remember === 'Y', ctx.request.headers);
  // The guest's basket, favourites and comparison join the user's (nothing is lost on login).
  const guest = guestToken(ctx.cookies);
  if (guest) {
    await mergeGuestLists(await getDb(), `g:${guest}`, `u:${result.userId}`);
    ctx.cookies.delete(GUEST_COOKIE, { path: '/' });
  }
  const res = ok({ token: result.token });
  for (const c of result.setCookies) res.headers.append('set-cookie', c);
  return res;
});
