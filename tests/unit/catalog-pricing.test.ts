import { describe, expect, it } from 'vitest';
import { discounted, ListPriceNotLoaded, makePricing, percentShown, personalPrice, preparePrices } from '../../src/server/catalog/pricing';
import type { SectionNode, SectionTree } from '../../src/server/catalog/sections';

function tree(): SectionTree {
  const node = (id: number, parentId: number | null, depth: number): SectionNode => ({ id, code: `s${id}`, name: `S${id}`, depth, url: `/catalog/s${id}/`, productCount: 1, icon: null, description: null, banner: null, parentId, children: [] });
  const nodes = [node(1, null, 1), node(2, 1, 2), node(3, 2, 3), node(4, null, 1), node(5, 4, 2), node(6, 5, 3)];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const n of nodes) if (n.parentId) byId.get(n.parentId)!.children.push(n);
  return { roots: nodes.filter((n) => !n.parentId), byId, byCode: new Map(nodes.map((n) => [n.code, n])) };
}

describe("the contractor's own price", () => {
  const pricing = makePricing(1, 'ООО «Тест»', 7, [
    { brandId: 10, sectionId: null, percent: '12.00' },
    { brandId: null, sectionId: 1, percent: '8.00' },
  ], tree());

  it('takes the best applicable discount: general, brand, or any section above the product', () => {
    expect(pricing.percentFor(99, 6)).toBe(7); // only the company's general percent
    expect(pricing.percentFor(99, 3)).toBe(8); // section 3 lies under section 1 (8 %)
    expect(pricing.percentFor(10, 3)).toBe(12); // the brand's 12 % beats the section's 8 %
    expect(pricing.percentFor(10, 999)).toBe(12); // unknown section: no section percent
  });

  it('knows its largest percent (a listing bounds the retail price of a contract price filter with it)', () => {
    expect(pricing.maxPercent).toBe(12);
    expect(makePricing(2, 'ООО «Другая»', 5, [], tree()).maxPercent).toBe(5);
    expect(makePricing(3, 'ООО «Третья»', 5, [{ brandId: null, sectionId: 4, percent: '150' }], tree()).maxPercent).toBe(100);
  });

  it('rounds to kopecks', () => {
    expect(discounted(224.9, 7)).toBe(209.16);
    expect(discounted(0.05, 12)).toBe(0.04);
    expect(discounted(100, 0)).toBe(100);
  });

  it('rounds half a kopeck away from zero, as the SQL of the listings does (float arithmetic said 0.31 here)', () => {
    // 0.35 × 90 = 31.5 kopecks exactly; in doubles 0.35 * 90 = 31.499999999999996.
    expect(discounted(0.35, 10)).toBe(0.32);
    expect(discounted(1.15, 10)).toBe(1.04); // 103.5 kopecks
    expect(discounted(0.05, 12.5)).toBe(0.04); // 4.375 kopecks
    expect(discounted(99999.99, 0.01)).toBe(99989.99); // 9,998,999.000 1 kopecks
    expect(discounted(12.34, 100)).toBe(0);
  });

  it('prices for the viewer: null for guests and retail customers, the company terms otherwise', () => {
    const item = { id: 1, price: 100, brandId: 10, sectionId: 3 };
    expect(personalPrice(null, item)).toBeNull();
    expect(personalPrice(pricing, item)).toBe(88);
  });

  it('a price list wins where the product has a list price, even above the discount; else the discount; an unloaded product is refused', async () => {
    const asked: number[][] = [];
    const listed = makePricing(4, 'ООО «Прайс»', 7, [{ brandId: 10, sectionId: null, percent: '12' }], tree(), {
      priceTypeId: 3,
      read: async (ids) => {
        asked.push([...ids]);
        return new Map([[1, 9_500], [2, 20_000]]);
      },
    });
    expect(() => personalPrice(listed, { id: 1, price: 100, brandId: 10, sectionId: 3 })).toThrow(ListPriceNotLoaded);
    await preparePrices(listed, [1, 2, 3, 1]);
    await preparePrices(listed, [2, 3]); // already known: no second read
    expect(asked).toEqual([[1, 2, 3]]);
    expect(personalPrice(listed, { id: 1, price: 100, brandId: 10, sectionId: 3 })).toBe(95); // 95 > 88 (12 %): the contract wins
    expect(personalPrice(listed, { id: 2, price: 150, brandId: 99, sectionId: 6 })).toBe(200); // even above retail
    expect(personalPrice(listed, { id: 3, price: 100, brandId: 10, sectionId: 3 })).toBe(88); // no list price: the discount
    expect(percentShown(listed, { id: 1, price: 100, brandId: 10, sectionId: 3 })).toBe(5);
    expect(percentShown(listed, { id: 2, price: 150, brandId: 99, sectionId: 6 })).toBe(0);
    expect(percentShown(listed, { id: 3, price: 100, brandId: 10, sectionId: 3 })).toBe(12);
    // Guests, retail users and companies without a price type never read list prices.
    await preparePrices(null, [1]);
    await preparePrices(pricing, [1]);
    expect(pricing.listPrices.size).toBe(0);
  });
});
