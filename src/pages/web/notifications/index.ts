import { z } from 'astro/zod';
import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zPage, zPageSize } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { listNotifications, NOTIFICATIONS_PAGE_SIZE } from '../../../server/notifications/inbox';

const input = z.object({ page: zPage, page_size: zPageSize(NOTIFICATIONS_PAGE_SIZE, 50) });

/** GET web/notifications/ ?page,page_size: the viewer's notifications and the broadcasts, unread first. */
export const GET = authed({}, async (ctx, viewer) => {
  const q = await parseInput(ctx, input);
  return ok(await listNotifications(await getDb(), viewer.id, { page: q.page, pageSize: q.page_size }));
});
