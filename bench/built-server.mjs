/**
 * The built server (`npm run build` first) on 127.0.0.1:`port` with a fresh DATA_DIR (PGlite unless `env`
 * names a DATABASE_URL), for the benchmarks that time it from outside. Resolves once it says «Store ready»;
 * the returned function stops it and removes its data.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function startBuiltServer({ port, name, products = 600, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: String(products), SITE_URL: base, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const until = Date.now() + 180_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
