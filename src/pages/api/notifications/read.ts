import { z } from 'astro/zod';
import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zFlag, zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { readAllNotifications, readNotification } from '../../../server/notifications/inbox';
import { backPath, formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

const input = z
  .object({ id: zId.optional(), all: zFlag.optional() })
  .refine((v) => v.id !== undefined || v.all === true, { path: ['id'], message: t('FIELD_REQUIRED') });

/** POST api/notifications/read/ {id} or {all: 'Y'}: marks one notification, or all shown, read. */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: backPath(raw, '/personal/notifications/'), okText: t('NOTIF_DONE_READ') }, async () => {
    const q = parseWith(input, raw);
    return q.id !== undefined ? readNotification(db, viewer.id, q.id) : readAllNotifications(db, viewer.id);
  });
});
