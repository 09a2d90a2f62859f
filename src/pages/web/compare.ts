import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { ownerKey } from '../../server/lists/owner';
import { compareData } from '../../server/compare/compare';

/** GET web/compare/: sections keyed by id, each with section_name, items and compare_properties_name. */
export const GET = endpoint(async (ctx) => ok(await compareData(await getDb(), ownerKey(ctx)), { headers: { vary: 'cookie' } }));
