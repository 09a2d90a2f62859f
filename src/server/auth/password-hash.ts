/**
 * Password hashing that leaves room for everything else (issue 28 #5). better-auth's scrypt
 * (`better-auth/crypto`, never our own) already runs off the main thread, on libuv's thread pool —
 * but that pool (4 threads) is also where the node compresses answers and reads files. 40 logins at
 * once filled it for seconds: /api/health/ and every page waited behind the hashes (measured 0.9–1.8 s).
 *
 * So at most UV_THREADPOOL_SIZE − 2 hashes run at a time, the rest wait their turn here, and two of the pool's
 * threads always stay free for the other work. The queue is bounded: beyond QUEUE_MAX waiting checks the
 * call answers 503 «Сервер сейчас занят…» instead of piling up memory (each scrypt holds 16 MB).
 */
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { ERR, HttpError } from '../http/api';
import { t } from '../../i18n';
import { config } from '../config';

/** libuv's pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) less the two that stay for compression and files. */
export const hashConcurrency = () => Math.max(1, config().UV_THREADPOOL_SIZE - 2);
const QUEUE_MAX = 500;

let running = 0;
const waiting: (() => void)[] = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashConcurrency()) {
    if (waiting.length >= QUEUE_MAX) throw new HttpError(503, [{ code: ERR.BUSY, message: t('ERR_BUSY') }]);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays counted), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** better-auth's `hashPassword`, in turn. */
export function hashPassword(password: string): Promise<string> {
  return gated(() => betterAuthHash(password));
}

/** better-auth's `verifyPassword`, in turn. */
export function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  return gated(() => betterAuthVerify(input));
}
