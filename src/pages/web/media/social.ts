import { endpoint, ok } from '../../../server/http/api';
import { listMedia } from '../../../server/content/media';

/** GET /web/media/social/. */
export const GET = endpoint(async () => ok({ items: await listMedia('social') }));
