/**
 * `node --import tsx src/server/seed/fixtures-cli.ts [--integration]`: writes the tests' data sets
 * (./fixtures.ts) into the database of DATA_DIR (PGlite) or DATABASE_URL, after the demo seed — the e2e
 * sets (scripts/e2e-server.mjs), or with `--integration` the HTTP integration files' sets (the vitest
 * global setup, tests/helpers/server.ts). Either runs it before the server starts; the server must not
 * be running on the same PGlite directory.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { FIXTURE_SETS, fixtureSet, INTEGRATION_SETS, integrationSet } from './fixture-sets';
import { seedFixtures } from './fixtures';
import { config } from '../config';

if (config().NODE_ENV === 'production') {
  console.error('test fixtures: refused under NODE_ENV=production');
  process.exit(1);
}
const { values } = parseArgs({ options: { integration: { type: 'boolean', default: false } } });
const names: readonly string[] = values.integration ? INTEGRATION_SETS : FIXTURE_SETS;
const sets = values.integration ? INTEGRATION_SETS.map(integrationSet) : FIXTURE_SETS.map(fixtureSet);
const started = Date.now();
const handle = await openDatabase({ databaseUrl: config().DATABASE_URL || undefined, statementTimeoutMs: 0, lockTimeoutMs: 0 });
await seedFixtures(handle.db, sets);
if (handle.kind === 'pglite') await handle.db.execute('CHECKPOINT' as never);
await handle.close();
console.log(`${values.integration ? 'integration' : 'e2e'} fixtures: ${names.length} sets (${names.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
