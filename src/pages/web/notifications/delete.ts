import { z } from 'astro/zod';
import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { deleteNotification } from '../../../server/notifications/inbox';
import { backPath, formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

/** POST web/notifications/delete/ {id}: removes one of the viewer's notifications (a broadcast only for them). */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: backPath(raw, '/personal/notifications/'), okText: t('NOTIF_DONE_DELETE') }, async () => {
    const { id } = parseWith(z.object({ id: zId }), raw);
    return deleteNotification(db, viewer.id, id);
  });
});
