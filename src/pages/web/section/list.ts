import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { cachedSectionTree, toApiSection } from '../../../server/catalog/sections';
import { CACHED_CALL_MAX_AGE } from '../../../config/constants';

/**
 * GET /web/section/list/: `data.BANNER` is the catalogue banner and every other key of `data` is
 * a level-1 section (keyed by CODE) with nested SUB_SECTIONS (spec §7).
 */
export const GET = endpoint(async () => {
  const tree = await cachedSectionTree(await getDb());
  const data: Record<string, unknown> = {
    BANNER: { title: 'Каталог инструмента', text: 'Более 90 разделов: от дрелей до спецодежды', href: '/catalog/' },
  };
  for (const root of tree.roots) data[root.code] = toApiSection(root, 3);
  return ok(data, { headers: { 'cache-control': `public, max-age=${CACHED_CALL_MAX_AGE}` } });
});
