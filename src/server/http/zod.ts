/**
 * The zod pieces every endpoint shares, and the plain-Russian messages users see when input is
 * wrong. zod's own texts ("ожидалось число, получено NaN", enum option lists) name types and
 * internals; the global error map below replaces them with what to fix. A schema's own `error`
 * still wins over this map.
 */
import { z } from 'astro/zod';
import { t } from '../../i18n';
import { checkAddress, type AddressFields, type AddressKey } from '../geo/address';
import { EMAIL_RULE, PASSWORD_RULE, isValidPhone, normalizeEmail, normalizePhone } from '../auth/validation';

const fill = (code: string, n: unknown) => t(code).replace('{n}', String(n));

const isSafeIntegerBound = (n: unknown) => Math.abs(Number(n)) >= Number.MAX_SAFE_INTEGER;

const plainMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? t('FIELD_REQUIRED') : t('FILLED_INCORRECTLY');
    case 'too_small':
      if (isSafeIntegerBound(issue.minimum)) return t('FILLED_INCORRECTLY');
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('FIELD_REQUIRED') : fill('VALUE_TOO_SHORT', issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return t('CHOOSE_AT_LEAST_ONE');
      return fill('VALUE_AT_LEAST', issue.minimum);
    case 'too_big':
      // `.int()` bounds numbers to the safe-integer range: 9007199254740991 means nothing to a person.
      if (isSafeIntegerBound(issue.maximum)) return t('FILLED_INCORRECTLY');
      if (issue.origin === 'string') return fill('VALUE_TOO_LONG', issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return fill('LIST_TOO_LONG', issue.maximum);
      return fill('VALUE_AT_MOST', issue.maximum);
    case 'invalid_value':
      return t('CHOOSE_FROM_LIST');
    case 'not_multiple_of':
      return t('WHOLE_NUMBER');
    case 'unrecognized_keys':
      return t('UNKNOWN_FIELDS');
    default:
      return t('FILLED_INCORRECTLY');
  }
};

z.config(z.locales.ru());
z.config({ customError: plainMessage });

/** Numeric ids (database serials). Any wrong value is just "filled in wrong": bounds of a serial mean nothing to a person. */
export const zId = z.coerce
  .number()
  .int({ error: t('FILLED_INCORRECTLY') })
  .positive({ error: t('FILLED_INCORRECTLY') })
  .max(2_147_483_647, { error: t('FILLED_INCORRECTLY') });
/** 1-based page number. */
export const zPage = z.coerce.number().int().min(1).max(10_000).default(1);
/** Page size of a paged call, defaulting to the call's own constant. */
export const zPageSize = (fallback: number, max = 100) => z.coerce.number().int().min(1).max(max).default(fallback);
/**
 * A sort order: one of `keys`; an empty or unknown value (a first load sends `sort=`, old links
 * carry retired keys) falls back to the default instead of failing the call.
 */
export const zSortOf = <const K extends readonly [string, ...string[]]>(keys: K, fallback: K[number]) => z.enum(keys).catch(fallback as never);
/** Catalogue codes (URL slugs). */
export const zCode = z.string().trim().min(1).max(200).regex(/^[a-z0-9][a-z0-9-]*$/, { message: t('CODE_RULES') });
/** The spec's 'Y'/'N' flags; JSON booleans are accepted too. */
export const zFlag = z.union([z.enum(['Y', 'N']), z.boolean()]).transform((v) => v === true || v === 'Y');
/** Text a person typed: trimmed, non-empty, bounded. */
export const zRequired = (max = 500) => z.string().trim().min(1, { message: t('FIELD_REQUIRED') }).max(max);
/** Optional free text: empty becomes undefined. */
export const zOptionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Spec §5 e-mail (Cyrillic domains; punycode shown as Unicode). */
export const zEmail = z
  .string()
  .max(254)
  .transform(normalizeEmail)
  .refine((v) => EMAIL_RULE.test(v), { message: t('FILLED_INCORRECTLY') });
/** Spec §5 password: at least 8 characters with a digit and a Latin letter. */
export const zNewPassword = z.string().regex(PASSWORD_RULE, { message: t('PASSWORD_RULES') });
/** Spec §5 phone, stored in one canonical form (+375 XX XXX-XX-XX). */
export const zPhone = z
  .string()
  .max(32)
  .refine(isValidPhone, { message: t('FILLED_INCORRECTLY') })
  .transform(normalizePhone);
/** A 6-digit verification code. */
export const zVerifyCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: t('CODE_SIX_DIGITS') });

/**
 * A structured address (issue 30, server/geo/address.ts) read from a form whose fields have their own
 * names (`city` in the personal area, `newAddressCity` at checkout): every wrong field becomes a
 * zod issue under its own name, so the answer is a Russian 422 naming it. Returns the normalised
 * fields, or z.NEVER after adding the issues.
 */
export function addressFromFields(
  raw: Partial<Record<AddressKey | 'region' | 'address', string | undefined>>,
  ctx: z.RefinementCtx,
  names: Record<AddressKey | 'address', string>,
): AddressFields {
  const r = checkAddress(raw, raw.region);
  if ('fields' in r) return r.fields;
  // An old client sending one line only: say that the line is now split into fields.
  if (raw.address?.trim() && !raw.city?.trim() && !raw.street?.trim() && !raw.house?.trim()) ctx.addIssue({ code: 'custom', path: [names.address], message: t('ADDRESS_BY_FIELDS') });
  for (const e of r.errors) ctx.addIssue({ code: 'custom', path: [names[e.key]], message: e.message });
  return z.NEVER;
}
/** The raw text of an address field: bounded so garbage never reaches the checks. */
export const zAddressPart = z.string().max(300).optional();
