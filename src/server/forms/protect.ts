/**
 * The protection every public form shares (callback, feedback, warranty registration, a product
 * question, a price request): the invisible captcha, and per-IP limits beyond it — a solved
 * captcha costs a bot half a second, the limits cap what one address can send to the staff
 * mailbox at all (docs/decisions/0180-security.md). Counting happens after the input is valid
 * (fixing a typo costs nothing) and before the captcha is checked (a bot's failed tries count).
 */
import type { APIContext } from 'astro';
import type { Db } from '../db/client';
import { ERR, HttpError } from '../http/api';
import { hit, requestIp } from '../http/rate-limit';
import { t } from '../../i18n';
import { verifyCaptcha } from './captcha';

export type PublicFormKind = 'callback' | 'feedback' | 'guarantee' | 'question' | 'price';

/** Per IP: a few of one form in ten minutes, and a ceiling over all public forms a day (an office behind one address included). */
export const PUBLIC_FORM_LIMITS = { perFormPer10Min: 10, allFormsPerDay: 50 } as const;

export const captchaFailed = (label: string) => new HttpError(422, [{ code: ERR.VALIDATION, field: 'captcha', message: `${label}: ${t('CONTENT_CAPTCHA_FAILED')}` }]);

/** Counts one submission from this client and checks its captcha; throws 429 or 422. */
export async function protectPublicForm(db: Db, ctx: Pick<APIContext, 'request' | 'clientAddress'>, kind: PublicFormKind, captcha: unknown): Promise<void> {
  const ip = requestIp(ctx);
  await hit(db, [
    { key: `form:${kind}:ip:${ip}`, max: PUBLIC_FORM_LIMITS.perFormPer10Min, windowSeconds: 600 },
    { key: `form:any:ip:${ip}`, max: PUBLIC_FORM_LIMITS.allFormsPerDay, windowSeconds: 86_400 },
  ]);
  if (typeof captcha !== 'string' || !captcha || captcha.length > 5000 || !(await verifyCaptcha(captcha))) throw captchaFailed(t('CONTENT_FIELD_CAPTCHA'));
}
