/**
 * The fetch wrapper islands use for the store's own API (spec §7 envelope). An error with
 * code 101 (not authenticated) sends the visitor to /login/ and remembers where they were.
 * Four calls use fetch directly (docs/ARCHITECTURE.md, «Islands only for interaction»): the captcha
 * challenge, the public forms' post, the password login and the held keepalive write of demand.ts.
 */
import { freshRequestKey, REQUEST_KEY_HEADER } from '../lib/request-key';
import { loading } from '../lib/loading-bar';

export type ApiError = { code: number; message: string; field?: string };
export type Envelope<T> = { status: 'success' | 'error'; data: T; errors: ApiError[] };

export class ApiFailure extends Error {
  constructor(
    readonly errors: ApiError[],
    readonly data: unknown,
    readonly httpStatus: number,
  ) {
    super(errors[0]?.message ?? 'Ошибка запроса');
  }
}

export const NOT_AUTH_CODE = 101;

/** Pause before the one retry of a keyed write whose answer was lost (the network failed). */
const RETRY_AFTER_MS = 600;

export type ApiInit = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /**
   * A write a lost answer must not repeat (basket add, quick order, compare, favourites…): it carries
   * one fresh Idempotency-Key per call — one user action — and is retried once, with the same key,
   * when the network fails; the server answers the retry with the first answer and changes nothing.
   */
  once?: boolean;
};

async function send(url: URL, init: ApiInit): Promise<Response> {
  const json = init.body instanceof FormData || init.body === undefined ? undefined : JSON.stringify(init.body);
  const key = init.once && init.method === 'POST' ? freshRequestKey() : undefined;
  const headers: Record<string, string> = init.body instanceof FormData ? {} : { 'content-type': 'application/json', accept: 'application/json' };
  if (key) headers[REQUEST_KEY_HEADER] = key;
  const request = () =>
    fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: init.body instanceof FormData ? init.body : json,
      // A write must survive the visitor tapping a link right after "В корзину" (and its Set-Cookie must
      // still land); browsers allow keepalive for bodies under 64 KB.
      keepalive: init.method === 'POST' && json !== undefined && json.length < 60_000,
    });
  try {
    return await request();
  } catch (e) {
    // fetch rejects (TypeError) only when no answer arrived: the write may or may not have happened.
    if (!key || !(e instanceof TypeError)) throw e;
    await new Promise((r) => setTimeout(r, RETRY_AFTER_MS));
    return request();
  }
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const done = loading();
  let res: Response;
  let env: Envelope<T>;
  try {
    res = await send(url, init);
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new ApiFailure([{ code: res.status, message: 'Сервер вернул некорректный ответ' }], null, res.status);
    }
  } finally {
    done();
  }
  if (env.status === 'error') {
    if (env.errors?.some((e) => e.code === NOT_AUTH_CODE)) {
      location.assign(`/login/?backurl=${encodeURIComponent(location.pathname + location.search)}`);
    }
    throw new ApiFailure(env.errors ?? [], env.data, res.status);
  }
  return env.data;
}
