import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { listJoinRequests } from '../../../../server/accounts/join-requests';

/** GET /web/personal/contragent/joinRequests/ → {items}: the join requests of the admin's company, pending first. */
export const GET = authed({ admin: true }, async (_ctx, viewer) => ok({ items: await listJoinRequests(await getDb(), viewer) }));
