import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { unreadCount } from '../../../server/notifications/notify';

/** GET api/header/notification/: the unread count for the header badge. */
export const GET = authed({}, async (_ctx, viewer) => ok({ unread: await unreadCount(await getDb(), viewer.id) }));
