/**
 * The one fetch wrapper islands use for the store's own API (spec §7 envelope). An error with
 * code 101 (not authenticated) sends the visitor to /login/ and remembers where they were.
 */
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

export async function api<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string | number | undefined> } = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const json = init.body instanceof FormData || init.body === undefined ? undefined : JSON.stringify(init.body);
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body instanceof FormData ? undefined : { 'content-type': 'application/json', accept: 'application/json' },
    body: init.body instanceof FormData ? init.body : json,
    // A write must survive the visitor tapping a link right after "В корзину" (and its Set-Cookie must
    // still land); browsers allow keepalive for bodies under 64 KB.
    keepalive: init.method === 'POST' && json !== undefined && json.length < 60_000,
  });
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiFailure([{ code: res.status, message: 'Сервер вернул некорректный ответ' }], null, res.status);
  }
  if (env.status === 'error') {
    if (env.errors?.some((e) => e.code === NOT_AUTH_CODE)) {
      location.assign(`/login/?backurl=${encodeURIComponent(location.pathname + location.search)}`);
    }
    throw new ApiFailure(env.errors ?? [], env.data, res.status);
  }
  return env.data;
}
