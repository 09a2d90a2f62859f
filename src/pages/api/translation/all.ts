import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { allTranslations } from '../../../server/i18n/translations';

/** POST /api/translation/all/: the whole Russian dictionary keyed by upper-case codes. */
export const POST = endpoint(async () => ok(await allTranslations(await getDb())));
