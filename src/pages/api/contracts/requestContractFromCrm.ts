import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { contractRequestInput } from '../../../server/company/input';
import { requestContract } from '../../../server/company/contract';

/**
 * POST api/contracts/requestContractFromCrm/ {legalAddress, iban, bankName, bic, contactName,
 * contactPhone, contactEmail, monthlyVolume, comment?} → the stored request (status `queued`); the
 * CRM gets it from the outbox.
 */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const input = await parseInput(ctx, contractRequestInput);
  return ok({ request: await requestContract(await getDb(), viewer, input) });
});
