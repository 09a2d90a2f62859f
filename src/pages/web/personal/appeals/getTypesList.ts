import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { appealTypesList } from '../../../../server/requests/types';

/** GET /web/personal/appeals/getTypesList/: request types, each with its form's fields. */
export const GET = authed({}, async () => ok({ types: await appealTypesList(await getDb()) }));
