import { endpoint, HttpError, ok, readRaw, wantsRedirect, zodErrors } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { requestIp } from '../../../server/http/rate-limit';
import { backTo } from '../../../server/catalog/product-form';
import { subscribe } from '../../../server/alerts/service';
import { ALERT_LABELS, subscribeInput } from '../../../server/alerts/input';

/** Why a plain form's subscription failed, as the product page names it (`?sent=alert-error&why=`). */
function why(e: HttpError): string {
  if (e.status === 429) return 'rate';
  const field = e.errors[0]?.field;
  return field === 'email' || field === 'price' || field === 'kind' || field === 'branch_id' ? field : 'other';
}

/**
 * POST api/product/subscribe/ {product_id, kind: 'stock' | 'price', price?, branch_id?, email? (a guest), sms?}
 * (issue 30): «Сообщить о поступлении» / «Следить за ценой». Signed in: the alert, live at once. A guest:
 * `{confirm: 'sent'}` — a confirmation e-mail, nothing else until its link is followed. A plain form post
 * (no JavaScript) is answered with 303 back to the product page (`?sent=alert-user|alert-guest|alert-error#alerts`).
 */
export const POST = endpoint(async (ctx) => {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const html = wantsRedirect(ctx);
  const back = typeof raw.back === 'string' ? raw.back : '';
  try {
    const parsed = subscribeInput.safeParse(raw);
    if (!parsed.success) throw new HttpError(422, zodErrors(parsed.error, ALERT_LABELS));
    const viewer = viewerFrom(ctx.locals);
    const answer = await subscribe(await getDb(), viewer, parsed.data, requestIp(ctx));
    if (html) return backTo(back, '/', viewer ? 'alert-user' : 'alert-guest', 'alerts');
    return ok(answer);
  } catch (e) {
    if (html && e instanceof HttpError && e.status < 500) {
      const r = backTo(back, '/', 'alert-error', 'alerts');
      const location = r.headers.get('location')!.replace('#alerts', `&why=${why(e)}#alerts`);
      return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
    }
    throw e;
  }
});
