/** Delivery and pickup dates: cut-off, days off, Belarusian holidays (with Radunitsa), never a past date. */
import { describe, expect, it } from 'vitest';
import { addDays, branchWeekdays, CUT_OFF_HOUR, dateLabel, deliveryDates, DELIVERY_DATE_OPTIONS, isHoliday, minskNow, ON_ORDER_DAYS, orthodoxEaster, pickupDate, processingDay } from '../../src/server/checkout/calendar';

/** An instant given in Minsk time (UTC+3). */
const minsk = (iso: string, hour: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + (hour - 3) * 3_600_000);

describe('calendar', () => {
  it('knows Orthodox Easter and Radunitsa (Easter + 9 days)', () => {
    expect(orthodoxEaster(2024)).toBe('2024-05-05');
    expect(orthodoxEaster(2025)).toBe('2025-04-20');
    expect(orthodoxEaster(2026)).toBe('2026-04-12');
    expect(isHoliday('2026-04-21')).toBe(true);
    expect(isHoliday('2026-07-03')).toBe(true);
    expect(isHoliday('2026-07-02')).toBe(false);
  });

  it('reads the Minsk date and hour of an instant', () => {
    expect(minskNow(new Date('2026-11-23T20:30:00Z'))).toEqual({ date: '2026-11-23', hour: 23 });
    expect(minskNow(new Date('2026-11-23T21:30:00Z'))).toEqual({ date: '2026-11-24', hour: 0 });
  });

  it("agrees with the time-zone database's Europe/Minsk at 5,000 instants from 2012 to 2040 (minskNow is arithmetic)", () => {
    const tz = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    const from = Date.UTC(2012, 0, 1);
    const span = Date.UTC(2040, 0, 1) - from;
    let seed = 29;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const at = new Date(from + Math.floor((seed / 2 ** 31) * span));
      const parts = Object.fromEntries(tz.formatToParts(at).map((p) => [p.type, p.value]));
      expect(minskNow(at)).toEqual({ date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) });
    }
  });

  it('starts the same working day before the cut-off and the next one after it', () => {
    expect(processingDay(minsk('2026-11-23', CUT_OFF_HOUR - 1))).toBe('2026-11-23'); // Monday morning
    expect(processingDay(minsk('2026-11-23', CUT_OFF_HOUR))).toBe('2026-11-24');
    expect(processingDay(minsk('2026-11-29', 10))).toBe('2026-11-30'); // Sunday → Monday
  });

  it('offers only future delivery dates, skipping Sundays and holidays', () => {
    const now = minsk('2026-12-24', 15); // Thursday after the cut-off; 25 Dec is a holiday
    const dates = deliveryDates('here', now);
    expect(dates).toHaveLength(DELIVERY_DATE_OPTIONS);
    expect(dates[0]).toBe('2026-12-28'); // processing Sat 26th, delivery next working day Mon 28th
    expect(dates).not.toContain('2026-12-25');
    expect(dates.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);
    expect(dates.every((d) => d > minskNow(now).date)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });

  it('puts transfers and goods on order later', () => {
    const now = minsk('2026-11-23', 9);
    const [here] = deliveryDates('here', now);
    const [transfer] = deliveryDates('transfer', now);
    const [onOrder] = deliveryDates('on_order', now);
    expect(here).toBe('2026-11-24');
    expect(transfer).toBe('2026-11-25');
    expect(onOrder! > addDays(here!, ON_ORDER_DAYS - 1)).toBe(true);
  });

  it('lets a branch hand out on its own open days', () => {
    const weekdaysOnly = branchWeekdays('Пн–Пт 9:00–18:00');
    expect(weekdaysOnly.has(6)).toBe(false);
    expect(branchWeekdays('Пн–Пт 8:30–19:00, Сб 9:00–16:00').has(6)).toBe(true);
    const friday = minsk('2026-11-27', 15);
    expect(pickupDate('here', weekdaysOnly, friday)).toBe('2026-11-30');
    expect(pickupDate('here', branchWeekdays('Сб'), friday)).toBe('2026-11-28');
    expect(pickupDate('here', weekdaysOnly, minsk('2026-11-27', 9))).toBe('2026-11-27');
  });

  it('labels dates in Russian', () => {
    const now = minsk('2026-11-23', 9);
    expect(dateLabel('2026-11-23', now)).toBe('сегодня, пн, 23 ноября');
    expect(dateLabel('2026-11-24', now)).toBe('завтра, вт, 24 ноября');
    expect(dateLabel('2026-12-01', now)).toBe('вт, 1 декабря');
  });
});
