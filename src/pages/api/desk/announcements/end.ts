import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { endAnnouncement } from '../../../../server/desk/announcements';
import { t } from '../../../../i18n';

/** POST /api/desk/announcements/end/ {id} (staff): takes an announcement down for everyone now. */
export const POST = authed({ staff: true }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: '/desk/announcements/', okText: t('DESK_ANNOUNCE_ENDED') }, async () => endAnnouncement(db, staff, parseWith(z.object({ id: zId }), raw).id));
});
