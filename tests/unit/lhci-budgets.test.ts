import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withinMedianBudgets } from '../../scripts/lhci-budgets.mjs';

/** The real config: the early stop of scripts/lhci.mjs must read the same budgets `lhci assert` does. */
const rc = JSON.parse(fs.readFileSync('lighthouserc.json', 'utf8'));
const matrix = rc.ci.assert.assertMatrix;
const run = (performance: number, tbt: number) => ({ categories: { performance: { score: performance }, accessibility: { score: 1 } }, audits: { 'total-blocking-time': { numericValue: tbt } } });

describe('a Lighthouse run within a page’s median budgets (the early stop of scripts/lhci.mjs)', () => {
  it('a budgeted guest page and a signed-in page: performance ≥ 0.95 and TBT ≤ 150 ms, both', () => {
    for (const url of [rc.ci.collect.url[0], rc.signedIn.urls[5]]) {
      expect(withinMedianBudgets(matrix, url, run(0.99, 40))).toBe(true);
      expect(withinMedianBudgets(matrix, url, run(1, 150))).toBe(true);
      expect(withinMedianBudgets(matrix, url, run(1, 151))).toBe(false);
      expect(withinMedianBudgets(matrix, url, run(0.94, 0))).toBe(false);
    }
  });
  it('a run without the numbers is not within; a page with no median budget never stops early', () => {
    expect(withinMedianBudgets(matrix, rc.ci.collect.url[0], { categories: {}, audits: {} })).toBe(false);
    expect(withinMedianBudgets(matrix, rc.contentUrls[0], run(1, 0))).toBe(false);
    expect(withinMedianBudgets(matrix, 'http://127.0.0.1:4399/not-budgeted/', run(1, 0))).toBe(false);
  });
});
