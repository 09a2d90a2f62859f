import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { revokeToken } from '../../../server/exports/tokens';
import { zRemove } from '../../../server/exports/input';

/**
 * POST web/profile/revokeapitoken/ {id} (named in the style of the spec's generate/getapitoken): one
 * token stops working at once, the others go on. Its issuer or the company's admin; another owner's
 * token is 404 and stays live.
 */
export const POST = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const { id } = await parseInput(ctx, zRemove);
  return ok(await revokeToken(await getDb(), viewer, id));
});
