/**
 * «Акции для вас» explain why with what a promotion's products share with what someone bought
 * (content/refs.ts refsTouching). The reach of a reference set is read once per node and kept until the
 * change log reports a catalogue or content change (forgetRefReach): same answer as reading the products
 * each time, and a change is seen once it is forgotten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { brands, products, sections } from '../../src/server/db/schema';
import { forgetRefReach, refsCondition, refsTouching, type ProductRefs } from '../../src/server/content/refs';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ products: 300 });
});
afterAll(async () => {
  forgetRefReach();
  await t?.drop();
});

/** What the products say right now, read directly: the names shared with what was bought, in Russian name order. */
async function direct(refs: ProductRefs, bought: { sectionIds: number[]; brandIds: number[] }) {
  const where = refsCondition(t.db, refs)!;
  const sectionNames = await t.db
    .selectDistinct({ name: sections.name })
    .from(products)
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(eq(products.active, true), where, inArray(products.sectionId, bought.sectionIds)));
  const brandNames = await t.db
    .selectDistinct({ name: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.active, true), where, inArray(products.brandId, bought.brandIds)));
  const first3 = (rows: { name: string }[]) => rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'ru')).slice(0, 3);
  return { sections: first3(sectionNames), brands: first3(brandNames) };
}

describe('refsTouching', () => {
  it('names the sections and brands a promotion shares with what was bought, as the products say, and follows a change once forgotten', async () => {
    const [root] = await t.db.select({ id: sections.id, code: sections.code }).from(sections).where(isNull(sections.parentId)).orderBy(sections.id).limit(1);
    const [outside] = await t.db.select({ article: products.article, sectionId: products.sectionId, brandId: products.brandId }).from(products).orderBy(sql`${products.id} DESC`).limit(1);
    const refs: ProductRefs = { sections: [root!.code], articles: [outside!.article], limit: 12 };
    const inTree = await t.db
      .select({ sectionId: products.sectionId, brandId: products.brandId })
      .from(products)
      .where(and(eq(products.active, true), refsCondition(t.db, { sections: [root!.code], articles: [], limit: 12 })!));
    expect(inTree.length).toBeGreaterThan(3);
    const allSections = (await t.db.select({ id: sections.id }).from(sections)).map((r) => r.id);
    const allBrands = (await t.db.select({ id: brands.id }).from(brands)).map((r) => r.id);
    const bought = { sectionIds: [...new Set([...inTree.map((r) => r.sectionId), outside!.sectionId])].slice(0, 6), brandIds: allBrands.slice(0, 5) };

    const want = await direct(refs, bought);
    expect(want.sections.length).toBeGreaterThan(0);
    expect(want.brands.length).toBeGreaterThan(0);
    expect(await refsTouching(t.db, refs, bought)).toEqual(want);
    // Bought from everywhere: only what the references reach counts; bought nothing: nothing to say.
    expect(await refsTouching(t.db, refs, { sectionIds: allSections, brandIds: allBrands })).toEqual(await direct(refs, { sectionIds: allSections, brandIds: allBrands }));
    expect(await refsTouching(t.db, refs, { sectionIds: [], brandIds: [] })).toEqual({ sections: [], brands: [] });

    // The first section named goes out of sale: kept until the change log's follower forgets, then gone.
    const gone = (await t.db.select({ id: sections.id }).from(sections).where(eq(sections.name, want.sections[0]!)))[0]!.id;
    await t.db.update(products).set({ active: false }).where(eq(products.sectionId, gone));
    expect(await refsTouching(t.db, refs, bought)).toEqual(want);
    forgetRefReach();
    const after = await refsTouching(t.db, refs, bought);
    expect(after.sections).not.toContain(want.sections[0]);
    expect(after).toEqual(await direct(refs, bought));
  });
});
