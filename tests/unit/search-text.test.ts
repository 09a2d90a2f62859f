import { describe, expect, it } from 'vitest';
import { allowedEdits, articleCandidates, chunks, cleanQuery, cyrillicToLatin, editDistance, latinToCyrillic, MAX_QUERY_LENGTH, otherLayout, words } from '../../src/server/search/text';

describe('search text helpers', () => {
  it('cleans control characters, zero-width marks and extra spaces, and caps the length', () => {
    expect(cleanQuery('\u0000 дрель\u200b\u0007  bosch \n')).toBe('дрель bosch');
    expect(cleanQuery('ａｂｃ')).toBe('abc');
    expect(cleanQuery('я'.repeat(10_000))).toHaveLength(MAX_QUERY_LENGTH);
    expect(cleanQuery('\u0000\u0001')).toBe('');
  });

  it('splits chunks on punctuation no layout maps to a letter, and folds ё', () => {
    expect(chunks('дрель-миксер / bosch')).toEqual(['дрель', 'миксер', 'bosch']);
    expect(chunks(',jkufhrf')).toEqual([',jkufhrf']);
    expect(words('Шуруповёрт 2,5')).toEqual(['шуруповерт', '2', '5']);
  });

  it('reads a chunk in the other keyboard layout, letters-only chunks only', () => {
    expect(otherLayout('lhtkm')).toBe('дрель');
    expect(otherLayout('ьфлшеф')).toBe('makita');
    expect(otherLayout(',jkufhrf')).toBe('болгарка');
    expect(otherLayout('GSB1234')).toBeNull();
    expect(otherLayout('12,5')).toBeNull();
  });

  it('transliterates both ways', () => {
    expect(latinToCyrillic('drel')).toBe('дрел');
    expect(latinToCyrillic('makita')).toBe('макита');
    expect(latinToCyrillic('shurupovert')).toBe('шуруповерт');
    expect(latinToCyrillic('дрель')).toBeNull();
    expect(cyrillicToLatin('макита')).toBe('makita');
    expect(cyrillicToLatin('bosch')).toBeNull();
  });

  it('offers article candidates with and without separators, in either layout', () => {
    expect(articleCandidates('GSB 1234 K')).toEqual(expect.arrayContaining(['GSB1234K', '1234', '1234K']));
    expect(articleCandidates('0601.5707.BL')).toContain('06015707BL');
    expect(articleCandidates('PL7202X')).toContain('ЗД7202X');
    expect(articleCandidates('зд-7202-x')).toContain('ЗД7202X');
    expect(articleCandidates('дрель bosch')).toEqual([]);
  });

  it('counts typos with transpositions and allows more of them in longer words', () => {
    expect(editDistance('дрелб', 'дрель')).toBe(1);
    expect(editDistance('перфоратр', 'перфоратор')).toBe(1);
    expect(editDistance('макиат', 'макита')).toBe(1);
    expect(editDistance('бетономешлка', 'бетономешалка')).toBe(1);
    expect(editDistance('кот', 'перфоратор', 2)).toBe(3);
    expect([3, 4, 6, 7].map(allowedEdits)).toEqual([0, 1, 1, 2]);
  });
});
