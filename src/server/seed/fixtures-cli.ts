/**
 * `node --import tsx src/server/seed/fixtures-cli.ts`: writes the e2e data sets (./fixtures.ts) into
 * the database of DATA_DIR (PGlite) or DATABASE_URL, after the demo seed. scripts/e2e-server.mjs runs
 * it before the server starts; the server must not be running on the same PGlite directory.
 */
import { openDatabase } from '../db/client';
import { FIXTURE_SETS } from './fixture-sets';
import { seedFixtures } from './fixtures';
import { config } from '../config';

if (config().NODE_ENV === 'production') {
  console.error('e2e fixtures: refused under NODE_ENV=production');
  process.exit(1);
}
const started = Date.now();
const handle = await openDatabase({ databaseUrl: config().DATABASE_URL || undefined, statementTimeoutMs: 0, lockTimeoutMs: 0 });
await seedFixtures(handle.db);
if (handle.kind === 'pglite') await handle.db.execute('CHECKPOINT' as never);
await handle.close();
console.log(`e2e fixtures: ${FIXTURE_SETS.length} sets (${FIXTURE_SETS.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
