/**
 * Request types (`appeal_types` rows) and their forms. Each type lists its fields in the row's
 * `fields` (migration 0009_requests_sql); this module reads them and checks a submitted form against
 * them, so a new type with the same field kinds needs a row, not code.
 */
import { asc, and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appealTypes, type AppealField } from '../db/schema';
import { ERR, HttpError, type ApiError } from '../http/api';
import { t } from '../../i18n';

export type AppealTypeView = { code: string; name: string; description: string; fields: AppealField[] };

/** GET …/appeals/getTypesList/: the active types in their order, each with its form's fields. */
export async function appealTypesList(db: Db): Promise<AppealTypeView[]> {
  return db
    .select({ code: appealTypes.code, name: appealTypes.name, description: appealTypes.description, fields: appealTypes.fields })
    .from(appealTypes)
    .where(eq(appealTypes.active, true))
    .orderBy(asc(appealTypes.sort), asc(appealTypes.code));
}

export async function appealType(db: Db, code: string): Promise<AppealTypeView | null> {
  const [row] = await db
    .select({ code: appealTypes.code, name: appealTypes.name, description: appealTypes.description, fields: appealTypes.fields })
    .from(appealTypes)
    .where(and(eq(appealTypes.code, code), eq(appealTypes.active, true)))
    .limit(1);
  return row ?? null;
}

/** A request form as submitted, checked against its type (links are checked for ownership later). */
export type TypedInput = {
  orderId: number | null;
  productId: number | null;
  /** The type's own text and select fields, by key. */
  fields: Record<string, string>;
  subject: string | null;
  message: string;
};

export const MESSAGE_MAX = 5000;
const ID = /^\d{1,9}$/;

const err = (field: string, label: string, code: string): ApiError => ({ code: ERR.VALIDATION, field, message: `${label}: ${t(code)}` });

/**
 * Checks `raw` against the type's fields: required ones present, selects among their options, texts
 * within their length, ids well-formed, files present when required. All problems at once (422).
 */
export function checkTypedInput(type: AppealTypeView, raw: Record<string, unknown>, fileCount: number): TypedInput {
  const errors: ApiError[] = [];
  const out: TypedInput = { orderId: null, productId: null, fields: {}, subject: null, message: '' };
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : typeof raw[k] === 'number' ? String(raw[k]) : '');
  for (const f of type.fields) {
    const v = str(f.key);
    switch (f.kind) {
      case 'order':
      case 'product': {
        if (!v) {
          if (f.required) errors.push(err(f.key, f.label, 'REQ_ERR_CHOOSE'));
          break;
        }
        if (!ID.test(v) || Number(v) < 1) errors.push(err(f.key, f.label, 'REQ_ERR_CHOOSE'));
        else if (f.kind === 'order') out.orderId = Number(v);
        else out.productId = Number(v);
        break;
      }
      case 'select':
        if (!v) {
          if (f.required) errors.push(err(f.key, f.label, 'REQ_ERR_CHOOSE'));
        } else if (!f.options?.some((o) => o.value === v)) errors.push(err(f.key, f.label, 'REQ_ERR_CHOOSE'));
        else out.fields[f.key] = v;
        break;
      case 'text':
        if (!v) {
          if (f.required) errors.push(err(f.key, f.label, 'FIELD_REQUIRED'));
        } else if (v.length > (f.max ?? 200)) errors.push({ code: ERR.VALIDATION, field: f.key, message: `${f.label}: ${t('VALUE_TOO_LONG').replace('{n}', String(f.max ?? 200))}` });
        else if (f.key === 'subject') out.subject = v;
        else out.fields[f.key] = v;
        break;
      case 'message':
        if (!v) errors.push(err('message', f.label, 'FIELD_REQUIRED'));
        else if (v.length > MESSAGE_MAX) errors.push({ code: ERR.VALIDATION, field: 'message', message: `${f.label}: ${t('VALUE_TOO_LONG').replace('{n}', String(MESSAGE_MAX))}` });
        else out.message = v;
        break;
      case 'files':
        if (f.required && fileCount === 0) errors.push(err('files', f.label, 'REQ_ERR_ATTACH'));
        break;
    }
  }
  if (!type.fields.some((f) => f.kind === 'files') && fileCount > 0) errors.push({ code: ERR.VALIDATION, field: 'files', message: t('REQ_ERR_NO_FILES_HERE') });
  if (out.productId && !out.orderId) errors.push(err('order', type.fields.find((f) => f.kind === 'order')?.label ?? t('REQ_ORDER'), 'REQ_ERR_CHOOSE'));
  if (errors.length) throw new HttpError(422, errors);
  return out;
}

/** The text of a select field's chosen option (for showing a request's fields). */
export function describeFields(type: Pick<AppealTypeView, 'fields'>, values: Record<string, string>): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const f of type.fields) {
    const v = values[f.key];
    if (!v || (f.kind !== 'text' && f.kind !== 'select') || f.key === 'subject') continue;
    out.push({ label: f.label, value: f.kind === 'select' ? (f.options?.find((o) => o.value === v)?.label ?? v) : v });
  }
  return out;
}
