import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { viewerFrom } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { cachedSectionTree } from '../../../server/catalog/sections';
import { getMenu } from '../../../server/menu/menus';
import { depthSchema, menuTypeSchema } from '../../../server/menu/schemas';

const input = z.object({ typemenu: menuTypeSchema, depth_lvl: depthSchema });

/** GET /api/menu/get/?typemenu=catalog&depth_lvl=2 */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const tree = await cachedSectionTree(await getDb());
  const viewer = viewerFrom(ctx.locals);
  return ok(getMenu(q.typemenu, tree, q.depth_lvl, { isContragentAdmin: viewer?.isAdmin, isStaff: viewer?.isStaff }));
});
