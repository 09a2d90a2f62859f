import { describe, expect, it } from 'vitest';
import { discountKopecks, divRound, lineSum, moneyText, sumMoney, toKopecks, vatIncluded } from '../../src/server/lib/money';
import { totalsOf } from '../../src/server/checkout/state';

describe('money in kopecks', () => {
  it('reads BYN amounts as whole kopecks, numbers and numeric text alike', () => {
    expect(toKopecks(0.35)).toBe(35);
    expect(toKopecks('1234.56')).toBe(123456);
    expect(toKopecks(9_999_999_999.99)).toBe(999_999_999_999);
    expect(toKopecks(-0.07)).toBe(-7);
  });

  it('divides rounding half away from zero, like numeric round()', () => {
    expect(divRound(315, 10)).toBe(32);
    expect(divRound(314, 10)).toBe(31);
    expect(divRound(-315, 10)).toBe(-32);
    expect(divRound(-314, 10)).toBe(-31);
    expect(divRound(5, 10)).toBe(1);
    expect(divRound(0, 7)).toBe(0);
    // Beyond 2^53 the integers are bigints: 999,999,999,999 kopecks at 0.01 % off.
    expect(discountKopecks(999_999_999_999, 0.01)).toBe(999_899_999_999);
    expect(divRound(9n * 10n ** 16n + 15n, 10)).toBe(9_000_000_000_000_002); // 9e15 + 1.5
  });

  it('discounts, multiplies, adds and takes VAT without float drift', () => {
    expect(discountKopecks(35, 10)).toBe(32);
    expect(discountKopecks(35, '10.00')).toBe(32);
    expect(lineSum(0.1, 3)).toBe(0.3); // 0.1 * 3 = 0.30000000000000004 in doubles
    expect(lineSum('19.99', 7)).toBe(139.93);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(vatIncluded(0.03)).toBe(0.01); // 0.5 kopeck of VAT rounds up
    expect(vatIncluded(120)).toBe(20);
    expect(vatIncluded(1.01)).toBe(0.17); // 16.83 kopecks
    expect(moneyText(0.3)).toBe('0.30');
    expect(moneyText(1234.5)).toBe('1234.50');
    expect(moneyText(-0.07)).toBe('-0.07');
  });

  it('totals a checkout in kopecks: lines, goods, discount, delivery, total and its VAT', () => {
    const t = totalsOf([{ base_price: 0.35, price: 0.32, quantity: 3 }, { base_price: 0.1, price: 0.1, quantity: 3 }], 15);
    expect(t).toEqual({ positions: 2, quantity: 6, base_sum: 1.35, discount_sum: 0.09, sum: 1.26, delivery_price: 15, total: 16.26, vat: 2.71 });
  });
});
