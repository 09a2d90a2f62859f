import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { listAlerts } from '../../../server/alerts/service';
import { ALERT_LIMITS } from '../../../config/constants';

/** GET api/product/subscriptions/: the signed-in viewer's alerts, newest first, with each product's price for him now. */
export const GET = authed({}, async (_ctx, viewer) => ok({ items: await listAlerts(await getDb(), viewer), limit: ALERT_LIMITS.perSubscriber }));
