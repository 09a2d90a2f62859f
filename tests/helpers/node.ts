/** Starts one more app node (the built server) for a test, e.g. a second node on the same PostgreSQL database. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
