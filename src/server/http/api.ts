/**
 * The JSON envelope of spec §7: `{status, data, errors}`, and the input parsing every endpoint
 * shares. Errors never carry stack traces; validation errors name the field in Russian.
 */
import { z } from 'astro/zod';
import type { APIContext } from 'astro';
import { fieldName, t } from '../../i18n';
import './zod'; // installs the plain-Russian error map before any schema parses
import { BodyError, cleanInput, mediaType, MAX_BODY, readCapped, utf8 } from './body';
import { dbBusy } from '../db/busy';

/** Error codes of the envelope. 101 is the spec's "not authenticated". */
export const ERR = {
  NOT_AUTH: 101,
  VALIDATION: 102,
  FORBIDDEN: 103,
  NOT_FOUND: 104,
  CONFLICT: 109,
  TOO_LARGE: 113,
  TOO_MANY: 129,
  METHOD: 105,
  /** A body of a type the call does not take (HTTP 415). */
  MEDIA_TYPE: 115,
  /** A request that cannot be read at all: broken address, cut body (HTTP 400). */
  BAD_REQUEST: 100,
  /** The database waited too long (a lock, a statement, a free connection): try again shortly (HTTP 503). */
  BUSY: 503,
  INTERNAL: 500,
} as const;

export type ApiError = { code: number; message: string; field?: string };
export type Envelope<T> = { status: 'success' | 'error'; data: T; errors: ApiError[] };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function ok<T>(data: T, init: ResponseInit = {}): Response {
  const body: Envelope<T> = { status: 'success', data, errors: [] };
  return new Response(JSON.stringify(body), { ...init, headers: { ...JSON_HEADERS, 'cache-control': 'no-store', ...init.headers } });
}

export function fail(httpStatus: number, errors: ApiError[], data: unknown = null): Response {
  const body: Envelope<unknown> = { status: 'error', data, errors };
  return new Response(JSON.stringify(body), { status: httpStatus, headers: { ...JSON_HEADERS, 'cache-control': 'no-store' } });
}

export const notFound = (message: string = t('ERR_NOT_FOUND')) => fail(404, [{ code: ERR.NOT_FOUND, message }]);

/** Thrown inside services to answer with a 4xx envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
    readonly data: unknown = null,
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

/** For pages: what `read` gives, or null when it answered 404 (the page then shows /404/). */
export async function orNotFound<T>(read: Promise<T> | (() => Promise<T>)): Promise<T | null> {
  try {
    // A thunk, so that what throws while the read is being set up (a malformed address: issue 28) is a 404 too.
    return await (typeof read === 'function' ? read() : read);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}

/**
 * One Russian message per bad field, named as the form names it: `labels` (the calling form's own
 * names) first, then the shared FIELD_NAMES.
 */
export function zodErrors(error: z.ZodError, labels: Record<string, string> = {}): ApiError[] {
  const seen = new Set<string>();
  const out: ApiError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || undefined;
    if (field && seen.has(field)) continue;
    if (field) seen.add(field);
    // An item of a labelled list («phrases.0») is named by its list, as fieldName does for the dictionary's fields.
    const list = field && /^(\w+)\.\d+$/.exec(field)?.[1];
    const label = field ? (labels[field] ?? (list ? labels[list] : undefined) ?? fieldName(field)) : '';
    out.push({ code: ERR.VALIDATION, field, message: label ? `${label}: ${issue.message}` : issue.message });
  }
  return out;
}

/**
 * Reads a request's input: for POST a JSON object or an urlencoded form (capped while it streams,
 * UTF-8 only), merged over the query string; GET/HEAD read the query string alone. Multipart and
 * other types are refused with 415 — files go to the calls made for them (basket/file, appeals).
 * NUL bytes are refused and lone surrogates repaired (http/body.ts); `token` stays in (callers drop it).
 */
