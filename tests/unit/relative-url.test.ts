import { describe, expect, it } from 'vitest';
import { relativeTo } from '../../src/lib/relative-url';

const resolve = (from: string, rel: string) => { const u = new URL(rel, `http://x${from}`); return u.pathname + u.search + u.hash; };

describe('relative links of a listing', () => {
  const base = '/catalog/elektroinstrument/dreli/dreli-udarnye/';
  const cases: [string, string][] = [
    [base, `${base}filter/brand-is-makita/apply/#filters`],
    [base, `${base}?sort=price_asc`],
    [base, `${base}#filters`],
    [base, base],
    [`${base}filter/brand-is-makita/apply/`, `${base}filter/brand-is-makita-or-bosch/apply/#filters`],
    [`${base}filter/brand-is-makita/apply/`, `${base}#filters`],
    [`${base}filter/brand-is-makita/price-from-10-to-20/apply/`, `${base}filter/price-from-10-to-20/apply/?page=2`],
    [base, '/catalog/'],
    [base, '/basket/'],
  ];
  it('resolves exactly to the absolute target, and is never longer', () => {
    for (const [from, target] of cases) {
      const rel = relativeTo(from, target);
      expect(resolve(from, rel), `${from} → ${target} as ${rel}`).toBe(target);
      expect(rel.length).toBeLessThanOrEqual(target.length);
    }
    expect(relativeTo(base, `${base}filter/brand-is-makita/apply/#filters`)).toBe('filter/brand-is-makita/apply/#filters');
    expect(relativeTo(base, `${base}?sort=price_asc`)).toBe('?sort=price_asc');
  });
});
