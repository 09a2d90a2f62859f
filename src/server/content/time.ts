/** Pure date rules of promotions (kept apart from astro:content so that unit tests can load them). */
export type PromotionState = 'upcoming' | 'active' | 'ended';

export function promotionState(p: { starts: Date; ends: Date }, now = new Date()): PromotionState {
  if (now < p.starts) return 'upcoming';
  return now > p.ends ? 'ended' : 'active';
}

/** Time left until the end, for the countdown (whole days, hours and minutes). */
export function timeLeft(ends: Date, now = new Date()): { days: number; hours: number; minutes: number; totalMs: number } {
  const ms = Math.max(0, ends.getTime() - now.getTime());
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60, totalMs: ms };
}

const minskDayMonth = new Intl.DateTimeFormat('ru-BY', { timeZone: 'Europe/Minsk', day: '2-digit', month: '2-digit' });
/** «Акция до 31.12»: the last day a promotion's price holds, in Minsk (an end at 00:00 is the day before's last minute). */
export function promoUntil(endsAt: string | Date): string {
  return `Акция до ${minskDayMonth.format(new Date(new Date(endsAt).getTime() - 1))}`;
}
