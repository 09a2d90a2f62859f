import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, productDescription } from '../../src/server/catalog/seo';

const product = (name: string, guarantee = true) => ({ name, article: 'DCD2323-QW', price: 1234.5, canBuy: true, stock: 3, guaranteeInfo: guarantee ? { years: 3 } : null }) as Parameters<typeof productDescription>[0];

describe('a product’s meta description (issue 30: some ran past 160 characters)', () => {
  it('says everything when it fits', () => {
    const d = productDescription(product('Дрель Bosch GSB 13'));
    expect(d).toContain('самовывоз из филиалов, гарантия 3 года.');
    expect(d.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });

  it('drops the least telling clauses first for a long name, and always keeps name, article, price and availability', () => {
    const name = 'Угловая шлифмашина (болгарка) аккумуляторная бесщёточная Makita DGA513Z 125 мм';
    const d = productDescription(product(name));
    expect(d.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(d).toContain(name);
    expect(d).toContain('арт. DCD2323-QW');
    expect(d).toMatch(/1\s?234,50/);
    expect(d).toContain('В наличии');
  });

  it('cuts a name too long for even the short form at a word, with «…»', () => {
    const d = productDescription(product('Набор '.repeat(40).trim()));
    expect(d.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(d.endsWith('…')).toBe(true);
    expect(d).not.toMatch(/\s…$/);
  });
});
