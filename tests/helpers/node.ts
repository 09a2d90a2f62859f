/** Starts one more app node (the built server) for a test, e.g. a second node on the same PostgreSQL database. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/client';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type AppNode = { base: string; log: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null>; pid: number };

export async function startNode(env: NodeJS.ProcessEnv = {}): Promise<AppNode> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'store-node-'));
  const child = spawn(process.execPath, ['scripts/server.mjs'], { env: { ...process.env, SEED_PRODUCTS: '600', ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}` }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`node did not start:\n${log}`)), 120_000);
    const check = setInterval(() => {
      if (log.includes('Store ready')) {
        clearTimeout(t);
        clearInterval(check);
        resolve();
      }
      if (child.exitCode !== null) {
        clearTimeout(t);
        clearInterval(check);
        reject(new Error(`node exited:\n${log}`));
      }
    }, 100);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    log: () => log,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Two app nodes on one fresh PostgreSQL database: A seeds it (`products`), `prepare` writes what the test needs
 * (fixtures, rows) once A is up, then B starts on the same data without seeding. `stop` ends both and drops it.
 */
export async function twoNodesOnFreshDatabase(adminUrl: string, prepare: (db: Db) => Promise<void>, products = 200): Promise<{ a: AppNode; b: AppNode; url: string; stop: () => Promise<void> }> {
  // Imported here, not at the top: most files that start a node never open a database of their own.
  const { createEmptyDatabase } = await import('./db');
  const { openDatabase } = await import('../../src/server/db/client');
  const created = await createEmptyDatabase(adminUrl);
  const a = await startNode({ DATABASE_URL: created.url, SEED_PRODUCTS: String(products) });
  const handle = await openDatabase({ databaseUrl: created.url });
  try {
    await prepare(handle.db);
  } finally {
    await handle.close();
  }
  const b = await startNode({ DATABASE_URL: created.url, SEED_ON_START: '0' });
  return {
    a,
    b,
    /** The nodes' database, for a test that writes as another program would (1C, a manager's SQL). */
    url: created.url,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await created.drop();
    },
  };
}

/** Polls `check` every 50 ms until it holds; how long that took (ms), or an error past `ms`. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}
