import { describe, expect, it } from 'vitest';
import { parseLine, parseQuantity, parseText } from '../../src/server/basket/match';
import { rowsToLines } from '../../src/server/basket/file';
import { limitOf, ON_ORDER_LIMIT } from '../../src/server/basket/limits';

describe('quick-order line parser', () => {
  it.each([
    ['DF333 5', 'DF333', 5],
    ['DF333\t5', 'DF333', 5],
    ['DF333;5', 'DF333', 5],
    ['"DF333";"5"', 'DF333', 5],
    ['DF333, 5', 'DF333', 5],
    ['DF333 | 5 шт.', 'DF333', 5],
    ['DF333 x 5', 'DF333', 5],
    ['DF333 × 5', 'DF333', 5],
    ['DF333 — 5 шт', 'DF333', 5],
    ['DF333: 12', 'DF333', 12],
    ['GSB 13 RE', 'GSB 13 RE', 1],
    ['DF-333', 'DF-333', 1],
    ['  df333  ', 'df333', 1],
  ])('%s → %s × %i', (text, article, quantity) => {
    expect(parseLine(text, 1)).toMatchObject({ article, quantity });
  });

  it('keeps the whole text to try as one article first ("GSB 13")', () => {
    expect(parseLine('GSB 13', 1)).toMatchObject({ article: 'GSB', quantity: 13, whole: 'GSB 13' });
  });

  it('skips blank lines and title rows, numbers lines as the user sees them', () => {
    const lines = parseText('Артикул;Количество\n\nA100;2\r\nB200 3');
    expect(lines.map((l) => [l.line, l.article, l.quantity])).toEqual([
      [3, 'A100', 2],
      [4, 'B200', 3],
    ]);
  });

  it('explains bad quantities in Russian', () => {
    expect(parseQuantity('2,5')).toBe('Количество должно быть целым числом');
    expect(parseQuantity('0')).toBe('Количество должно быть больше нуля');
    expect(parseQuantity('много')).toBe('Количество должно быть числом');
    expect(parseQuantity('1000000')).toBe('Слишком большое количество');
    expect(parseQuantity('5,0')).toBe(5);
    expect(parseQuantity('')).toBeNull();
    expect(parseLine('A100; -3', 1)).toMatchObject({ error: 'Количество должно быть больше нуля' });
  });
});

describe('spreadsheet rows', () => {
  it('uses the title row to find the columns, wherever they are', () => {
    const lines = rowsToLines([
      ['Заказ №5', null, null],
      ['Наименование', 'Кол-во', 'Артикул'],
      ['Дрель', 2, 'DB195'],
      [null, null, null],
      ['Болгарка', null, 'GWS 750'],
      ['Шуруповёрт', 1.5, 'DF333'],
    ]);
    expect(lines.map((l) => [l.line, l.article, l.quantity, l.error ?? null])).toEqual([
      [3, 'DB195', 2, null],
      [5, 'GWS 750', 1, null],
      [6, 'DF333', 1, 'Количество должно быть целым числом'],
    ]);
  });

  it('without a title row: article in A, quantity in B', () => {
    expect(rowsToLines([['A1', 3], ['B2', '4 шт']]).map((l) => [l.article, l.quantity])).toEqual([
      ['A1', 3],
      ['B2', 4],
    ]);
  });
});

describe('limits and contractor prices', () => {
  it('stock limits in-stock goods, on-order goods get the on-order cap, unsellable nothing', () => {
    expect(limitOf(12, true)).toBe(12);
    expect(limitOf(0, true)).toBe(ON_ORDER_LIMIT);
    expect(limitOf(50, false)).toBe(0);
    expect(limitOf(50, true, false)).toBe(0);
  });
});
