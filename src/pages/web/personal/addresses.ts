import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { listAddresses } from '../../../server/addresses/list';

/** GET /web/personal/addresses/ (spec §7): the viewer's (or their company's) delivery addresses and a sessid. */
export const GET = authed({}, async (_ctx, viewer) => ok(await listAddresses(await getDb(), viewer)));
