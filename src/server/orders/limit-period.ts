/** The periods an employee's spending limit may count (issue 28 #3), and where the current one began, in Minsk. */
export const LIMIT_PERIODS = ['order', 'day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Minsk has kept UTC+3 all year since 2011. */
const MINSK_OFFSET_MS = 3 * 3_600_000;

/** The instant the current `period` began (Minsk midnight of today, of this Monday, of the 1st); null for 'order'. */
export function periodStart(period: LimitPeriod, now: Date = new Date()): Date | null {
  if (period === 'order') return null;
  const local = new Date(now.getTime() + MINSK_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  let d = local.getUTCDate();
  if (period === 'week') d -= (local.getUTCDay() + 6) % 7;
  if (period === 'month') d = 1;
  return new Date(Date.UTC(y, m, d) - MINSK_OFFSET_MS);
}
