/**
 * Each HTTP integration file's own data (issue 23): the global setup (./server.ts) writes one set per
 * file into the shared server's database before the server starts — a contractor company with its admin,
 * employees (`employee` orders and manages exports, `supply` has a 500 BYN limit and pays by invoice,
 * `blocked`, `invited` without a password, `storekeeper` sees orders but may not order), a retail
 * customer, a staff member, delivery addresses, an order history in every status, a request, an export
 * list, a notification and the admin's basket (src/server/seed/fixtures.ts, the e2e sets' writer).
 * A file takes only its own set: `const acc = fixture('orders-http')`, then `acc.admin.email`… Files
 * with a server of their own (./own-server.ts) write theirs in `prepare` with `writeFixture(db, acc)`.
 * Every person (but the invited one) has the demo password, hashed by better-auth as the demo seed does.
 */
import type { Db } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { integrationSet, type FixtureSet, type IntegrationSetName } from '../../src/server/seed/fixture-sets';

export type { FixtureSet, IntegrationSetName };
/** Every fixture account (but the invited one, which has none yet) has the demo password. */
export const PASSWORD = DEMO_PASSWORD;

/** The data set of one test file (one set per file: no two files share a set). */
export const fixture = (name: IntegrationSetName): FixtureSet => integrationSet(name);

/**
 * Writes sets into a database of the file's own (before its own server starts on it). The writer is loaded
 * here, not at the top: most files only name their set, and the seed's module graph took seconds per file.
 */
export const writeFixture = async (db: Db, ...sets: FixtureSet[]): Promise<void> => (await import('../../src/server/seed/fixtures')).seedFixtures(db, sets);
