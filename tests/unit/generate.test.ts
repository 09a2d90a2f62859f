import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/server/seed/generate';
import { normalizeArticle } from '../../src/server/lib/text';

describe('demo catalogue generator', () => {
  const cat = generateCatalog({ products: 2000 });

  it('is deterministic', () => {
    const again = generateCatalog({ products: 2000 });
    expect(again.products.map((p) => `${p.code}|${p.price}|${JSON.stringify(p.properties)}`)).toEqual(cat.products.map((p) => `${p.code}|${p.price}|${JSON.stringify(p.properties)}`));
    expect(again.stocks).toEqual(cat.stocks);
  });

  it('makes exactly the requested number of products with unique codes and articles', () => {
    expect(cat.products).toHaveLength(2000);
    expect(new Set(cat.products.map((p) => p.code)).size).toBe(2000);
    expect(new Set(cat.products.map((p) => normalizeArticle(p.article))).size).toBe(2000);
    expect(generateCatalog({ products: 137 }).products).toHaveLength(137);
  });

  it('builds a three-level tree of at least 60 sections, products only in leaves', () => {
    expect(cat.sections.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cat.sections.map((s) => s.depth))).toEqual(new Set([1, 2, 3]));
    const leafIds = new Set(cat.sections.filter((s) => s.depth === 3).map((s) => s.id));
    expect(cat.products.every((p) => leafIds.has(p.sectionId))).toBe(true);
    expect(cat.sections.find((s) => s.code === 'dreli-udarnye')?.name).toBe('Дрели ударные');
  });

  it('gives products their section properties, BYN prices and sane flags', () => {
    const drill = cat.products.find((p) => p.name.startsWith('Дрель ударная'))!;
    expect(Object.keys(drill.properties)).toEqual(expect.arrayContaining(['power', 'chuck', 'weight']));
    for (const p of cat.products) {
      expect(Number(p.price)).toBeGreaterThan(0);
      if (p.oldPrice) expect(Number(p.oldPrice)).toBeGreaterThan(Number(p.price));
    }
    expect(cat.products.some((p) => p.isHit)).toBe(true);
    expect(cat.products.some((p) => p.isNew)).toBe(true);
    expect(cat.products.some((p) => !p.canBuy)).toBe(true);
    expect(new Set(cat.products.map((p) => p.guarantee))).toEqual(new Set([null, '1', '3', '3big']));
  });

  it('has at least 25 brands, 6 branches and 30 shops, online and offline', () => {
    expect(cat.brands.length).toBeGreaterThanOrEqual(25);
    expect(cat.branches.length).toBeGreaterThanOrEqual(6);
    expect(cat.shops.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cat.shops.map((s) => s.kind))).toEqual(new Set(['online', 'offline']));
  });

  it('links tools to consumables from the right sections', () => {
    const grinderSection = cat.sections.find((s) => s.code === 'ushm-bolgarki')!.id;
    const discSections = new Set(cat.sections.filter((s) => ['krugi-otreznye', 'krugi-zachistnye', 'almaznye-diski'].includes(s.code)).map((s) => s.id));
    const grinder = cat.products.find((p) => p.sectionId === grinderSection)!;
    const links = cat.expendables.filter((e) => e.productId === grinder.id);
    expect(links.length).toBeGreaterThan(0);
    const byId = new Map(cat.products.map((p) => [p.id, p]));
    expect(links.every((l) => discSections.has(byId.get(l.materialId)!.sectionId))).toBe(true);
  });
});
