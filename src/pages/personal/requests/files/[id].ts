import { z } from 'astro/zod';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { notFoundError } from '../../../../server/http/ownership';
import { getDb } from '../../../../server/db/client';
import { attachmentFor } from '../../../../server/requests/appeals';
import { fileResponse, readStoredFile } from '../../../../server/requests/files';
import { parseWith } from '../../../../server/requests/form-post';
import { t } from '../../../../i18n';

/** GET /personal/requests/files/{id}/: a request's attachment, for its owner, their company admin and staff only. */
export const GET = authed({}, async (ctx, viewer) => {
  const { id } = parseWith(z.object({ id: zId }), { id: ctx.params.id });
  const file = await attachmentFor(await getDb(), viewer, id);
  const bytes = await readStoredFile(file.storageKey);
  if (!bytes) throw notFoundError(t('REQ_ERR_FILE_NOT_FOUND'));
  return fileResponse(bytes, file);
});
