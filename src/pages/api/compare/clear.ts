import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { ownerKey } from '../../../server/lists/owner';
import { clearCompare } from '../../../server/compare/compare';
import { zId } from '../../../server/http/zod';

const input = z.object({ section_id: z.union([zId, z.literal('').transform(() => undefined)]).optional() });

/** POST api/compare/clear/ {section_id?}: one section, or the whole comparison. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  const owner = ownerKey(ctx);
  return ok(owner ? await clearCompare(await getDb(), owner, body.section_id) : { removed: 0 });
});
