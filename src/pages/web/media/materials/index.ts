import { endpoint, ok } from '../../../../server/http/api';
import { listMedia } from '../../../../server/content/media';

/** GET /web/media/materials/: catalogues and leaflets to download. */
export const GET = endpoint(async () => ok({ items: await listMedia('material') }));
