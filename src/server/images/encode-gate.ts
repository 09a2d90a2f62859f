/**
 * The bound in front of picture encoding on request (issue 28: per-client limits before every CPU-heavy
 * path). A variant not yet on disk is encoded by sharp once and cached; a fresh catalogue (a 1C import
 * with new photos) or a crawler asking for every width of every product makes that work pile up. At
 * most two encodings run per node; each client (address) may have sixteen running or waiting — more
 * than two browsers on one address (an office behind one NAT) load at once, six connections each — so
 * one client's hundred parallel requests wait in no queue and take no one else's turn. A refused picture is a 429 with `Retry-After`; cached variants
 * never pass through here.
 */
import { CpuGate } from '../http/cpu-gate';

export const ENCODE_LIMITS = { concurrent: 2, queue: 400, perClient: 16 } as const;
const encoders = new CpuGate(ENCODE_LIMITS);

/** Runs one encoding in turn for `client` (its address, http/rate-limit.ts `clientIp`); a refused one is a ready plain-text 429/503 answer instead of the bytes. */
export async function encodeInTurn(client: string, encode: () => Promise<Buffer>): Promise<Buffer | Response> {
  const r = await encoders.run(client, encode);
  if (r.ok) return r.value;
  const tooMany = r.reason === 'yours';
  return new Response(tooMany ? 'Слишком много картинок сразу: повторите через секунду' : 'Сервер занят подготовкой картинок: повторите через несколько секунд', {
    status: tooMany ? 429 : 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': tooMany ? '1' : '5', 'cache-control': 'no-store' },
  });
}
