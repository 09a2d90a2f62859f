import { ok, parseInput } from '../../../server/http/api';
import { authed, forbiddenError } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { generateToken } from '../../../server/exports/tokens';
import { zNewToken } from '../../../server/exports/input';
import { t } from '../../../i18n';

/**
 * POST web/profile/generateapitoken/ {name, lists} (the page's form; the spec's GET works too, with
 * `?name=&lists=`): a new named API token, shown this once; the owner's other tokens keep working.
 * Only the page's own script may do it — a link, an image or a script without fetch metadata must not
 * mint tokens (issue 28 #8): a POST carries this site's Origin (a foreign one never gets here:
 * middleware), a GET must say `Sec-Fetch-Site: same-origin` and not be a navigation.
 */
const handler = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const h = ctx.request.headers;
  const sameOriginScript = h.get('sec-fetch-site') === 'same-origin' && h.get('sec-fetch-mode') !== 'navigate';
  const ownPost = ctx.request.method === 'POST' && !!h.get('origin');
  if (!sameOriginScript && !ownPost) throw forbiddenError(t('EXPORT_ERR_TOKEN_NAVIGATION'));
  const input = await parseInput(ctx, zNewToken);
  return ok(await generateToken(await getDb(), viewer, input));
});
export const GET = handler;
export const POST = handler;
