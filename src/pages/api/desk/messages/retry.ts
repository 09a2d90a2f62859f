import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { backPath, formAction, parseWith } from '../../../../server/requests/form-post';
import { retryUnsent } from '../../../../server/notifications/outbox';
import { logStaff } from '../../../../server/desk/log';
import { t } from '../../../../i18n';

const input = z.object({});

/**
 * POST /api/desk/messages/retry/ (staff with «orders»): once the mail server or SMS gateway works again, sends
 * now every e-mail and SMS that failed (those given up in the last 7 days start their attempts afresh);
 * answers {count} and logs who did it.
 */
export const POST = authed({ staff: 'orders' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: backPath(raw, '/desk/orders/'), okText: (d: { count: number }) => `${t('DESK_MAIL_RETRIED')}: ${d.count}` }, async () => {
    parseWith(input, raw);
    const count = await retryUnsent(db);
    await logStaff(db, staff.id, 'messages.retry', { kind: 'messages', id: 0 }, { count });
    return { count };
  });
});
