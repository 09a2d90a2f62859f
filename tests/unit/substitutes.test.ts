/** The substitute's closeness (orders/substitutes.ts propertyDistance, issue 30): pure, no database. */
import { describe, expect, it } from 'vitest';
import { propertyDistance } from '../../src/server/orders/substitutes';

const defs = [
  { code: 'power', kind: 'number' as const },
  { code: 'chuck', kind: 'enum' as const },
];

describe('propertyDistance', () => {
  it('is 0 for the same key properties, whatever else differs', () => {
    expect(propertyDistance({ power: 800, chuck: 'БЗП', color: 'синий' }, { power: '800', chuck: 'бзп ', color: 'зелёный' }, defs)).toBe(0);
  });

  it('weighs a numeric property by its relative difference, an enum by equality', () => {
    expect(propertyDistance({ power: 800, chuck: 'БЗП' }, { power: 1000, chuck: 'БЗП' }, defs)).toBeCloseTo(0.2, 10);
    expect(propertyDistance({ power: 800, chuck: 'БЗП' }, { power: 800, chuck: 'ключевой' }, defs)).toBe(1);
    expect(propertyDistance({ power: 800 }, { power: 820 }, defs)).toBeLessThan(propertyDistance({ power: 800 }, { power: 1000 }, defs));
  });

  it('counts a property only one of them has as far as it gets, one neither has as nothing', () => {
    expect(propertyDistance({ power: 800 }, {}, defs)).toBe(1);
    expect(propertyDistance({}, {}, defs)).toBe(0);
    expect(propertyDistance({ power: 0 }, { power: 0 }, defs)).toBe(0);
    expect(propertyDistance({ power: 'много' }, { power: 'много' }, defs)).toBe(0);
  });
});
