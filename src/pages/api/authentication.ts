import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../server/http/api';
import { signIn } from '../../server/auth/login';
import { landingFor } from '../../server/auth/redirect';
import { getDb } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { zEmail } from '../../server/http/zod';
import { t } from '../../i18n';

const input = z
  .object({
    login: zEmail.optional(),
    email: zEmail.optional(),
    password: z.string({ error: t('FIELD_REQUIRED') }).min(1, { message: t('FIELD_REQUIRED') }).max(128),
    remember: z.enum(['Y', 'N']).default('Y'),
  })
  .refine((v) => v.login || v.email, { message: t('FIELD_REQUIRED'), path: ['login'] });

/** POST /api/authentication/ {login, password, remember:'Y'} → data.token (and `landing`: where the login form goes when it has no page to return to), plus the session cookie. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const result = await signIn({ email: (body.login ?? body.email)!, password: body.password, remember: body.remember === 'Y' }, ctx);
  const [who] = await (await getDb()).select({ isStaff: users.isStaff }).from(users).where(eq(users.id, result.userId)).limit(1);
  const res = ok({ token: result.token, landing: landingFor({ isStaff: !!who?.isStaff }) });
  for (const c of result.setCookies) res.headers.append('set-cookie', c);
  return res;
});
