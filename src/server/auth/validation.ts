/**
 * Spec §5 validation rules as plain functions and patterns (the zod pieces built on them live in
 * server/http/zod.ts). Pure: islands may import them too.
 */
import { domainToUnicode } from 'node:url';

/** Standard address pattern; Cyrillic letters are allowed in the domain (мастер.бел). */
export const EMAIL_RULE = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9\u0400-\u04FF](?:[A-Za-z0-9\u0400-\u04FF-]{0,61}[A-Za-z0-9\u0400-\u04FF])?\.)+[A-Za-z\u0400-\u04FF]{2,}$/;

/** Punycode domains (xn--…) are converted to Unicode before matching; the whole address is lower-cased. */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed.toLowerCase();
  const domain = trimmed.slice(at + 1);
  const unicode = domain.toLowerCase().includes('xn--') ? domainToUnicode(domain) || domain : domain;
  return `${trimmed.slice(0, at)}@${unicode}`.toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RULE.test(normalizeEmail(value));
}

/** At least 8 characters, at least one digit and one Latin letter. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z]).{8,128}$/;

/**
 * The nine national digits of a Belarusian number (operator or city code + 7 digits), from any form
 * people type: `+375 29 111-22-33`, `8 029 111 22 33`, `80291112233`, `(029) 111-22-33`, `29 1112233`.
 * Spec §5: optional +375 or 80 prefix, optional code, then digits, spaces, brackets or dashes.
 */
export function phoneDigits(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[\d\s()-]{7,24}$/.test(v)) return null;
  let d = v.replace(/\D/g, '');
  if (d.startsWith('375')) d = d.slice(3);
  else if (d.startsWith('80')) d = d.slice(2);
  else if (d.startsWith('0') && d.length === 10) d = d.slice(1);
  return /^\d{9}$/.test(d) ? d : null;
}

export function isValidPhone(value: string): boolean {
  return phoneDigits(value) !== null;
}

/** One canonical form for storage and display: `+375 29 111-22-33`. */
export function normalizePhone(value: string): string {
  const d = phoneDigits(value);
  if (!d) return value.trim();
  return `+375 ${d.slice(0, 2)} ${d.slice(2, 5)}-${d.slice(5, 7)}-${d.slice(7)}`;
}
