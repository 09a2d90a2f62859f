/**
 * Money in integer kopecks (docs/decisions/0120-checkout-and-orders.md, «Money»). Every amount the
 * shop computes in JS — a contract price, a line sum, a basket or order total, the VAT in it — is
 * computed here, on whole kopecks, never with float arithmetic on roubles. Amounts still travel as
 * BYN numbers with at most two decimals (the `numeric(12,2)` columns, the API's `price`/`sum`/`total`);
 * they are turned into kopecks exactly (`toKopecks`), computed on integers, and turned back.
 *
 * Rounding is the database's: PostgreSQL `round(numeric)` rounds half AWAY from zero, and the
 * listings filter and sort by `discountedSql` (catalog/pricing.ts `priceSql`). `discountKopecks` is
 * the same rule on integers, so a price shown is the price filtered, sorted and charged
 * (tests/integration/money-property.test.ts compares them on millions of pairs, on both databases).
 */
import { sql, type SQL } from 'drizzle-orm';
import { VAT_RATE } from '../../config/seller';

/** Integer kopecks. */
export type Kopecks = number;

/** A BYN amount (a number or a `numeric` string with at most two decimals) in whole kopecks. */
export function toKopecks(byn: number | string): Kopecks {
  const n = typeof byn === 'string' ? Number(byn) : byn;
  // n × 100 is within 1e-6 of an integer for every numeric(12,2) value: rounding recovers it exactly.
  return Math.round(n * 100);
}

/** Kopecks as a BYN number (the nearest double to the two-decimal amount). */
export const fromKopecks = (k: Kopecks): number => k / 100;

/** `numerator / denominator` (integers, denominator > 0) rounded half away from zero, as numeric round() does. */
export function divRound(numerator: number | bigint, denominator: number): number {
  if (typeof numerator === 'bigint') {
    const d = BigInt(denominator);
    const sign = numerator < 0n ? -1n : 1n;
    const a = numerator * sign;
    return Number(sign * ((a * 2n + d) / (2n * d)));
  }
  const sign = numerator < 0 ? -1 : 1;
  const a = Math.abs(numerator);
  const rest = a % denominator;
  const whole = (a - rest) / denominator;
  return sign * (rest * 2 >= denominator ? whole + 1 : whole);
}

/** a × b for integers, as a bigint when the product is beyond 2^53 (it would be rounded as a double). */
const times = (a: number, b: number): number | bigint => {
  const n = a * b;
  return Number.isSafeInteger(n) ? n : BigInt(a) * BigInt(b);
};

/** A percent (numeric(5,2): at most two decimals) in hundredths of a percent. */
export const percentHundredths = (percent: number | string): number => Math.round(Number(percent) * 100);

/**
 * A price less `percent` %, in kopecks: round(price × (100 − percent)) / 100 with numeric
 * rounding — on integers, kopecks × (10000 − hundredths of a percent) / 10000.
 */
export function discountKopecks(price: Kopecks, percent: number | string): Kopecks {
  return divRound(times(price, 10_000 - percentHundredths(percent)), 10_000);
}

/** A BYN price less `percent` % (the contract price), rounded to kopecks exactly as `discountedSql`. */
export function discountedPrice(price: number | string, percent: number | string): number {
  return fromKopecks(discountKopecks(toKopecks(price), percent));
}

/**
 * THE SQL of a discounted price: what listings filter, count and sort by (catalog/pricing.ts
 * `priceSql` builds every contract price with it). Same rule as `discountKopecks`.
 */
export function discountedSql(price: SQL, percent: SQL): SQL {
  return sql`(round(${price} * (100 - ${percent})) / 100)`;
}

/** price × quantity, in kopecks. */
export const lineKopecks = (price: number | string, quantity: number): Kopecks => toKopecks(price) * quantity;

/** price × quantity as a BYN amount (exact to the kopeck). */
export const lineSum = (price: number | string, quantity: number): number => fromKopecks(lineKopecks(price, quantity));

/** The sum of BYN amounts, added in kopecks. */
export const sumMoney = (amounts: Iterable<number | string>): number => {
  let k = 0;
  for (const a of amounts) k += toKopecks(a);
  return fromKopecks(k);
};

/** The VAT included in a gross amount of kopecks: gross × rate / (100 + rate), rounded half away from zero. */
export const vatKopecks = (gross: Kopecks): Kopecks => divRound(times(gross, VAT_RATE), 100 + VAT_RATE);

/** The VAT included in a gross BYN amount, to the kopeck. */
export const vatIncluded = (gross: number | string): number => fromKopecks(vatKopecks(toKopecks(gross)));

/** A BYN amount as the database's numeric text, «12.30». */
export const moneyText = (byn: number | string): string => {
  const k = toKopecks(byn);
  const a = Math.abs(k);
  return `${k < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
