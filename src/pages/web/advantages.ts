import { endpoint, ok } from '../../server/http/api';
import { ADVANTAGES } from '../../server/content/advantages';
import { cacheForGuests, TAG } from '../../server/page-cache/mark';

/** GET web/advantages/ — cached for an hour (spec §7, §9). */
export const GET = endpoint(async (ctx) => ok(ADVANTAGES, { headers: cacheForGuests(ctx, [TAG.content], { kind: 'call', catalog: false }) }));
