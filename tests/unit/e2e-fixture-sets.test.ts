/** The tests' data sets (issue 23), e2e and integration alike, never share a name, an e-mail, a УНП or an order number. */
import { describe, expect, it } from 'vitest';
import { FIXTURE_SETS, fixtureSet, INTEGRATION_SETS, integrationSet } from '../../src/server/seed/fixture-sets';
import { DEMO_USERS, DEMO_INVITED } from '../../src/server/seed/seed';
import { unpProblem } from '../../src/server/accounts/unp';

describe('e2e and integration fixture sets', () => {
  const sets = [...FIXTURE_SETS.map(fixtureSet), ...INTEGRATION_SETS.map(integrationSet)];
  const people = sets.flatMap((s) => [s.admin, s.employee, s.supply, s.blocked, s.invited, s.storekeeper, s.retail, s.staff]);

  it('gives every person a unique id and e-mail, none of them a demo account', () => {
    expect(new Set(people.map((p) => p.id)).size).toBe(people.length);
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length);
    const demo = new Set<string>([...DEMO_USERS.map((u) => u.email), DEMO_INVITED.email, 'admin@elektromontazh.by']);
    expect(people.filter((p) => demo.has(p.email))).toEqual([]);
    expect(fixtureSet('checkout').admin.email).toBe('admin@e2e-checkout.by');
    expect(integrationSet('orders-http').admin.email).toBe('admin@it-orders-http.by');
  });

  it('gives every company a valid УНП of its own, not the demo companies’', () => {
    const unps = sets.map((s) => s.company.unp);
    expect(unps.map(unpProblem)).toEqual(unps.map(() => null));
    expect(new Set([...unps, '191234563', '291876543']).size).toBe(unps.length + 2);
  });

  it('numbers orders below the site’s own (ИН-20001…) and above the demo’s, never twice', () => {
    const named = sets.flatMap((s) => [s.orders.retailPicking, s.orders.adminDone]);
    expect(new Set(named).size).toBe(named.length);
    for (const n of named) {
      expect(Number(n.slice(3))).toBeGreaterThanOrEqual(11_000);
      expect(Number(n.slice(3))).toBeLessThan(20_001);
    }
  });

  it('refuses a set it does not know', () => {
    expect(() => fixtureSet('nope' as never)).toThrow(/unknown e2e fixture set/);
    expect(() => integrationSet('nope' as never)).toThrow(/unknown integration fixture set/);
  });
});
