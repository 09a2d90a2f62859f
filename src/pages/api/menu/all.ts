import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { viewerFrom } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { cachedSectionTree } from '../../../server/catalog/sections';
import { getMenu, MENU_TYPES } from '../../../server/menu/menus';
import { depthSchema } from '../../../server/menu/schemas';

const input = z.object({ depth_lvl: depthSchema });

/** GET /api/menu/all/?depth_lvl=2: every menu at once. */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const tree = await cachedSectionTree(await getDb());
  const viewer = viewerFrom(ctx.locals);
  const who = { isContragentAdmin: viewer?.isAdmin, isStaff: viewer?.isStaff };
  return ok(Object.fromEntries(MENU_TYPES.map((m) => [m.code, getMenu(m.code, tree, q.depth_lvl, who)])));
});
