import { endpoint, ERR, HttpError, ok, parseInput, wantsRedirect } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { requireViewer } from '../../../server/http/guard';
import { unsubscribe, unsubscribeByLink } from '../../../server/alerts/service';
import { readAlertKey } from '../../../server/alerts/tokens';
import { ALERT_LABELS, unsubscribeInput } from '../../../server/alerts/input';
import { t } from '../../../i18n';

/**
 * POST api/product/unsubscribe/ {id}: the signed-in viewer removes one of his alerts (another user's or company's
 * id: 404, nothing changes). Or {key}: the signed key of an e-mail's unsubscribe link, no sign-in needed. A plain
 * form post (the personal page, the link's page) is answered with 303 back.
 */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, unsubscribeInput, ALERT_LABELS);
  const db = await getDb();
  const html = wantsRedirect(ctx);
  if (body.key !== undefined) {
    const id = readAlertKey('unsubscribe', body.key);
    if (id === null) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'key', message: t('ALERT_ERR_TOKEN') }]);
    const gone = await unsubscribeByLink(db, id);
    if (html) return new Response(null, { status: 303, headers: { location: `/subscriptions/unsubscribe/?done=${gone ? 1 : 0}`, 'cache-control': 'no-store' } });
    if (!gone) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('ALERT_ERR_NOT_FOUND') }]);
    return ok({ id });
  }
  const viewer = requireViewer(ctx);
  if (body.id === undefined) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'id', message: `${ALERT_LABELS.id}: ${t('FIELD_REQUIRED')}` }]);
  const done = await unsubscribe(db, viewer, body.id);
  if (html) return new Response(null, { status: 303, headers: { location: '/personal/subscriptions/?removed=1', 'cache-control': 'no-store' } });
  return ok(done);
});
