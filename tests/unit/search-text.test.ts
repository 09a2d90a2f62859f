import { describe, expect, it } from 'vitest';
import { allowedEdits, articleCandidates, belarusianLayout, chunks, cleanQuery, cyrillicToLatin, editDistance, fold, latinToCyrillic, MAX_QUERY_LENGTH, otherLayout, shortTypoOk, words } from '../../src/server/search/text';

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
    // Issue 17: short words get one (under a stricter rule), two from six letters.
    expect([2, 3, 4, 5, 6, 7].map(allowedEdits)).toEqual([0, 1, 1, 1, 2, 2]);
  });

  it('allows a typo in a 3–4 letter word only as a neighbouring key, a swap or a doubled key', () => {
    expect(shortTypoOk('дмск', 'диск')).toBe(true);
    expect(shortTypoOk('дкис', 'диск')).toBe(false);
    expect(shortTypoOk('бурр', 'бур')).toBe(true);
    expect(shortTypoOk('круш', 'круг')).toBe(true);
    expect(shortTypoOk('зуб', 'зубр')).toBe(false);
    expect(shortTypoOk('крг', 'круг')).toBe(true);
    expect(shortTypoOk('жиск', 'диск')).toBe(false);
  });

  it('folds Belarusian letters and Latin look-alikes inside Cyrillic words', () => {
    expect(fold('Піла')).toBe('пила');
    expect(fold('ўзровень')).toBe('узровень');
    expect(fold('пiла дрeль')).toBe('пила дрель');
    expect(fold('makita')).toBe('makita');
    expect(otherLayout('іўыср')).toBe('bosch');
    expect(belarusianLayout('ophjdtym')).toBe('узровень');
  });

  it('folds article look-alikes both ways and reads a transliterated prefix', () => {
    expect(articleCandidates('МХ18477')).toContain('MX18477');
    expect(articleCandidates('KТ15749K')).toContain('KT15749K');
    expect(articleCandidates('ZD7202X')).toContain('ЗД7202X');
  });
});

describe('words that are names of an object’s insides', () => {
  it('«constructor», «__proto__», «toString» are plain words to the Belarusian dictionary (a 500 before)', async () => {
    const { fromBelarusian } = await import('../../src/server/search/belarusian');
    for (const w of ['constructor', '__proto__', 'tostring', 'hasownproperty', 'valueof']) expect(fromBelarusian(w)).toBeNull();
  });
});
