import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { contractPrefill, listContractRequests } from '../../../../server/company/contract';

/** GET web/personal/contragent/getContractRequests/ → the company's contract requests with their status, and the form's prefill. */
export const GET = authed({ admin: true }, async (_ctx, viewer) => {
  const db = await getDb();
  return ok({ requests: await listContractRequests(db, viewer), prefill: await contractPrefill(db, viewer) });
});
