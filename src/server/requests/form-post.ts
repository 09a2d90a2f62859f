/**
 * Plain HTML form posts (no JavaScript) to the API: the endpoint answers with a 303 back to the page,
 * carrying the outcome in a one-minute "flash" cookie that the page reads once — the errors in
 * Russian and what the person typed, so nothing is lost. JSON callers get the envelope as usual.
 * Used by the requests pages, the notifications page and the staff desk.
 */
import { secureCookies } from '../http/security-headers';
import type { APIContext, AstroCookies } from 'astro';
import { z } from 'astro/zod';
import { HttpError, ok, wantsRedirect, zodErrors, type ApiError } from '../http/api';
import { safeBackUrl } from '../auth/redirect';

export const FLASH_COOKIE = 'flash';
/** A cookie holds about 4 KB: the flash stays under that after base64. */
const MAX_FLASH_BYTES = 2800;

export type Flash = { ok?: string; errors?: ApiError[]; values?: Record<string, string> };

function encode(flash: Flash): string {
  return Buffer.from(JSON.stringify(flash), 'utf8').toString('base64url');
}

function redirect(to: string, flash: Flash | null): Response {
  const headers = new Headers({ location: to, 'cache-control': 'no-store' });
  if (flash) headers.append('set-cookie', `${FLASH_COOKIE}=${encode(flash)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secureCookies() ? '; Secure' : ''}`);
  return new Response(null, { status: 303, headers });
}

/** A local path (and an optional #anchor) to go back to: the form's `back` field when it is safe, else `fallback`. */
export function backPath(raw: Record<string, unknown>, fallback: string): string {
  const m = typeof raw.back === 'string' ? /^([^#]*)(#[A-Za-z0-9_-]{1,40})?$/.exec(raw.back) : null;
  const path = m ? safeBackUrl(m[1]) : null;
  return path ? path + (m![2] ?? '') : fallback;
}

/**
 * Runs a form action. Success: JSON `ok(data)`, or for a plain form a 303 to `done(data)` with the
 * `okText`. Failure (an HttpError): the envelope, or a 303 back to the form with the errors and the
 * typed values (files are never echoed; long texts are cut to fit a cookie).
 */
export async function formAction<T>(
  ctx: Pick<APIContext, 'request'>,
  raw: Record<string, unknown>,
  opts: { back: string; okText?: string | ((data: T) => string); done?: (data: T) => string },
  action: () => Promise<T>,
): Promise<Response> {
  const html = wantsRedirect(ctx);
  try {
    const data = await action();
    if (!html) return ok(data);
    const okText = typeof opts.okText === 'function' ? opts.okText(data) : opts.okText;
    return redirect(opts.done ? opts.done(data) : opts.back, okText ? { ok: okText } : null);
  } catch (e) {
    if (!html || !(e instanceof HttpError)) throw e;
    const flash: Flash = { errors: e.errors, values: {} };
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v !== 'string' || k === 'token') continue;
      let value = v;
      const room = MAX_FLASH_BYTES - Buffer.byteLength(JSON.stringify(flash));
      while (value && Buffer.byteLength(JSON.stringify(value)) + k.length + 6 > room) value = value.slice(0, Math.floor(value.length * 0.8));
      if (value) flash.values![k] = value;
    }
    return redirect(opts.back, flash);
  }
}

/** Reads (and spends) the flash a form post left for this page. */
export function takeFlash(cookies: AstroCookies): Flash {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (!raw) return {};
  cookies.delete(FLASH_COOKIE, { path: '/' });
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
    return typeof parsed === 'object' && parsed ? parsed : {};
  } catch {
    return {};
  }
}

/** The error of one field, if the flash has it. */
export function fieldError(flash: Flash, field: string): string | undefined {
  return flash.errors?.find((e) => e.field === field)?.message;
}

/** Checks already-read input against a schema: the data, or a 422 naming each field in Russian. */
export function parseWith<S extends z.ZodType>(schema: S, raw: Record<string, unknown>, labels?: Record<string, string>): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(422, zodErrors(result.error, labels));
  return result.data;
}