export async function readRaw(request: Request, url: URL): Promise<Record<string, unknown>> {
  try {
    const query = cleanInput(Object.fromEntries(url.searchParams) as Record<string, unknown>);
    if (request.method === 'GET' || request.method === 'HEAD') return query;
    const type = mediaType(request.headers.get('content-type'));
    if (type === 'multipart/form-data') throw new BodyError(415, ERR.MEDIA_TYPE, t('ERR_CONTENT_TYPE'));
    const bytes = await readCapped(request, MAX_BODY);
    if (bytes.byteLength === 0) return query;
    if (type === 'application/json' || type.endsWith('+json')) {
      const text = utf8(bytes).replace(/^\uFEFF/, '');
      if (!text.trim()) return query;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new BodyError(400, ERR.VALIDATION, t('ERR_BAD_JSON'));
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BodyError(400, ERR.VALIDATION, t('ERR_BAD_JSON'));
      return { ...query, ...cleanInput(parsed as Record<string, unknown>) };
    }
    if (type === 'application/x-www-form-urlencoded') {
      const out: Record<string, unknown> = { ...query };
      for (const [k, v] of new URLSearchParams(utf8(bytes))) out[k] = v;
      return cleanInput(out);
    }
    throw new BodyError(415, ERR.MEDIA_TYPE, t('ERR_CONTENT_TYPE'));
  } catch (e) {
    if (e instanceof BodyError) throw new HttpError(e.status, [{ code: e.code, message: e.message }]);
    throw e;
  }
}

/** Reads and validates a call's input; a 422 with Russian field messages when it is wrong. `labels`: this form's own field names. */
export async function parseInput<S extends z.ZodType>(ctx: Pick<APIContext, 'request' | 'url'>, schema: S, labels?: Record<string, string>): Promise<z.output<S>> {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(422, zodErrors(result.error, labels));
  return result.data;
}

/** A plain HTML form post (no JavaScript): answer with a redirect, not JSON. */
export function wantsRedirect(ctx: Pick<APIContext, 'request'>): boolean {
  const type = ctx.request.headers.get('content-type') ?? '';
  const accept = ctx.request.headers.get('accept') ?? '';
  return (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) && accept.includes('text/html');
}

/** True when an error only says the client disconnected (aborted fetch, reset socket). */
export function clientGone(request: Request, e: unknown): boolean {
  if (request.signal?.aborted) return true;
  const err = e as { name?: string; code?: string; cause?: { code?: string } } | null;
  return err?.name === 'AbortError' || err?.code === 'ECONNRESET' || err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || err?.cause?.code === 'ECONNRESET';
}

/**
 * Wraps an endpoint: HttpErrors become their envelope, a database that waited too long (lock,
 * statement or pool timeout, server/db/client.ts) a 503 «try again», anything else a logged 500
 * with a generic Russian message (never a stack trace).
 */
export function endpoint(handler: (ctx: APIContext) => Promise<Response>) {
  return async (ctx: APIContext): Promise<Response> => {
    try {
      return await handler(ctx);
    } catch (e) {
      if (e instanceof HttpError) return fail(e.status, e.errors, e.data);
      if (e instanceof BodyError) return fail(e.status, [{ code: e.code, message: e.message }]);
      // A visitor who closed the tab is not a server fault: one line, no stack.
      if (clientGone(ctx.request, e)) {
        console.warn(`[api] ${ctx.request.method} ${ctx.url.pathname}: the client closed the connection`);
        return fail(400, [{ code: ERR.BAD_REQUEST, message: t('ERR_BODY_BROKEN') }]);
      }
      const busy = dbBusy(e);
      if (busy) {
        console.warn(`[api] ${ctx.request.method} ${ctx.url.pathname}: database ${busy} timeout`);
        return fail(503, [{ code: ERR.BUSY, message: t('ERR_BUSY') }]);
      }
      console.error(`[api] ${ctx.request.method} ${ctx.url.pathname}`, e);
      return fail(500, [{ code: ERR.INTERNAL, message: t('ERR_INTERNAL') }]);
    }
  };
}

