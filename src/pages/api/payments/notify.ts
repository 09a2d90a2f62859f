import { endpoint, ok } from '../../../server/http/api';
import { readCapped, utf8 } from '../../../server/http/body';
import { getDb } from '../../../server/db/client';
import { applyNotice } from '../../../server/payments/service';

/** Notifications are small JSON objects; anything larger is not one. */
const NOTICE_LIMIT = 64 * 1024;

/**
 * POST /api/payments/notify/: the payment provider's notification (bePaid's webhook, or the
 * sandbox's in the same format). The raw bytes are read here, once, because the signature covers
 * exactly them; `applyNotice` verifies before it reads anything (payments/service.ts). 200 tells the
 * provider to stop re-sending; a refusal is a Russian 4xx and changes nothing.
 */
export const POST = endpoint(async (ctx) => {
  const raw = utf8(await readCapped(ctx.request, NOTICE_LIMIT));
  const result = await applyNotice(await getDb(), { headers: ctx.request.headers, raw });
  return ok(result);
});
