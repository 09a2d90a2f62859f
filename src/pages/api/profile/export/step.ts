import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { saveStep } from '../../../../server/exports/lists';
import { readStepRequest } from '../../../../server/exports/upload';

/**
 * POST api/profile/export/step/ {id?, step, draft?, …the step's fields}: saves one wizard step
 * (spec §4). Step 1 may also come as multipart with a `file` of articles (XLSX or CSV).
 */
export const POST = authed({ permission: 'manage_exports' }, async (ctx, viewer) => {
  const { head, raw, uploaded } = await readStepRequest(ctx);
  const item = await saveStep(await getDb(), viewer, head, raw);
  return ok(uploaded ? { ...item, uploaded } : item);
});
