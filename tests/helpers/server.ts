/**
 * Vitest global setup for HTTP tests: on a fresh database (a temporary PGlite directory, or a new
 * PostgreSQL database when DATABASE_URL is set) writes the demo seed, then every integration file's own
 * data set (src/server/seed/fixtures-cli.ts --integration; tests/helpers/fixtures.ts names them), then
 * starts the built server (dist/) on a free port and hands its base URL to the tests. PGlite is one
 * process: nothing can be written once the server holds it, so the sets are written before it starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createEmptyDatabase, TEMPLATE_PREFIX } from './db';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync('dist/server/entry.mjs')) throw new Error('dist/ is missing: run `npm run build` first');
  // scripts/test.mjs's embedded leg runs only files that start servers of their own: seeding the shared one on PGlite
  // there cost a minute of both cores for nothing. `base()` (helpers/http.ts) then refuses to be called.
  if (process.env.TEST_SHARED_SERVER === '0') {
    for (const key of ['baseUrl', 'dataDir', 'databaseUrl', 'templatePrefix'] as const) project.provide(key, '');
    return;
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-it-'));
  let drop = async () => {};
  let dropTemplates = async () => {};
  // This run's seeded templates (tests/helpers/db.ts createSeededDatabase): named with the run's start, so a run
  // that died before its teardown leaves templates the next run can tell are stale.
  const templatePrefix = `${TEMPLATE_PREFIX}${Date.now().toString(36)}_${process.pid}_`;
  project.provide('templatePrefix', process.env.DATABASE_URL ? templatePrefix : '');
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const dropMatching = async (keep: (name: string) => boolean) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEMPLATE_PREFIX}%`]);
        for (const { datname } of rows) if (!keep(datname)) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    };
    const DAY = 86_400_000;
    // Other runs may share this server (a second checkout's suite): only templates a day old are theirs no more.
    await dropMatching((name) => Date.now() - parseInt(name.slice(TEMPLATE_PREFIX.length).split('_')[0] ?? '', 36) < DAY);
    dropTemplates = () => dropMatching((name) => !name.startsWith(templatePrefix));
  }
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: '600', SITE_URL: `http://127.0.0.1:${port}` };
  delete env.DATABASE_URL;
  if (process.env.DATABASE_URL) {
    const created = await createEmptyDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
  for (const [script, args] of [['src/server/seed/cli.ts', ['--if-empty']], ['src/server/seed/fixtures-cli.ts', ['--integration']]] as const) {
    const done = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { env, encoding: 'utf8' });
    if (done.status !== 0) {
      await drop();
      throw new Error(`${script} failed (${done.status}):\n${done.stdout}\n${done.stderr}`);
    }
    if (process.env.SHOW_SERVER_LOG) console.log(done.stdout.trim());
  }
  // Seeded above: the server's own start-up seed has nothing to do.
  const child = spawn(process.execPath, ['scripts/server.mjs'], { env: { ...env, SEED_ON_START: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/header/`, child, 120_000);
  } catch (e) {
    child.kill();
    throw new Error(`${(e as Error).message}\n${log}`);
  }
  project.provide('baseUrl', base);
  // Tests read what the server wrote there, e.g. the mail outbox of the public forms.
  project.provide('dataDir', dataDir);
  // Tests that start a second app node on the same PostgreSQL database need its address ('' on PGlite).
  project.provide('databaseUrl', env.DATABASE_URL ?? '');
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await drop();
    await dropTemplates();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.SHOW_SERVER_LOG) console.log(log);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseUrl: string;
    /** PostgreSQL: the name prefix of this run's seeded templates ('' on PGlite). */
    templatePrefix: string;
  }
}
