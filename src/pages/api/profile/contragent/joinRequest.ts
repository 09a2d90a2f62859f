import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { joinDecisionInput } from '../../../../server/accounts/schemas';
import { decideJoinRequest } from '../../../../server/accounts/join-requests';

/** POST /api/profile/contragent/joinRequest/ {id, approve: 'Y'|'N'}: a company admin decides on a join request of their company. */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const input = await parseInput(ctx, joinDecisionInput);
  return ok(await decideJoinRequest(await getDb(), viewer, input));
});
