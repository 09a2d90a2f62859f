import { z } from 'astro/zod';
import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { organizationsFor } from '../../../server/company/organizations';

const input = z.object({ search: z.string().max(200).default('') });

/** POST api/organization/list/ {search}: the companies this user may order and pay for. */
export const POST = authed({}, async (ctx, viewer) => {
  const body = await parseInput(ctx, input);
  return ok({ items: await organizationsFor(await getDb(), viewer, body.search) });
});
