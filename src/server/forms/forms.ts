/**
 * The public forms: callback, feedback and guarantee registration. Input is validated first (field
 * errors in Russian, nothing stored), then the invisible captcha, then the submission is stored and
 * only after that e-mailed: a failing mail server never loses a request (emailed_at stays empty
 * and the row can be re-sent).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'astro/zod';
import type { APIContext } from 'astro';
import type { Db } from '../db/client';
import { formSubmissions } from '../db/schema';
import { HttpError, readRaw, zodErrors } from '../http/api';
import { formsMailTo, sendMail } from '../mail/mail';
import { protectPublicForm } from './protect';
import { CALLBACK_TOPICS, FORM_FIELD_LABELS, callbackInput, feedbackInput, guaranteeInput, topicBySlug } from './schemas';

export type FormKind = 'callback' | 'feedback' | 'guarantee';

const SCHEMAS = { callback: callbackInput, feedback: feedbackInput, guarantee: guaranteeInput } as const;
type Input<K extends FormKind> = z.output<(typeof SCHEMAS)[K]>;

/** Reads and validates a form's body; throws a 422 with one Russian message per bad field. */
export async function parseForm<K extends FormKind>(ctx: Pick<APIContext, 'request' | 'url' | 'clientAddress'>, kind: K, db: Db): Promise<Input<K>> {
  const raw = await readRaw(ctx.request, ctx.url);
  delete raw.token;
  const result = SCHEMAS[kind].safeParse(raw);
  if (!result.success) throw new HttpError(422, zodErrors(result.error, FORM_FIELD_LABELS));
  await protectPublicForm(db, ctx, kind, result.data.captcha);
  return result.data as Input<K>;
}

const LINES: Record<string, string> = { ...FORM_FIELD_LABELS };

function mailFor(kind: FormKind, id: number, data: Record<string, unknown>): { subject: string; text: string; replyTo?: string } {
  const topic = kind === 'callback' ? topicBySlug(String(data.topic))?.name : undefined;
  const subject =
    kind === 'callback' ? `Обратный звонок №${id}: ${topic}` : kind === 'feedback' ? `Обратная связь №${id} от ${data.name}` : `Регистрация гарантии №${id}: ${data.product}`;
  const body = Object.entries(data)
    .filter(([k, v]) => k !== 'captcha' && v !== undefined && v !== '')
    .map(([k, v]) => `${LINES[k] ?? k}: ${k === 'topic' ? topic : String(v)}`)
    .join('\n');
  return { subject, text: `${subject}\n\n${body}\n`, replyTo: typeof data.email === 'string' ? data.email : undefined };
}

/** Stores a validated submission and e-mails it; returns its number. */
export async function submitForm(db: Db, kind: FormKind, input: Record<string, unknown>): Promise<{ id: number; emailed: boolean }> {
  const { captcha: _captcha, ...payload } = input;
  const [row] = await db
    .insert(formSubmissions)
    .values({ kind, topic: kind === 'callback' ? String(payload.topic) : null, payload })
    .returning({ id: formSubmissions.id });
  const id = row!.id;
  try {
    await sendMail({ to: formsMailTo(), ...mailFor(kind, id, payload) }, kind);
    await db.update(formSubmissions).set({ emailedAt: new Date() }).where(eq(formSubmissions.id, id));
    return { id, emailed: true };
  } catch (e) {
    console.error(`[forms] ${kind} #${id} stored but not e-mailed`, e);
    return { id, emailed: false };
  }
}

export { CALLBACK_TOPICS };
