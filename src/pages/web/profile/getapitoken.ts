import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { tokenInfo } from '../../../server/exports/tokens';

/** GET web/profile/getapitoken/ → the owner's live API tokens, masked (never in full): name, scope, issuer, last use. */
export const GET = authed({ permission: 'manage_exports' }, async (_ctx, viewer) => ok(await tokenInfo(await getDb(), viewer)));
