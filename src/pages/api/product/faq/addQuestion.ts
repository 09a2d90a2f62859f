import { z } from 'astro/zod';
import { addQuestion } from '../../../../server/catalog/product';
import { productFormEndpoint, productFormFields } from '../../../../server/catalog/product-form';
import { zEmail } from '../../../../server/http/zod';

const input = z.object({ ...productFormFields, questionText: z.string().trim().min(5).max(2000), email: zEmail });

/**
 * POST /api/product/faq/addQuestion/ {questionText, productName, email, captcha, sessid}: a
 * question waits for an editor's answer. Protected like every public form (captcha, per-IP
 * limits). A plain form post (no JS) is answered with 303 back to the product.
 */
export const POST = productFormEndpoint({
  input,
  kind: 'question',
  anchor: 'faq',
  save: async (db, q, p) => ({ id: await addQuestion(db, { productId: p.id, question: q.questionText, email: q.email }), published: false }),
});
