import { describe, expect, it } from 'vitest';
import { closeness, parseQuantities, propertyNumbers } from '../../src/server/search/units';
import { choosePartial } from '../../src/server/search/partial';

const q = (text: string) => parseQuantities(text).map((s) => [s.text.trim(), s.quantity.dim, Math.round(s.quantity.value * 1000) / 1000]);

describe('numbers with units', () => {
  it('reads glued and spaced units, Latin and Cyrillic, commas, fractions and diameters', () => {
    expect(q('шуруповерт 18в макита')).toEqual([['18в', 'voltage', 18]]);
    expect(q('аккумулятор 5ач 18 v')).toEqual([['5ач', 'capacity', 5], ['18 v', 'voltage', 18]]);
    expect(q('0,72 квт болгарка')).toEqual([['0,72 квт', 'power', 720]]);
    expect(q('1400w')).toEqual([['1400w', 'power', 1400]]);
    expect(q('уровень 2 м')).toEqual([['2 м', 'length', 2000]]);
    expect(q('круг d115')).toEqual([['d115', 'length', 115]]);
    expect(q('головки 1/2"')).toEqual([['1/2"', 'length', 12.7]]);
    expect(q('головки 1/2')).toEqual([['1/2', 'length', 12.7]]);
    expect(q('бетономешалка 180 литров')).toEqual([['180 литров', 'volume', 180]]);
    expect(q('аккумулятор 4000 mah')).toEqual([['4000 mah', 'capacity', 4]]);
    expect(q('болгарка 125')).toEqual([['125', null, 125]]);
    expect(q('ключ 13х17')).toEqual([['13', null, 13], ['17', null, 17]]);
  });

  it('leaves articles alone', () => {
    expect(q('HP2070 M18 27902 0601.5707 UDD-24306')).toEqual([]);
    expect(q('2 акб')).toEqual([['2', null, 2]]);
  });

  it('reads a property in its own unit, and units written inside a value', () => {
    expect(propertyNumbers('kw', 3.5, 'кВт')).toEqual([{ code: 'kw', dim: 'power', value: 3500, raw: 3.5 }]);
    expect(propertyNumbers('chuck', 'БЗП 13 мм', null)).toEqual([{ code: 'chuck', dim: 'length', value: 13, raw: 13 }]);
    expect(propertyNumbers('drive', '1/2"', null)[0]).toMatchObject({ dim: 'length', value: 12.7 });
    expect(propertyNumbers('size', '8×10', 'мм').map((n) => n.value)).toEqual([8, 10]);
    expect(propertyNumbers('engine', 2.7, 'л.с.')[0]!.value).toBeCloseTo(1985.85, 1);
  });

  it('matches within a tolerance, exact values above near ones', () => {
    expect(closeness(720, 720)).toBe(2);
    expect(closeness(2000, 1985.85)).toBe(1);
    expect(closeness(18, 20)).toBe(0);
  });
});

describe('partial matching policy', () => {
  const full = (n: number) => (1 << n) - 1;
  it('keeps the type word over an attribute, and names what it left out', () => {
    const c = choosePartial(['type', 'attr'], [{ mask: 0b01, count: 40 }, { mask: 0b10, count: 3 }])!;
    expect(c).toMatchObject({ kept: [0], ignored: [1], show: true });
  });
  it('never drops a brand the catalogue carries, but offers the rest as a suggestion', () => {
    const c = choosePartial(['type', 'brand'], [{ mask: 0b01, count: 100 }, { mask: 0b10, count: 30 }])!;
    expect(c).toMatchObject({ kept: [0], show: false, suggest: true });
  });
  it('does not answer nonsense with one attribute word', () => {
    const c = choosePartial(['attr', 'attr'], [{ mask: 0b10, count: 5 }])!;
    expect(c.show).toBe(false);
    expect(c.suggest).toBe(false);
    expect(choosePartial(['type'], [{ mask: full(1), count: 1 }])).toBeNull();
  });
});
