/** Issue 24: 1C property values with units become numbers of the section's property (facets, range filters). */
import { describe, expect, it } from 'vitest';
import { numberWithUnit, splitUnit, toNumber } from '../../src/server/exchange/catalog';

describe('1C values with units', () => {
  it('reads numbers with a unit word after them', () => {
    expect(numberWithUnit('1500 Вт')).toEqual({ value: 1500, unit: 'Вт' });
    expect(numberWithUnit('2,5 кг')).toEqual({ value: 2.5, unit: 'кг' });
    expect(numberWithUnit('1 200')).toEqual({ value: 1200, unit: null });
    expect(numberWithUnit('18')).toEqual({ value: 18, unit: null });
    expect(numberWithUnit('230 В.')).toEqual({ value: 230, unit: 'В' });
  });
  it('leaves text that is not one number alone', () => {
    expect(numberWithUnit('18 В, 2 АКБ')).toBeNull();
    expect(numberWithUnit('SDS-plus')).toBeNull();
    expect(numberWithUnit('')).toBeNull();
  });
  it('splits a unit off a property name', () => {
    expect(splitUnit('Мощность, Вт')).toEqual({ name: 'Мощность', unit: 'Вт' });
    expect(splitUnit('Вес (кг)')).toEqual({ name: 'Вес', unit: 'кг' });
    expect(splitUnit('Тип патрона')).toEqual({ name: 'Тип патрона', unit: null });
  });
  it('reads 1C decimals with a comma and spaces', () => {
    expect(toNumber('1 234,56')).toBe(1234.56);
    expect(toNumber('12a')).toBeNull();
  });
});
