/**
 * When an order can be delivered or collected (docs/decisions/0120-checkout-and-orders.md).
 * Pure functions over dates written 'YYYY-MM-DD' in Minsk time (UTC+3 all year), so tests can pin
 * "now". The constants below are the store's rules; change them here and nowhere else.
 */
import { longDate, MINSK_OFFSET_MS, MONTHS_GENITIVE } from '../../lib/format';

/** Orders placed before this hour (Minsk time) on a working day are processed the same day. */
export const CUT_OFF_HOUR = 14;
/** How many delivery dates the buyer chooses from. */
export const DELIVERY_DATE_OPTIONS = 10;
/** Working days to move goods from one branch to another. */
export const TRANSFER_DAYS = 1;
/** Working days for goods sold "под заказ" (no stock) to arrive from the supplier. */
export const ON_ORDER_DAYS = 7;
/** Delivery charge (BYN, VAT included) below the free-delivery threshold of the basket. */
export const DELIVERY_PRICE = 15;

/** Fixed public holidays of Belarus (month-day); Radunitsa moves with Orthodox Easter. */
const FIXED_HOLIDAYS = ['01-01', '01-02', '01-07', '03-08', '05-01', '05-09', '07-03', '11-07', '12-25'];

export type Weekdays = Set<number>; // 0 = Sunday … 6 = Saturday
/** The warehouse delivers Monday to Saturday. */
export const DELIVERY_WEEKDAYS: Weekdays = new Set([1, 2, 3, 4, 5, 6]);

const DAY = 86_400_000;

export function toIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function fromIso(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

export const addDays = (iso: string, n: number) => toIso(fromIso(iso) + n * DAY);
export const weekday = (iso: string) => new Date(fromIso(iso)).getUTCDay();

/** The instant a Minsk calendar day begins. */
export const minskMidnight = (iso: string) => new Date(fromIso(iso) - MINSK_OFFSET_MS);

/** Orthodox Easter (Julian computus, shown in the Gregorian calendar: valid 1900–2099). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return toIso(Date.UTC(year, month - 1, day) + 13 * DAY);
}

/** Радуница, the ninth day after Orthodox Easter, by year (every product page asks for several dates). */
const radunitsa = new Map<number, string>();

export function isHoliday(iso: string): boolean {
  if (FIXED_HOLIDAYS.includes(iso.slice(5))) return true;
  const year = Number(iso.slice(0, 4));
  let day = radunitsa.get(year);
  if (day === undefined) radunitsa.set(year, (day = addDays(orthodoxEaster(year), 9)));
  return day === iso;
}

export function isWorkingDay(iso: string, days: Weekdays = DELIVERY_WEEKDAYS): boolean {
  return days.has(weekday(iso)) && !isHoliday(iso);
}

/** The `n`-th working day after `iso` (n = 0: `iso` itself if it works, else the next one that does). */
export function workingDayAfter(iso: string, n: number, days: Weekdays = DELIVERY_WEEKDAYS): string {
  let d = iso;
  while (!isWorkingDay(d, days)) d = addDays(d, 1);
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (isWorkingDay(d, days)) left--;
  }
  return d;
}

/** Minsk date and hour of an instant: arithmetic, where the time-zone database took a product page ~0.1 ms. */
export function minskNow(now: Date = new Date()): { date: string; hour: number } {
  const t = now.getTime() + MINSK_OFFSET_MS;
  return { date: toIso(t), hour: new Date(t).getUTCHours() };
}

/** The day the store starts on an order placed at `now`: today before the cut-off on a working day, else the next working day. */
export function processingDay(now: Date = new Date(), days: Weekdays = DELIVERY_WEEKDAYS): string {
  const { date, hour } = minskNow(now);
  if (isWorkingDay(date, days) && hour < CUT_OFF_HOUR) return date;
  return workingDayAfter(addDays(date, 1), 0, days);
}

/** How far the goods of an order are from the buyer. */
export type Readiness = 'here' | 'transfer' | 'on_order';

function extraDays(readiness: Readiness): number {
  return readiness === 'on_order' ? ON_ORDER_DAYS : readiness === 'transfer' ? TRANSFER_DAYS : 0;
}

/** Delivery dates a buyer may choose: the first possible one and the next working days after it. */
export function deliveryDates(readiness: Readiness, now: Date = new Date()): string[] {
  const first = workingDayAfter(processingDay(now), 1 + extraDays(readiness));
  const out = [first];
  while (out.length < DELIVERY_DATE_OPTIONS) out.push(workingDayAfter(addDays(out[out.length - 1]!, 1), 0));
  return out;
}

/** The weekdays a branch is open, read from its hours text ("Пн–Пт 8:30–19:00, Сб 9:00–16:00"). */
export function branchWeekdays(hours: string): Weekdays {
  const days = new Set([1, 2, 3, 4, 5]);
  if (/Сб/.test(hours)) days.add(6);
  if (/Вс/.test(hours)) days.add(0);
  return days;
}

/** When an order can be collected at a branch open on `days`. */
export function pickupDate(readiness: Readiness, days: Weekdays, now: Date = new Date()): string {
  return workingDayAfter(processingDay(now, days), extraDays(readiness), days);
}

const WEEKDAY_SHORT = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** "пт, 14 ноября" (with "сегодня"/"завтра" when it is). */
export function dateLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(fromIso(iso));
  const base = `${WEEKDAY_SHORT[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS_GENITIVE[d.getUTCMonth()]}`;
  const today = minskNow(now).date;
  if (iso === today) return `сегодня, ${base}`;
  if (iso === addDays(today, 1)) return `завтра, ${base}`;
  return base;
}

/** "14 ноября 2026 г." for documents (lives in lib/format.ts, so orders/ need not import checkout/). */
export { longDate };
