import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { discountsFor } from '../../../server/personal/discounts';

/** GET /web/personal/discounts/ (spec §7): the company's discounts by brand and section with example prices; empty for a retail customer. */
export const GET = authed({}, async (_ctx, viewer) => ok(await discountsFor(await getDb(), viewer)));
