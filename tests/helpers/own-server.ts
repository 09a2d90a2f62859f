/**
 * A test file's own built server, for what the suite's shared server cannot give: rows written
 * into the database before it starts (PGlite is single-process, so a test cannot write into the
 * shared server's database while it runs), or environment of its own (a CRM webhook URL).
 * The database is seeded, `prepare` adds the file's rows, then the server starts on it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/db/client';
import { createSeededDatabase } from './db';

export type OwnServer = { base: string; dataDir: string; /** '' on PGlite (then the database is DATA_DIR/pglite). */ databaseUrl: string; log: () => string; /** `keepData`: stop the process but leave its data for the test to read. */ stop: (opts?: { keepData?: boolean }) => Promise<void> };

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

export async function startOwnServer(opts: { products?: number; prepare?: (db: Db, dataDir: string) => Promise<void>; env?: Record<string, string> } = {}): Promise<OwnServer> {
  if (!fs.existsSync('dist/server/entry.mjs')) throw new Error('dist/ is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-own-'));
  let databaseUrl = '';
  let drop = async () => {};
  const products = opts.products ?? 120;
  if (process.env.DATABASE_URL) {
    const created = await createSeededDatabase(process.env.DATABASE_URL, products);
    databaseUrl = created.url;
    drop = created.drop;
  }
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  try {
    if (!databaseUrl) await (await import('../../src/server/seed/seed')).seedDatabase(handle.db, { products });
    await opts.prepare?.(handle.db, dataDir);
  } finally {
    await handle.close();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SITE_URL: base, SEED_ON_START: '0', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}\n${log}`);
    if (Date.now() > until) {
      child.kill();
      throw new Error(`own server did not start\n${log}`);
    }
    try {
      if ((await fetch(`${base}/api/header/`)).status < 500) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    dataDir,
    databaseUrl,
    log: () => log,
    stop: async (opts = {}) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (opts.keepData) return;
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
