import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { requestIp } from '../../../server/http/rate-limit';
import { sendPasswordCode } from '../../../server/accounts/password';

/** Spec §7 POST /api/password/code/ → {email, resendAfter}: a code to the user's own e-mail for /api/password/change/. */
export const POST = authed({}, async (ctx, viewer) => ok(await sendPasswordCode(await getDb(), viewer, requestIp(ctx))));
