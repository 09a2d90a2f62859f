import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { clearNotifications } from '../../../server/notifications/inbox';
import { backPath, formAction } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

/** POST web/notifications/clear/: removes every notification the viewer sees. */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: backPath(raw, '/personal/notifications/'), okText: t('NOTIF_DONE_CLEAR') }, () => clearNotifications(db, viewer.id));
});
