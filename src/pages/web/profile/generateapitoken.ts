import { ok } from '../../../server/http/api';
import { authed, forbiddenError } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { generateToken } from '../../../server/exports/tokens';
import { t } from '../../../i18n';

/**
 * GET web/profile/generateapitoken/ (spec §7; POST works too): a new API token, shown this once; the
 * old one stops working. A browser navigation (a link on another site) may not do it — it would
 * silently cut the company's integrations off — so only the page's own script can.
 */
const handler = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  if (ctx.request.headers.get('sec-fetch-mode') === 'navigate') throw forbiddenError(t('EXPORT_ERR_TOKEN_NAVIGATION'));
  return ok(await generateToken(await getDb(), viewer));
});
export const GET = handler;
export const POST = handler;
