import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { getProfile } from '../../../server/accounts/profile';

/**
 * GET /web/profile/get/ → {user (with the spec's `scope`, send_status, checkboxes), company,
 * joinRequest}; code 101 for guests.
 */
export const GET = authed({}, async (_ctx, viewer) => ok(await getProfile(await getDb(), viewer)));
