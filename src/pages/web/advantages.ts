import { endpoint, ok } from '../../server/http/api';
import { ADVANTAGES } from '../../server/content/advantages';
import { CACHED_CALL_MAX_AGE } from '../../config/constants';

/** GET web/advantages/ — cached for an hour (spec §7, §9). */
export const GET = endpoint(async () => ok(ADVANTAGES, { headers: { 'cache-control': `public, max-age=${CACHED_CALL_MAX_AGE}` } }));
