import { endpoint, ok } from '../../server/http/api';
import { guaranteeInfo } from '../../server/forms/guarantee';
import { getDb } from '../../server/db/client';

/** GET web/guarantee/: warranty terms, service centres, where to register. */
export const GET = endpoint(async () => ok(await guaranteeInfo(await getDb())));
