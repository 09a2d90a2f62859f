import { z } from 'astro/zod';
import { endpoint, ERR, HttpError, ok, readRaw, zodErrors } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { backTo, productFromInput } from '../../../server/catalog/api';
import { wantsRedirect } from '../../../server/http/api';
import { addPriceRequest } from '../../../server/catalog/product';
import { isValidEmail, isValidPhone } from '../../../server/auth/validation';
import { protectPublicForm } from '../../../server/forms/protect';
import { t } from '../../../i18n';
import { zCode, zId } from '../../../server/http/zod';

const input = z.object({
  productName: z.string().trim().min(1).max(300).optional(),
  code: zCode.optional(),
  productId: zId.optional(),
  contact: z.string().trim().max(200).optional(),
  /** The invisible captcha of the public forms (forms/protect.ts). */
  captcha: z.string().max(5000).optional(),
  sessid: z.string().max(100).optional(),
});

/**
 * POST /api/product/requestPrice/ {productName, contact, captcha, sessid}: a request for a
 * (wholesale) price. A signed-in user is known; a guest leaves a phone or an e-mail. Protected like
 * every public form (captcha, per-IP limits).
 */
export const POST = endpoint(async (ctx) => {
  const raw = await readRaw(ctx.request, ctx.url);
  const html = wantsRedirect(ctx);
  const parsed = input.safeParse(raw);
  const user = ctx.locals.user;
  const contact = parsed.success ? (parsed.data.contact ?? '') : '';
  const contactOk = contact ? isValidEmail(contact) || isValidPhone(contact) : !!user;
  if (!parsed.success || !contactOk) {
    if (html) return backTo(raw.back, '/', 'price-error', 'price');
    throw new HttpError(422, parsed.success ? [{ code: ERR.VALIDATION, field: 'contact', message: `Контакт: ${contact ? t('FILLED_INCORRECTLY') : t('CAT_ERR_CONTACT_REQUIRED')}` }] : zodErrors(parsed.error));
  }
  const db = await getDb();
  try {
    await protectPublicForm(db, ctx, 'price', parsed.data.captcha);
  } catch (e) {
    if (html && e instanceof HttpError && e.status === 422) return backTo(raw.back, '/', 'price-error', 'price');
    throw e;
  }
  const p = await productFromInput(db, parsed.data);
  const id = await addPriceRequest(db, { productId: p.id, productName: p.name, userId: user?.id ?? null, contact: contact || user?.email || null });
  if (html) return backTo(raw.back, `/${p.code}/`, 'price', 'price');
  return ok({ id });
});
