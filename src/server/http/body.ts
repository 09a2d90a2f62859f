/**
 * Reading request bodies safely (issue 18): the size is counted while the bytes stream in —
 * Content-Length can lie or be absent (chunked) — and reading stops at the cap with a Russian 413.
 * Input text is cleaned once here: NUL bytes never reach PostgreSQL (they are dropped), lone UTF-16
 * surrogates become U+FFFD.
 */
import { t } from '../../i18n';

/** JSON and form bodies of ordinary calls. Files have their own caps (basket/file.ts, requests/files.ts). */
export const MAX_BODY = 1_000_000;

export class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = (limit: number) => new BodyError(413, 113, t('ERR_BODY_TOO_LARGE').replace('{kb}', String(Math.floor(limit / 1024))));

/**
 * Reads a body up to `limit` bytes, counting as it streams; `refuse` builds the error for a longer
 * one. The rest of a refused body is not read here.
 */
export async function readCapped(request: Request, limit: number, refuse: () => Error = () => tooLarge(limit)): Promise<Uint8Array<ArrayBuffer>> {
  // A refused body is left unread, not cancelled (cancelling destroys the socket before the answer
  // is out); the front drains the rest briefly after answering (http/early.ts).
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw refuse();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      // The client went away or the adapter's own cap cut the stream.
      throw new BodyError(400, 100, t('ERR_BODY_BROKEN'));
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw refuse();
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** UTF-8 text of a body; anything else is refused (a Windows-1251 JSON body would turn into mojibake in the database). */
export function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BodyError(400, 102, t('ERR_BODY_ENCODING'));
  }
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const NUL = '\u0000';

/** No form or call nests deeper; 3,000 nested arrays are an attack on the stack, not input. */
const MAX_DEPTH = 32;

/**
 * Walks parsed input: drops NUL bytes (no one types them; PostgreSQL refuses them in text) and
 * repairs lone surrogates, in values and keys. `__proto__` keys are dropped. Returns a new structure.
 * Input nested deeper than MAX_DEPTH is refused (400).
 */
export function cleanInput<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) throw new BodyError(400, 102, t('ERR_BAD_JSON'));
  if (typeof value === 'string') {
    const text = value.includes(NUL) ? value.replaceAll(NUL, '') : value;
    return (text.isWellFormed() ? text : text.toWellFormed()) as T;
  }
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // `__proto__` from JSON.parse is an own data property; never let it become a prototype.
      if (k === '__proto__') continue;
      out[cleanInput(k)] = cleanInput(v, depth + 1);
    }
    return out as T;
  }
  return value;
}
