/**
 * The e2e data sets (issue 23) written after the demo seed: each set's people sign in with the demo
 * password (the invited one has none), its named orders are in their statuses, its admin's basket
 * holds one item gone out of sale, and no row of one set belongs to another's company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { createTestDb, type TestDb } from '../helpers/db';
import { queryRows } from '../../src/server/db/rows';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { seedFixtures } from '../../src/server/seed/fixtures';
import { FIXTURE_SETS, fixtureSet } from '../../src/server/seed/fixture-sets';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await seedFixtures(db.db);
}, 120_000);
afterAll(async () => db?.drop());

describe('e2e fixtures', () => {
  it('writes every set: people with the demo password, the invited one without, a blocked one, a staff member', async () => {
    for (const name of FIXTURE_SETS) {
      const set = fixtureSet(name);
      const rows = await queryRows<{ email: string; blocked: boolean; is_staff: boolean; company: string | null; password: string | null }>(
        db.db,
        sql`SELECT u.email, u.blocked, u.is_staff, c.name AS company, a.password FROM users u LEFT JOIN companies c ON c.id = u.company_id LEFT JOIN accounts a ON a.user_id = u.id WHERE u.email LIKE ${`%@${set.domain}`} ORDER BY u.email`,
      );
      expect(rows.map((r) => r.email).sort()).toEqual([set.admin, set.employee, set.supply, set.blocked, set.invited, set.storekeeper, set.retail, set.staff, set.editor, set.director].map((p) => p.email).sort());
      const by = new Map(rows.map((r) => [r.email, r]));
      expect(by.get(set.invited.email)!.password).toBeNull();
      expect(by.get(set.blocked.email)!.blocked).toBe(true);
      expect(by.get(set.staff.email)!.is_staff).toBe(true);
      expect(by.get(set.director.email)!.is_staff).toBe(true);
      expect(by.get(set.retail.email)!.company).toBeNull();
      expect(by.get(set.admin.email)!.company).toBe(set.company.name);
      if (name === FIXTURE_SETS[0]) expect(await verifyPassword({ hash: by.get(set.admin.email)!.password!, password: DEMO_PASSWORD })).toBe(true);
    }
  });

  it('holds the named orders in their statuses, each in its own set', async () => {
    for (const name of FIXTURE_SETS) {
      const set = fixtureSet(name);
      const [picking] = await queryRows<{ status: string; email: string; branch_id: number | null }>(db.db, sql`SELECT o.status, u.email, o.branch_id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.number = ${set.orders.retailPicking}`);
      expect(picking).toEqual({ status: 'picking', email: set.retail.email, branch_id: 2 });
      const [done] = await queryRows<{ status: string; email: string; lines: number }>(db.db, sql`SELECT o.status, u.email, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS lines FROM orders o JOIN users u ON u.id = o.user_id WHERE o.number = ${set.orders.adminDone}`);
      expect(done).toMatchObject({ status: 'done', email: set.admin.email });
      expect(done!.lines).toBeGreaterThan(0);
    }
  });

  it("fills each admin's basket with buyable items and one gone out of sale", async () => {
    for (const name of FIXTURE_SETS) {
      const [row] = await queryRows<{ buyable: number; gone: number }>(
        db.db,
        sql`SELECT count(*) FILTER (WHERE p.can_buy)::int AS buyable, count(*) FILTER (WHERE NOT p.can_buy)::int AS gone FROM basket_items i JOIN baskets b ON b.id = i.basket_id JOIN products p ON p.id = i.product_id WHERE b.owner_key = ${`u:${fixtureSet(name).admin.id}`}`,
      );
      expect(row!.gone).toBe(1);
      expect(row!.buyable).toBeGreaterThan(1);
    }
  });
});
