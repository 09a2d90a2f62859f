import { describe, expect, it } from 'vitest';
import { isValidUnp, normalizeUnp, unpCheckDigit, unpProblem } from '../../src/server/accounts/unp';
import { fieldName } from '../../src/i18n';

describe('УНП check digit (weights 29, 23, 19, 17, 13, 7, 5, 3; modulo 11)', () => {
  // Organisations' numbers as they appear in public registers, one per region (1–7).
  const real = ['100217336', '101541947', '190658169', '191453533', '192345153', '200019773', '290380347', '400051902', '490127567', '500037201', '591705582', '690314863', '791022114'];

  it.each(real)('accepts %s', (unp) => {
    expect(unpProblem(unp)).toBeNull();
    expect(isValidUnp(unp)).toBe(true);
  });

  it('computes the digit by hand for 19123456 → 3 (the demo company is 191234563)', () => {
    // 1·29 + 9·23 + 1·19 + 2·17 + 3·13 + 4·7 + 5·5 + 6·3 = 399 = 36·11 + 3
    expect(unpCheckDigit('19123456')).toBe(3);
    expect(isValidUnp('191234563')).toBe(true);
    expect(unpProblem('191234567')).toBe('check_digit');
  });

  it('refuses every other last digit of a valid number', () => {
    for (const unp of real) for (let d = 0; d <= 9; d++) if (String(d) !== unp[8]) expect(unpProblem(unp.slice(0, 8) + d)).toBe('check_digit');
  });

  it('never accepts a number whose remainder is 10', () => {
    // 71195368: 7·29+1·23+1·19+9·17+5·13+3·7+6·5+8·3 = 538 = 48·11 + 10
    expect(unpCheckDigit('71195368')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(unpProblem(`71195368${d}`)).toBe('check_digit');
  });

  it('tells format and region problems apart', () => {
    expect(unpProblem('19123456')).toBe('format');
    expect(unpProblem('1912345630')).toBe('format');
    expect(unpProblem('MA1953684')).toBe('format');
    expect(unpProblem('991705588')).toBe('region');
    expect(unpProblem('091705588')).toBe('region');
  });

  it('normalizes what people type', () => {
    expect(normalizeUnp(' УНП 191 234-563 ')).toBe('191234563');
    expect(normalizeUnp('UNP: 191234563')).toBe('191234563');
    expect(isValidUnp('УНП 591 705 582')).toBe(true);
  });
});

describe('field names in messages', () => {
  it('an item of a list of values is named by its list', () => {
    expect(fieldName('checkboxes.3')).toBe('Статусы для уведомлений');
    expect(fieldName('unp')).toBe('УНП');
    expect(fieldName('nothing.0')).toBe('nothing.0');
  });
});
