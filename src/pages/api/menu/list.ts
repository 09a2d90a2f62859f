import { endpoint, ok } from '../../../server/http/api';
import { MENU_TYPES } from '../../../server/menu/menus';

/** GET /api/menu/list/: which menus exist. */
export const GET = endpoint(async () => ok(MENU_TYPES));
