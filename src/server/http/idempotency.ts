/**
 * Writes a client may retry (basket add, quick order, repeat order, compare and favourites) take an
 * optional idempotency key, as order creation does with its own (checkout/submit.ts): the request
 * header `Idempotency-Key` or the body field `idempotencyKey`, 16–64 characters `[A-Za-z0-9-]`.
 *
 * - The key is claimed by inserting (owner, key) into `idempotent_writes` as the FIRST statement of
 *   the write's transaction; the write runs in that same transaction and its answer is stored in
 *   the same row before commit. A retry with the same key finds the row and gets that answer back,
 *   changing nothing. A parallel duplicate waits on the primary key until the first commits, then
 *   finds the row (or claims it, when the first failed and rolled back).
 * - A write that fails (4xx, 5xx) rolls its claim back with it: nothing changed, so a retry runs again.
 * - Keys are scoped to their owner (`u:<id>` / `g:<guest>`): another owner's request with the same key
 *   is a request of its own and never sees the first owner's answer.
 * - The same key with another call or another input is refused (422).
 * - Without a key the write runs as before (the spec's clients keep working).
 * Rows older than a day are pruned at most once an hour per process (docs/decisions/0120).
 */
import { createHash } from 'node:crypto';
import { z } from 'astro/zod';
import type { APIContext } from 'astro';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotentWrites } from '../db/schema';
import { t } from '../../i18n';
import { ERR, HttpError, readRaw, zodErrors } from './api';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_FIELD = 'idempotencyKey';
/** A stored answer is kept at least this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const zIdempotencyKey = z.string().trim().regex(/^[A-Za-z0-9-]{16,64}$/, { message: t('ERR_IDEMPOTENCY_KEY') });

const keyError = (message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field: IDEMPOTENCY_FIELD, message: `${t('ERR_IDEMPOTENCY_FIELD')}: ${message}` }]);

/** The request's key (header or body field; both must agree), validated; null when none was sent. */
export function idempotencyKeyOf(request: Request, raw: Record<string, unknown>): string | null {
  const header = request.headers.get(IDEMPOTENCY_HEADER);
  const field = raw[IDEMPOTENCY_FIELD];
  const given = [header, field].filter((v) => v !== null && v !== undefined && v !== '');
  if (!given.length) return null;
  const keys: string[] = [];
  for (const v of given) {
    const r = zIdempotencyKey.safeParse(v);
    if (!r.success) throw keyError(r.error.issues[0]?.message ?? t('ERR_IDEMPOTENCY_KEY'));
    keys.push(r.data);
  }
  if (keys.length === 2 && keys[0] !== keys[1]) throw keyError(t('ERR_IDEMPOTENCY_TWO_KEYS'));
  return keys[0]!;
}

/**
 * parseInput (http/api.ts) for a write that takes a key: the validated input (the key left out of
 * it) and the key, or null.
 */
export async function parseKeyedInput<S extends z.ZodType>(ctx: Pick<APIContext, 'request' | 'url'>, schema: S, labels?: Record<string, string>): Promise<{ input: z.output<S>; key: string | null }> {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const key = idempotencyKeyOf(ctx.request, raw);
  delete raw[IDEMPOTENCY_FIELD];
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(422, zodErrors(result.error, labels));
  return { input: result.data, key };
}

/** JSON with object keys sorted, so the same input always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export const requestHash = (call: string, input: unknown) => createHash('sha256').update(`${call}\n${canonical(input)}`).digest('hex');

export type KeyedWrite = {
  /** Whose write: keys are scoped to it. */
  owner: string;
  key: string | null;
  /** The call's name, e.g. 'basket/add': the same key on another call is another body. */
  call: string;
  /** The validated input (without the key). */
  input: unknown;
};

let lastPrune = 0;

async function prune(db: Db, now: number): Promise<void> {
  if (now - lastPrune < 3_600_000) return;
  lastPrune = now;
  await db.delete(idempotentWrites).where(lt(idempotentWrites.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}

/**
 * Runs `write` once per (owner, key): in one transaction with the claim of the key, its answer
 * stored beside it. A repeat gets the stored answer (JSON-equal to the first). `write` gets the
 * transaction as its database and must do all its writing through it.
 */
export async function once<T>(db: Db, w: KeyedWrite, write: (db: Db) => Promise<T>): Promise<T> {
  if (!w.key) return write(db);
  const key = w.key;
  const hash = requestHash(w.call, w.input);
  const mine = and(eq(idempotentWrites.ownerKey, w.owner), eq(idempotentWrites.key, key));
  const answer = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx.insert(idempotentWrites).values({ ownerKey: w.owner, key, requestHash: hash }).onConflictDoNothing().returning({ key: idempotentWrites.key });
    if (!claimed.length) {
      // Committed by an earlier request (or a parallel one this statement waited for).
      const [first] = await tx.select({ requestHash: idempotentWrites.requestHash, response: idempotentWrites.response }).from(idempotentWrites).where(mine).limit(1);
      // Gone only if pruned between the two statements, a day after its first use: not a state to answer.
      if (!first || first.response === null) throw new Error(`idempotency key of ${w.call} claimed but not readable`);
      if (first.requestHash !== hash) throw new HttpError(422, [{ code: ERR.VALIDATION, field: IDEMPOTENCY_FIELD, message: t('ERR_IDEMPOTENCY_OTHER_BODY') }]);
      return JSON.parse(first.response) as T;
    }
    const result = await write(tx);
    const text = JSON.stringify(result ?? null);
    await tx.update(idempotentWrites).set({ response: text }).where(mine);
    // The first caller gets exactly what a repeat will get.
    return JSON.parse(text) as T;
  });
  const now = Date.now();
  await prune(db, now).catch((e) => console.error('[idempotency] prune failed', e));
  return answer;
}
