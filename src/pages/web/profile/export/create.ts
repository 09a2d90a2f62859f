import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { latestDraft } from '../../../../server/exports/lists';
import { exportForm } from '../../../../server/exports/reference';

/** GET web/profile/export/create/ → what the creation wizard offers, and the viewer's unfinished draft (if any) to resume. */
export const GET = authed({ permission: 'manage_exports' }, async (_ctx, viewer) => {
  const db = await getDb();
  const [form, draft] = await Promise.all([exportForm(db, viewer), latestDraft(db, viewer)]);
  return ok({ form, draft });
});
