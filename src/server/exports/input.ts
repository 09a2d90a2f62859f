/**
 * Input of the export calls: one zod schema per wizard step. A step saved with `draft: 'Y'` (the
 * wizard's autosave while the visitor is still choosing) is checked for shape only; a step the
 * visitor completes ("Далее", or any save of a finished list) must be whole.
 */
import { z } from 'astro/zod';
import { zFlag, zId } from '../http/zod';
import { ERR, HttpError, zodErrors } from '../http/api';
import { normalizeArticle } from '../lib/text';
import { t } from '../../i18n';
import { FIELDS, FORMATS, LIMITS, SCHEDULES, SOURCES, type Field, type Format, type Schedule, type Source } from './settings';

const MAX_IDS = 500;
const isId = (v: unknown) => Number.isInteger(Number(v)) && Number(v) > 0 && Number(v) <= 2_147_483_647 && v !== '' && v !== null && typeof v !== 'boolean';

/** A list of ids as a JSON array or "1,2,3"; a bad item is reported on the list itself, not as `sectionIds.3`. */
const zIdList = z
  .preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.unknown()).max(MAX_IDS))
  .refine((a) => a.every(isId), { message: t('FILLED_INCORRECTLY') })
  .transform((a) => [...new Set(a.map(Number))]);

/** Articles pasted as text (one per line, or separated by commas, semicolons or tabs) or sent as an array. */
const zArticles = z
  .union([z.string().max(LIMITS.articles * (LIMITS.articleLength + 2)), z.array(z.string().max(LIMITS.articleLength * 2)).max(LIMITS.articles * 2)])
  .transform((v) => {
    const items = (Array.isArray(v) ? v : v.split(/[\r\n,;\t]+/)).map((s) => normalizeArticle(s.trim())).filter((s) => s.length > 0 && s.length <= LIMITS.articleLength);
    return [...new Set(items)];
  })
  .refine((a) => a.length <= LIMITS.articles, { message: t('EXPORT_ERR_TOO_MANY_ARTICLES') });

const zFieldList = z
  .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.unknown()).max(FIELDS.length * 2))
  .refine((a) => a.every((f) => (FIELDS as readonly unknown[]).includes(f)), { message: t('CHOOSE_FROM_LIST') })
  .transform((a) => FIELDS.filter((f) => a.includes(f)));

export type Step1 = { source: Source; sectionIds: number[]; brandIds: number[]; months?: number; articles: string[]; inStockOnly: boolean };
export type Step2 = { fields: Field[] };
export type Step3 = { format: Format };
export type Step4 = { title: string; schedule: Schedule };
export type StepData = { 1: Step1; 2: Step2; 3: Step3; 4: Step4 };
export type StepNumber = keyof StepData;

const step1Shape = z.object({
  source: z.enum(SOURCES).default('all'),
  sectionIds: zIdList.default([]),
  brandIds: zIdList.default([]),
  months: z.coerce.number().int().min(1, { message: t('EXPORT_ERR_MONTHS') }).max(LIMITS.months, { message: t('EXPORT_ERR_MONTHS') }).optional(),
  articles: zArticles.default([]),
  inStockOnly: zFlag.default(false),
});

const step1Whole = step1Shape.superRefine((v, ctx) => {
  const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (v.source === 'sections' && !v.sectionIds.length) need('sectionIds', t('EXPORT_ERR_PICK_SECTION'));
  if (v.source === 'brands' && !v.brandIds.length) need('brandIds', t('EXPORT_ERR_PICK_BRAND'));
  if (v.source === 'purchased' && v.months === undefined) need('months', t('EXPORT_ERR_MONTHS'));
  if (v.source === 'articles' && !v.articles.length) need('articles', t('EXPORT_ERR_ARTICLES'));
});

const step2Draft = z.object({ fields: zFieldList.default([]) });
const step2Whole = z.object({ fields: zFieldList.refine((a) => a.length > 0, { message: t('EXPORT_ERR_PICK_FIELD') }) });
const step3Draft = z.object({ format: z.enum(FORMATS).optional() });
const step3Whole = z.object({ format: z.enum(FORMATS) });
const step4Draft = z.object({ title: z.string().trim().max(LIMITS.name).optional(), schedule: z.enum(SCHEDULES).optional() });
const step4Whole = z.object({ title: z.string().trim().min(1, { message: t('FIELD_REQUIRED') }).max(LIMITS.name), schedule: z.enum(SCHEDULES).default('daily') });

const SCHEMAS = {
  1: { draft: step1Shape, whole: step1Whole },
  2: { draft: step2Draft, whole: step2Whole },
  3: { draft: step3Draft, whole: step3Whole },
  4: { draft: step4Draft, whole: step4Whole },
} as const;

/** The export wizard's own field names where a shared name would mislead. */
const LABELS: Record<string, string> = { title: 'Название выгрузки' };

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new HttpError(422, zodErrors(r.error, LABELS));
  return r.data;
}

export const stepHead = z.object({
  id: zId.optional(),
  step: z.coerce.number().int().min(1).max(4),
  draft: zFlag.default(false),
});

/** One step's data from a request body (`draft`: shape only). */
export function parseStep<N extends StepNumber>(step: N, raw: Record<string, unknown>, draft: boolean): Partial<StepData[N]> {
  const s = SCHEMAS[step];
  return parseWith(draft ? s.draft : s.whole, raw) as Partial<StepData[N]>;
}

/** A step's saved data checked as whole; the first problem as an HttpError naming the step. */
export function requireWholeStep<N extends StepNumber>(step: N, raw: Record<string, unknown>): StepData[N] {
  const r = SCHEMAS[step].whole.safeParse(raw);
  if (r.success) return r.data as StepData[N];
  const issue = r.error.issues[0];
  const message = t('EXPORT_ERR_INCOMPLETE').replace('{step}', String(step)).replace('{title}', t(`EXPORT_STEP_${step}`)).replace('{what}', issue?.message ?? '');
  throw new HttpError(422, [{ code: ERR.VALIDATION, field: issue?.path.map(String).join('.') || undefined, message }]);
}

export const zRemove = z.object({ id: zId });
export const zIdQuery = z.object({ id: zId });
export const zFinish = z.object({ id: zId, title: z.string().trim().max(LIMITS.name).optional(), schedule: z.enum(SCHEDULES).optional() });

/**
 * POST web/profile/generateapitoken/ {name, lists}: a named token; `lists` (ids, or empty/absent for
 * «all the owner's lists») is its scope. The spec's bare GET (no body) still works: the name is then
 * the date, and the scope every list.
 */
export const zNewToken = z.object({
  name: z.string().trim().max(LIMITS.tokenName, { message: t('EXPORT_ERR_TOKEN_NAME') }).default(''),
  lists: zIdList.default([]),
});
