/**
 * The public forms about one product (a FAQ question, a price request) are read the same way:
 * parse, the form's own rule, captcha and per-IP limits (forms/protect.ts), find the product, save.
 * A plain form post (no JS) is answered with 303 back to the product page, `?sent=<kind>#<anchor>`,
 * or `?sent=<kind>-error` when anything was wrong; a call gets the envelope.
 */
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import { endpoint, HttpError, ok, readRaw, wantsRedirect, zodErrors, type ApiError } from '../http/api';
import { safeBackUrl } from '../auth/redirect';
import { getDb, type Db } from '../db/client';
import { protectPublicForm } from '../forms/protect';
import { zCode, zId } from '../http/zod';
import { productFromInput } from './api';

/** A plain HTML form post (no JS): answer with a redirect back instead of JSON. */
export function backTo(back: unknown, fallback: string, sent: string, anchor: string): Response {
  const path = (typeof back === 'string' && safeBackUrl(back)?.split(/[?#]/)[0]) || fallback;
  return new Response(null, { status: 303, headers: { location: `${path}?sent=${sent}#${anchor}`, 'cache-control': 'no-store' } });
}

/** The fields every product form has: which product (by name, code or id), the captcha, Bitrix's sessid. */
export const productFormFields = {
  productName: z.string().trim().min(1).max(300).optional(),
  code: zCode.optional(),
  productId: zId.optional(),
  /** The invisible captcha of the public forms (forms/protect.ts). */
  captcha: z.string().max(5000).optional(),
  /** Bitrix's CSRF token in the spec; forms here are protected by the origin check instead. */
  sessid: z.string().max(100).optional(),
};

type ProductRef = { productName?: string; code?: string; productId?: number; captcha?: string };
type Product = Awaited<ReturnType<typeof productFromInput>>;

export type ProductForm<T extends ProductRef> = {
  input: z.ZodType<T>;
  /** The form's name for the limits and in `?sent=`. */
  kind: 'question' | 'price';
  /** Where on the product page the form is. */
  anchor: string;
  /** A rule beyond the schema, checked before the captcha: the errors to answer 422 with. */
  check?: (data: T, ctx: APIContext) => ApiError[];
  /** Stores the form; what it returns is the call's answer. */
  save: (db: Db, data: T, product: Product, ctx: APIContext) => Promise<unknown>;
};

export function productFormEndpoint<T extends ProductRef>(form: ProductForm<T>) {
  return endpoint(async (ctx) => {
    const raw = await readRaw(ctx.request, ctx.url);
    const html = wantsRedirect(ctx);
    const failed = () => backTo(raw.back, '/', `${form.kind}-error`, form.anchor);
    const parsed = form.input.safeParse(raw);
    const errors = parsed.success ? (form.check?.(parsed.data, ctx) ?? []) : zodErrors(parsed.error);
    if (!parsed.success || errors.length) {
      if (html) return failed();
      throw new HttpError(422, errors);
    }
    const db = await getDb();
    try {
      await protectPublicForm(db, ctx, form.kind, parsed.data.captcha);
    } catch (e) {
      if (html && e instanceof HttpError && e.status === 422) return failed();
      throw e;
    }
    const product = await productFromInput(db, parsed.data);
    const answer = await form.save(db, parsed.data, product, ctx);
    if (html) return backTo(raw.back, `/${product.code}/`, form.kind, form.anchor);
    return ok(answer);
  });
}
