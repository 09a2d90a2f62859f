import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import * as t from '../../src/server/db/schema';
import { createTestDb, dbKind, type TestDb } from '../helpers/db';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty, resetDatabase } from '../../src/server/seed/seed';
import { loadSectionTree, sectionPath } from '../../src/server/catalog/sections';
import { headerData } from '../../src/server/header/header';
import { homeData } from '../../src/server/content/home';

let h: TestDb;
beforeAll(async () => {
  h = await createTestDb({ products: 2000 });
});
afterAll(() => h?.drop());

const n = async (table: any) => (await h.db.select({ n: count() }).from(table))[0]!.n;

describe(`demo data on ${dbKind()}`, () => {
  it('writes the full demo catalogue', async () => {
    expect(await n(t.products)).toBe(2000);
    expect(await n(t.sections)).toBeGreaterThanOrEqual(60);
    expect(await n(t.brands)).toBeGreaterThanOrEqual(25);
    expect(await n(t.branches)).toBeGreaterThanOrEqual(6);
    expect(await n(t.shops)).toBeGreaterThanOrEqual(30);
    expect(await n(t.stocks)).toBeGreaterThan(2000);
    expect(await n(t.orders)).toBeGreaterThan(9);
  });

  it('counts products through the whole section subtree', async () => {
    const tree = await loadSectionTree(h.db);
    const total = tree.roots.reduce((s, r) => s + r.productCount, 0);
    expect(total).toBe(2000);
    const leaf = tree.byCode.get('dreli-udarnye')!;
    expect(sectionPath(tree, leaf).map((s) => s.code)).toEqual(['elektroinstrument', 'dreli', 'dreli-udarnye']);
    expect(leaf.url).toBe('/catalog/elektroinstrument/dreli/dreli-udarnye/');
    expect(leaf.productCount).toBeGreaterThan(0);
  });

  it('stores demo passwords hashed by better-auth', async () => {
    for (const u of DEMO_USERS) {
      const [acc] = await h.db.select().from(t.accounts).where(eq(t.accounts.userId, u.id));
      expect(acc!.password).not.toContain(DEMO_PASSWORD);
      expect(await verifyPassword({ hash: acc!.password!, password: DEMO_PASSWORD })).toBe(true);
      expect(await verifyPassword({ hash: acc!.password!, password: 'wrong-password-1' })).toBe(false);
    }
    const [blocked] = await h.db.select().from(t.users).where(eq(t.users.id, 'demo-blocked'));
    expect(blocked!.blocked).toBe(true);
    const [admin] = await h.db.select().from(t.users).where(eq(t.users.id, 'demo-admin'));
    expect(admin!.isContragentAdmin).toBe(true);
  });

  it('serves home data from the database', async () => {
    // Promotions come from the Markdown collection (astro:content exists only inside Astro): content.test.ts checks them over HTTP.
    const home = await homeData(h.db, null, { promotions: async () => [] });
    expect(home.sections.length).toBe(8);
    expect(home.hits.length).toBe(8);
    expect(home.hits.every((p) => p.url === `/${p.code}/` && p.price > 0)).toBe(true);
    expect(home.novelties.length).toBeGreaterThan(0);
    expect(home.brands.length).toBeGreaterThanOrEqual(24);
    // A novelty taken out of sale leaves the home page's «Новинки» rather than showing «Нет в продаже».
    const gone = home.novelties[0]!;
    await h.db.update(t.products).set({ canBuy: false }).where(eq(t.products.id, gone.id));
    try {
      const after = (await homeData(h.db, null, { promotions: async () => [] })).novelties;
      expect(after.map((p) => p.id)).not.toContain(gone.id);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((p) => p.canBuy)).toBe(true);
    } finally {
      await h.db.update(t.products).set({ canBuy: true }).where(eq(t.products.id, gone.id));
    }
  });

  it('answers the header for a new visitor and for a visitor with lists', async () => {
    expect(await headerData(h.db, null, null)).toEqual({ basket: [], compare: [], favorites: [], user: null });
    const owner = 'g:00000000-0000-4000-8000-000000000001';
    const [basket] = await h.db.insert(t.baskets).values({ ownerKey: owner }).returning();
    await h.db.insert(t.basketItems).values([{ basketId: basket!.id, productId: 5, quantity: 2 }]);
    await h.db.insert(t.favorites).values([{ ownerKey: owner, productId: 7 }]);
    const data = await headerData(h.db, owner, null);
    expect(data).toEqual({ basket: [5], compare: [], favorites: [7], user: null });
    // Another visitor sees none of it.
    expect((await headerData(h.db, 'g:00000000-0000-4000-8000-000000000002', null)).basket).toEqual([]);
  });

  it('tells a seeded database from an empty one, and resets cleanly', async () => {
    expect(await isEmpty(h.db)).toBe(false);
    await resetDatabase(h.db);
    expect(await isEmpty(h.db)).toBe(true);
    expect(await n(t.products)).toBe(0);
    expect(await n(t.users)).toBe(0);
  });
});
