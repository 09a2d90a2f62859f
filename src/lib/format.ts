/**
 * Display formatting shared by server-rendered pages and islands (pure, no server imports).
 */
const rub = new Intl.NumberFormat('ru-BY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Price in BYN: «1 234,50 р.» (Belarusian convention: space thousands, comma decimals). */
export function formatPrice(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return `${rub.format(n).replace(/\u00a0|\u202f/g, ' ')} р.`;
}

/** Russian plural: plural(5, ['товар', 'товара', 'товаров']) → 'товаров'. */
export function plural(n: number, forms: [string, string, string]): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return forms[2];
  if (b > 1 && b < 5) return forms[1];
  if (b === 1) return forms[0];
  return forms[2];
}

/** Russian month names in the genitive («14 ноября»). */
/** Minsk has kept UTC+3 all year since 2011 (no daylight saving): every Minsk date and hour is this offset from UTC. */
export const MINSK_OFFSET_MS = 3 * 3_600_000;

export const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** "14 ноября 2026 г." for documents, from a date written 'YYYY-MM-DD'. */
export function longDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return `${d.getUTCDate()} ${MONTHS_GENITIVE[d.getUTCMonth()]} ${d.getUTCFullYear()} г.`;
}
