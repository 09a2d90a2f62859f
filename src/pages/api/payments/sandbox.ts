import { z } from 'astro/zod';
import { endpoint, fail, HttpError, ok, readRaw, wantsRedirect, ERR } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { config } from '../../../server/config';
import { sandboxAct } from '../../../server/payments/sandbox';

const input = z.object({
  token: z.string().regex(/^[0-9a-f]{48}$/, { message: 'Платёж не найден: неверная ссылка на страницу оплаты' }),
  action: z.enum(['pay', 'decline', 'close'], { message: 'Выберите «Оплатить», «Отказ» или «Закрыть»' }),
});

/**
 * POST /api/payments/sandbox/ {token, action}: a button of the sandbox's payment page
 * (/payments/sandbox/{token}/). «Оплатить» and «Отказ» settle the payment once and send the signed
 * notification to the store, as bePaid would; then the buyer is led back to the store (303 for the
 * page's plain form, JSON `{back}` otherwise). Only while PAYMENT_PROVIDER=sandbox.
 */
export const POST = endpoint(async (ctx) => {
  if (config().PAYMENT_PROVIDER !== 'sandbox') return fail(404, [{ code: ERR.NOT_FOUND, message: 'Песочница оплаты выключена: магазин принимает оплату через bePaid.' }]);
  const raw = await readRaw(ctx.request, ctx.url);
  const r = input.safeParse(raw);
  if (!r.success) throw new HttpError(422, r.error.issues.map((i) => ({ code: ERR.VALIDATION, field: String(i.path[0] ?? ''), message: i.message })));
  const done = await sandboxAct(await getDb(), r.data.token, r.data.action);
  if (!done) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: 'Платёж не найден: неверная ссылка на страницу оплаты' }]);
  if (wantsRedirect(ctx)) return new Response(null, { status: 303, headers: { location: done.back } });
  return ok(done);
});
