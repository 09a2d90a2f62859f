import { addDays, minskMidnight, minskNow, weekday } from '../checkout/calendar';

/** The periods an employee's spending limit may count (issue 28 #3), and where the current one began, in Minsk. */
export const LIMIT_PERIODS = ['order', 'day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The instant the current `period` began (Minsk midnight of today, of this Monday, of the 1st); null for 'order'. */
export function periodStart(period: LimitPeriod, now: Date = new Date()): Date | null {
  if (period === 'order') return null;
  const today = minskNow(now).date;
  const first = period === 'day' ? today : period === 'week' ? addDays(today, -((weekday(today) + 6) % 7)) : `${today.slice(0, 8)}01`;
  return minskMidnight(first);
}
