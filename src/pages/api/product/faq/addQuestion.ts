import { z } from 'astro/zod';
import { endpoint, HttpError, ok, readRaw, zodErrors } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { backTo, productFromInput } from '../../../../server/catalog/api';
import { wantsRedirect } from '../../../../server/http/api';
import { addQuestion } from '../../../../server/catalog/product';
import { protectPublicForm } from '../../../../server/forms/protect';
import { zCode, zEmail, zId } from '../../../../server/http/zod';

const input = z.object({
  questionText: z.string().trim().min(5).max(2000),
  productName: z.string().trim().min(1).max(300).optional(),
  code: zCode.optional(),
  productId: zId.optional(),
  email: zEmail,
  /** The invisible captcha of the public forms (forms/protect.ts). */
  captcha: z.string().max(5000).optional(),
  /** Bitrix's CSRF token in the spec; forms here are protected by the origin check instead. */
  sessid: z.string().max(100).optional(),
});

/**
 * POST /api/product/faq/addQuestion/ {questionText, productName, email, captcha, sessid}: a
 * question waits for an editor's answer. Protected like every public form (captcha, per-IP
 * limits). A plain form post (no JS) is answered with 303 back to the product.
 */
export const POST = endpoint(async (ctx) => {
  const raw = await readRaw(ctx.request, ctx.url);
  const html = wantsRedirect(ctx);
  const parsed = input.safeParse(raw);
  if (!parsed.success) {
    if (html) return backTo(raw.back, '/', 'question-error', 'faq');
    throw new HttpError(422, zodErrors(parsed.error));
  }
  const db = await getDb();
  try {
    await protectPublicForm(db, ctx, 'question', parsed.data.captcha);
  } catch (e) {
    if (html && e instanceof HttpError && e.status === 422) return backTo(raw.back, '/', 'question-error', 'faq');
    throw e;
  }
  const p = await productFromInput(db, parsed.data);
  const id = await addQuestion(db, { productId: p.id, question: parsed.data.questionText, email: parsed.data.email });
  if (html) return backTo(raw.back, `/${p.code}/`, 'question', 'faq');
  return ok({ id, published: false });
});
