import { z } from 'astro/zod';
import { ERR } from '../../../server/http/api';
import { addPriceRequest } from '../../../server/catalog/product';
import { productFormEndpoint, productFormFields } from '../../../server/catalog/product-form';
import { isValidEmail, isValidPhone } from '../../../server/auth/validation';
import { t } from '../../../i18n';

const input = z.object({ ...productFormFields, contact: z.string().trim().max(200).optional() });

/**
 * POST /api/product/requestPrice/ {productName, contact, captcha, sessid}: a request for a
 * (wholesale) price. A signed-in user is known; a guest leaves a phone or an e-mail. Protected like
 * every public form (captcha, per-IP limits).
 */
export const POST = productFormEndpoint({
  input,
  kind: 'price',
  anchor: 'price',
  check: ({ contact = '' }, ctx) =>
    (contact ? isValidEmail(contact) || isValidPhone(contact) : !!ctx.locals.user)
      ? []
      : [{ code: ERR.VALIDATION, field: 'contact', message: `Контакт: ${contact ? t('FILLED_INCORRECTLY') : t('CAT_ERR_CONTACT_REQUIRED')}` }],
  save: async (db, q, p, ctx) => {
    const user = ctx.locals.user;
    return { id: await addPriceRequest(db, { productId: p.id, productName: p.name, userId: user?.id ?? null, contact: q.contact || user?.email || null }) };
  },
});
