import { describe, expect, it } from 'vitest';
import { periodStart } from '../../src/server/orders/limit-period';

describe('where a spending limit’s period begins, in Minsk (UTC+3)', () => {
  it('a day at Minsk midnight, a week on Monday, a month on the 1st; none for a per-order limit', () => {
    // Sunday 2026-11-29 01:30 in Minsk is 2026-11-28 22:30 UTC.
    const now = new Date('2026-11-28T22:30:00Z');
    expect(periodStart('order', now)).toBeNull();
    expect(periodStart('day', now)!.toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(periodStart('week', now)!.toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(periodStart('month', now)!.toISOString()).toBe('2026-10-31T21:00:00.000Z');
    // Monday 00:00 in Minsk starts a new week; 1 January a new month across the year.
    expect(periodStart('week', new Date('2026-11-29T21:00:00Z'))!.toISOString()).toBe('2026-11-29T21:00:00.000Z');
    expect(periodStart('month', new Date('2027-01-01T00:10:00Z'))!.toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });
});
