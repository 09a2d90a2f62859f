import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { profileSummary } from '../../../server/personal/summary';

/** GET web/profile/summary/ (spec §7): the personal area's summary of the signed-in user; code 101 for guests. */
export const GET = authed({}, async (_ctx, viewer) => ok(await profileSummary(await getDb(), viewer)));
