import { describe, expect, it } from 'vitest';
import { formatPrice, normalizeArticle, plural, slugify, translit } from '../../src/server/lib/text';

describe('text helpers', () => {
  it('transliterates Russian into URL-safe Latin', () => {
    expect(translit('Дрель ударная')).toBe('drel udarnaya');
    expect(slugify('Шуруповёрт Bosch GSR 12V-15 (2 АКБ)')).toBe('shurupovert-bosch-gsr-12v-15-2-akb');
    expect(slugify('  --Щётка—  ')).toBe('shchetka');
  });

  it('normalises articles typed with spaces, dashes and dots', () => {
    expect(normalizeArticle('0.601.1a2-020')).toBe('06011A2020');
    expect(normalizeArticle('hp 1630 k')).toBe('HP1630K');
  });

  it('formats BYN prices the Belarusian way', () => {
    expect(formatPrice(1234.5)).toBe('1 234,50 р.');
    expect(formatPrice('0.9')).toBe('0,90 р.');
  });

  it('chooses the Russian plural form', () => {
    const forms: [string, string, string] = ['товар', 'товара', 'товаров'];
    expect([1, 2, 5, 11, 21, 22, 25, 111].map((n) => plural(n, forms))).toEqual(['товар', 'товара', 'товаров', 'товаров', 'товар', 'товара', 'товаров', 'товаров']);
  });
});
