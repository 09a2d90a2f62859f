import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { setBlockInput } from '../../../../server/company/input';
import { setUserBlocked } from '../../../../server/company/manage';

/** POST api/personal/contragent/setBlockUser/ {userId, blocked: 'Y'|'N'} → the flag as it now is, with the tabs' counts; blocking ends the user's sessions. */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const { userId, blocked } = await parseInput(ctx, setBlockInput);
  return ok(await setUserBlocked(await getDb(), viewer, userId, blocked));
});
