import { describe, expect, it } from 'vitest';
import { promotionState, timeLeft } from '../../src/server/content/time';
import { openingHours } from '../../src/server/branches/branches';
import { FORM_FIELD_LABELS, callbackInput, guaranteeInput, zPurchaseDate } from '../../src/server/forms/schemas';
import { zodErrors } from '../../src/server/http/api';

describe('promotion dates', () => {
  const p = { starts: new Date('2026-11-01T00:00:00Z'), ends: new Date('2026-11-30T21:00:00Z') };
  it('upcoming, active and ended', () => {
    expect(promotionState(p, new Date('2026-10-31T23:59:59Z'))).toBe('upcoming');
    expect(promotionState(p, new Date('2026-11-01T00:00:00Z'))).toBe('active');
    expect(promotionState(p, new Date('2026-11-30T21:00:00Z'))).toBe('active');
    expect(promotionState(p, new Date('2026-11-30T21:00:01Z'))).toBe('ended');
  });
  it('time left for the countdown, never negative', () => {
    expect(timeLeft(p.ends, new Date('2026-11-28T18:30:00Z'))).toMatchObject({ days: 2, hours: 2, minutes: 30 });
    expect(timeLeft(p.ends, new Date('2026-12-05T00:00:00Z'))).toMatchObject({ days: 0, hours: 0, minutes: 0, totalMs: 0 });
  });
});

describe('openingHours (schema.org)', () => {
  it('converts the Russian schedule', () => {
    expect(openingHours('Пн–Пт 8:30–19:00, Сб 9:00–16:00')).toEqual(['Mo-Fr 08:30-19:00', 'Sa 09:00-16:00']);
    expect(openingHours('Ежедневно 9:00–21:00')).toEqual(['Mo-Su 09:00-21:00']);
    expect(openingHours('по договорённости')).toEqual([]);
  });
});

describe('form rules', () => {
  const now = () => new Date('2026-11-21T12:00:00Z');
  it('purchase date: ISO date, not in the future, not older than five years', () => {
    const s = zPurchaseDate(now);
    expect(s.safeParse('2026-11-20').success).toBe(true);
    expect(s.safeParse('2026-11-22').success).toBe(true); // a day of slack for time zones
    expect(s.safeParse('2026-11-24').error?.issues[0]?.message).toBe('дата не может быть в будущем');
    expect(s.safeParse('2020-01-01').error?.issues[0]?.message).toBe('гарантия на покупки старше 5 лет не регистрируется');
    expect(s.safeParse('2026-02-30').error?.issues[0]?.message).toBe('укажите дату в формате ДД.ММ.ГГГГ');
    expect(s.safeParse('21.11.2026').error?.issues[0]?.message).toBe('укажите дату в формате ДД.ММ.ГГГГ');
    expect(s.safeParse('').error?.issues[0]?.message).toBe('обязательное поле');
  });

  it('callback: the topic defaults to tool selection; messages name the field in Russian', () => {
    expect(callbackInput.parse({ name: ' Иван ', phone: '+375 (29) 123-45-67', captcha: 'x' })).toMatchObject({ name: 'Иван', topic: 'podbor' });
    const r = callbackInput.safeParse({ name: 'И', phone: '12-ab', topic: 'x', comment: 'к'.repeat(1001), captcha: '' });
    expect(zodErrors(r.error!, FORM_FIELD_LABELS).map((e) => e.message)).toEqual([
      'Телефон: заполнено неверно',
      'Тема: выберите тему из списка',
      'Комментарий: не длиннее 1000 символов',
      'Проверка на робота: не пройдена, обновите страницу и отправьте форму ещё раз',
    ]);
  });

  it('warranty: serial numbers in Latin letters and digits', () => {
    const base = { product: 'GSR 18V', purchaseDate: '2026-01-10', shop: 'Минск', name: 'Пётр', phone: '80291234567', email: 'p@example.by', captcha: 'x' };
    expect(guaranteeInput.safeParse({ ...base, serial: 'SN-2026/0417' }).success).toBe(true);
    expect(zodErrors(guaranteeInput.safeParse({ ...base, serial: 'СН 12' }).error!, FORM_FIELD_LABELS)[0]).toMatchObject({ field: 'serial', message: 'Серийный номер: латинские буквы, цифры, дефис и косая черта' });
  });
});
