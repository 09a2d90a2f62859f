/**
 * Issue 10: seeding belongs to the demo, not to the database layer. The production entry
 * (scripts/server.mjs with NODE_ENV=production, as the Dockerfile runs it) on an empty database
 * serves the store, creates no demo account (their password is published in the README) and says
 * so in its log. Production refuses to start without a real AUTH_SECRET, so the test gives it one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { Visitor } from '../helpers/http';
import { freePort } from '../helpers/own-server';
import { createEmptyDatabase } from '../helpers/db';
import { openDatabase } from '../../src/server/db/client';
import { accounts, companies, products, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-prod-empty-'));
let databaseUrl = '';
let dropDatabase = async () => {};
let child: ChildProcess;
let log = '';
let base = '';

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const created = await createEmptyDatabase(process.env.DATABASE_URL);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', AUTH_SECRET: randomBytes(48).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SITE_URL: base };
  // The defaults, as the Dockerfile leaves them: SEED_ON_START unset means "on" outside production.
  delete env.SEED_ON_START;
  delete env.CAPTCHA_SECRET;
  child = spawn(process.execPath, ['scripts/server.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const until = Date.now() + 120_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`production server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a production start on an empty database', () => {
  it('says in its log that demo data is not created, and does not run the seeder', () => {
    expect(log).toContain('Production start: demo data and demo accounts are never created.');
    expect(log).not.toMatch(/^seed:/m);
  });

  it('serves the store (the health call answers)', async () => {
    expect((await fetch(`${base}/api/header/`)).status).toBe(200);
  });

  it('refuses every demo account with the published password', async () => {
    for (const u of DEMO_USERS) {
      const { body } = await new Visitor(base).post('/api/authentication/', { login: u.email, password: DEMO_PASSWORD });
      expect(body.status, u.email).toBe('error');
      expect(body.data?.token, u.email).toBeUndefined();
    }
  });

  it('leaves no user, password, company or product row in the database', async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
    try {
      const counted = async (table: typeof users | typeof accounts | typeof companies | typeof products) => Number((await handle.db.select({ n: count() }).from(table))[0]!.n);
      expect({ users: await counted(users), accounts: await counted(accounts), companies: await counted(companies), products: await counted(products) }).toEqual({ users: 0, accounts: 0, companies: 0, products: 0 });
    } finally {
      await handle.close();
    }
  });
});
