/**
 * Each spec's own accounts (issue 23): scripts/e2e-server.mjs writes one data set per spec that signs
 * in (src/server/seed/fixtures.ts) — a contractor company with its admin and employees, a retail
 * customer, a staff member, orders, a basket — so specs in parallel never touch each other's rows.
 * A spec takes only its own set: `const acc = accounts('checkout')`, then `acc.admin.email`…
 * (Not a spec: Playwright only runs *.spec.ts.)
 */
import { DEMO_PASSWORD } from './support';
import { fixtureSet, type FixtureSet, type FixtureSetName } from '../../src/server/seed/fixture-sets';

export type { FixtureSet, FixtureSetName };
/** Every fixture account (but the invited one, which has none yet) has the demo password. */
export const PASSWORD = DEMO_PASSWORD;

/** The data set of one spec file (one set per file: no two files share a set). */
export const accounts = (name: FixtureSetName): FixtureSet => fixtureSet(name);
