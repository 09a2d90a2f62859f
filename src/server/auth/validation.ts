/** Spec §5 validation rules, shared by endpoints and islands. */
import { z } from 'astro/zod';
import { domainToUnicode } from 'node:url';
import { t } from '../../i18n';

/** Standard address pattern; Cyrillic letters are allowed in the domain (мастер.бел). */
const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9\u0400-\u04FF](?:[A-Za-z0-9\u0400-\u04FF-]{0,61}[A-Za-z0-9\u0400-\u04FF])?\.)+[A-Za-z\u0400-\u04FF]{2,}$/;

/** Punycode domains (xn--…) are converted to Unicode before matching. */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const domain = trimmed.slice(at + 1);
  const unicode = domain.toLowerCase().includes('xn--') ? domainToUnicode(domain) || domain : domain;
  return `${trimmed.slice(0, at)}@${unicode}`.toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(normalizeEmail(value));
}

export const zEmail = z
  .string({ error: t('FIELD_REQUIRED') })
  .max(254)
  .transform(normalizeEmail)
  .refine((v) => EMAIL.test(v), { message: t('FILLED_INCORRECTLY') });

/** At least 8 characters, at least one digit and one Latin letter. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z]).{8,128}$/;
export const zNewPassword = z.string({ error: t('FIELD_REQUIRED') }).regex(PASSWORD_RULE, { message: t('PASSWORD_RULES') });

/** Optional +375 or 80, optional 2-digit operator code, then 9 digits or dashes (spec §5). */
export const PHONE_RULE = /^(?:\+375|80)?\s?\(?(?:\d{2})?\)?\s?[\d-\s]{7,12}$/;
export function isValidPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE_RULE.test(value.trim()) && digits.length >= 7 && digits.length <= 12;
}
export const zPhone = z
  .string({ error: t('FIELD_REQUIRED') })
  .max(32)
  .refine(isValidPhone, { message: t('FILLED_INCORRECTLY') });

export const zRequired = (max = 500) => z.string({ error: t('FIELD_REQUIRED') }).trim().min(1, { message: t('FIELD_REQUIRED') }).max(max);
