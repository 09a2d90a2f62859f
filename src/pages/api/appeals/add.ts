import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { createAppeal } from '../../../server/requests/appeals';
import { readPostWithFiles } from '../../../server/requests/files';
import { formAction } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

/**
 * POST /api/appeals/add/ (multipart: type, the type's fields, message, files[]): a new request.
 * Not named by the spec, which lists only the thread's calls; see docs/decisions/0150.
 */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const { raw, files } = await readPostWithFiles(ctx);
  const type = typeof raw.type === 'string' && /^[a-z_]{1,40}$/.test(raw.type) ? raw.type : '';
  const back = type ? `/personal/requests/new/${type}/` : '/personal/requests/new/';
  return formAction(ctx, raw, { back, okText: t('REQ_CREATED'), done: (d: { id: number }) => `/personal/requests/${d.id}/` }, () =>
    createAppeal(db, viewer, { typeCode: type, raw, files }),
  );
});
