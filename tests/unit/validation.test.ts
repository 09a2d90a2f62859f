import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, normalizeEmail, normalizePhone, PASSWORD_RULE } from '../../src/server/auth/validation';
import { zEmail } from '../../src/server/http/zod';
import { afterLoginTarget, safeBackUrl } from '../../src/server/auth/redirect';

describe('spec §5 validation', () => {
  it('accepts ordinary and Cyrillic-domain e-mails, converting punycode first', () => {
    expect(isValidEmail('ivan.petrov@mail.by')).toBe(true);
    expect(isValidEmail('info@мастер.бел')).toBe(true);
    expect(normalizeEmail('info@xn--80aktsdg.xn--90ais')).toBe('info@мастер.бел');
    expect(isValidEmail('info@xn--80aktsdg.xn--90ais')).toBe(true);
  });

  it('rejects malformed e-mails with "Email: заполнено неверно"', () => {
    for (const bad of ['ivan', 'ivan@', '@mail.by', 'ivan@mail', 'iv an@mail.by', 'a@b..by']) expect(isValidEmail(bad)).toBe(false);
    const r = zEmail.safeParse('ivan@');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('заполнено неверно');
  });

  it('requires 8+ characters with a digit and a Latin letter in passwords', () => {
    expect(PASSWORD_RULE.test('Demo2026pass')).toBe(true);
    expect(PASSWORD_RULE.test('abc12')).toBe(false);
    expect(PASSWORD_RULE.test('абвгдежз1')).toBe(false);
    expect(PASSWORD_RULE.test('12345678')).toBe(false);
    expect(PASSWORD_RULE.test('abcdefgh')).toBe(false);
  });

  it('accepts Belarusian phone numbers with +375 or 80 and an optional code', () => {
    for (const ok of ['+375291112233', '+375 29 111-22-33', '80291112233', '8029 111-22-33', '8 029 111 22 33', '(029) 111-22-33', '29 111 22 33', '+375 (17) 388-10-10']) {
      expect(isValidPhone(ok), ok).toBe(true);
      expect(normalizePhone(ok), ok).toMatch(/^\+375 \d{2} \d{3}-\d{2}-\d{2}$/);
    }
    expect(normalizePhone('8 029 111 22 33')).toBe('+375 29 111-22-33');
    // Without the operator or city code a number cannot be dialled from everywhere: refused.
    for (const bad of ['', 'abc', '+375', '12', '111-22-33', '+375 29 111 22 33 44 55', '+7 (912) 111-22-33']) expect(isValidPhone(bad), bad).toBe(false);
  });

  it('only lets local paths be login redirect targets', () => {
    expect(safeBackUrl('/personal/orders/?page=2')).toBe('/personal/orders/?page=2');
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil', 'javascript:alert(1)', '/<script>', '']) expect(safeBackUrl(bad)).toBeNull();
    expect(afterLoginTarget('/')).toBe('/personal/');
    expect(afterLoginTarget(null)).toBe('/personal/');
    expect(afterLoginTarget('/basket/')).toBe('/basket/');
  });
});
