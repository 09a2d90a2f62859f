import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zOptionalText, zRequired } from '../../../../server/http/zod';
import { safeBackUrl } from '../../../../server/auth/redirect';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { addAnnouncement } from '../../../../server/desk/announcements';
import { t } from '../../../../i18n';

const input = z.object({
  title: zRequired(150),
  text: zRequired(1000),
  href: zOptionalText(300).refine((v) => v === undefined || safeBackUrl(v) !== null, { message: t('DESK_ERR_LOCAL_LINK') }),
  date_end: zOptionalText(10).refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: t('FILLED_INCORRECTLY') }),
});

/** POST /api/desk/announcements/add/ {title, text, href?, date_end? (YYYY-MM-DD)} (staff): a notification for everyone. */
export const POST = authed({ staff: true }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: '/desk/announcements/', okText: t('DESK_ANNOUNCED') }, () => addAnnouncement(db, staff, parseWith(input, raw)));
});
