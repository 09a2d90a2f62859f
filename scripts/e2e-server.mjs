// Starts the built server for e2e tests on a fresh PGlite directory: the demo seed, then the specs' own
// data sets (src/server/seed/fixtures.ts — PGlite is one process, so they are written before the server
// opens it), then the server. E2E_DATA_DIR gives a second server its own directory; E2E_KEEP_SEEDED and
// E2E_SEEDED_FROM let a later server start from a copy of this one's seeded directory (below).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const dir = path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e');
fs.rmSync(dir, { recursive: true, force: true });
const env = { ...process.env, PORT: process.env.PORT ?? '4399', HOST: process.env.HOST ?? '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '' };
// `npm test` seeds once for e2e and Lighthouse: e2e's server keeps a copy of its freshly seeded directory
// (E2E_KEEP_SEEDED), taken before the server opens it, and Lighthouse's starts from that copy (E2E_SEEDED_FROM).
const seeded = process.env.E2E_SEEDED_FROM && path.resolve(process.env.E2E_SEEDED_FROM);
if (seeded && fs.existsSync(seeded)) {
  fs.cpSync(seeded, dir, { recursive: true });
  console.log(`e2e-server: the demo and the e2e sets copied from ${path.relative(process.cwd(), seeded)}`);
} else {
  for (const script of ['src/server/seed/cli.ts', 'src/server/seed/fixtures-cli.ts']) {
    const done = spawnSync(process.execPath, ['--import', 'tsx', script, ...(script.endsWith('/cli.ts') ? ['--if-empty'] : [])], { stdio: 'inherit', env });
    if (done.status !== 0) {
      console.error(`e2e-server: ${script} failed`);
      process.exit(1);
    }
  }
  if (process.env.E2E_KEEP_SEEDED) {
    const keep = path.resolve(process.env.E2E_KEEP_SEEDED);
    fs.rmSync(keep, { recursive: true, force: true });
    fs.cpSync(dir, keep, { recursive: true });
  }
}
// Seeded above: the server's own start-up seed has nothing to do.
const child = spawn(process.execPath, ['scripts/server.mjs'], { stdio: 'inherit', env: { ...env, SEED_ON_START: '0' } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
