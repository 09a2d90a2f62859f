/**
 * Issue 22: seeding is only ever a demo action. A staging database with real users but no catalogue
 * yet used to be wiped by a restart (the start-up seed looked at `sections` only, then TRUNCATEd
 * every table), and `npm run seed` wiped whatever DATABASE_URL named without asking. Now the start-up
 * seed fills only a database holding nothing but what migrations write, and the CLI refuses without
 * `--reset` and always under NODE_ENV=production.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as t from '../../src/server/db/schema';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { rowsNotFromMigrations } from '../../src/server/seed/seed';
import { createEmptyDatabase, createTestDb, dbKind } from '../helpers/db';
import { startNode } from '../helpers/node';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A fresh, migrated, unseeded database of this run's kind: where a server or the CLI would find it. */
async function freshStore(): Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<DbHandle> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-seed-guard-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (process.env.DATABASE_URL) {
    const created = await createEmptyDatabase(process.env.DATABASE_URL);
    databaseUrl = created.url;
    cleanups.push(created.drop);
  }
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, open };
}

async function counts(open: () => Promise<DbHandle>) {
  const h = await open();
  try {
    const n = async (table: any) => (await h.db.select({ n: count() }).from(table))[0]!.n;
    return { users: await n(t.users), sections: await n(t.sections), products: await n(t.products), staging: (await h.db.select().from(t.users).where(eq(t.users.id, 'staging-1'))).length };
  } finally {
    await h.close();
  }
}

function seedCli(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, ['scripts/seed.mjs', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe(`start-up seeding and the seed CLI on ${dbKind()}`, () => {
  it('knows a freshly migrated database from one that holds anybody\'s rows', async () => {
    const h = await createTestDb({ seed: false });
    cleanups.push(() => h.drop());
    expect(await rowsNotFromMigrations(h.db)).toEqual([]);
    await h.db.insert(t.users).values({ id: 'staging-1', name: 'Настоящий Клиент', email: 'real@staging.by' });
    expect(await rowsNotFromMigrations(h.db)).toEqual(['users']);
  });

  it('a node starting on a database with a user but no catalogue does not seed it, and says why', async () => {
    const store = await freshStore();
    const h = await store.open();
    await h.db.insert(t.users).values({ id: 'staging-1', name: 'Настоящий Клиент', email: 'real@staging.by' });
    await h.close();
    const node = await startNode({ ...store.env, SEED_ON_START: '1', NODE_ENV: '' });
    const log = node.log();
    await node.stop();
    expect(log).toContain('seed: демо-данные не записаны — в базе уже есть данные (users)');
    expect(log).not.toMatch(/seed: \d+ товаров за/);
    expect(await counts(store.open)).toEqual({ users: 1, sections: 0, products: 0, staging: 1 });
  }, 180_000);

  it('the CLI refuses without --reset and under NODE_ENV=production; with --reset it wipes and seeds', async () => {
    const store = await freshStore();
    const h = await store.open();
    await h.db.insert(t.users).values({ id: 'staging-1', name: 'Настоящий Клиент', email: 'real@staging.by' });
    await h.close();

    const bare = seedCli(['--products', '100'], { ...store.env, NODE_ENV: '' });
    expect(bare.status).not.toBe(0);
    expect(bare.out).toContain('--reset');
    expect(bare.out.trim().split('\n')).toHaveLength(1);

    // A flag it does not know, or one without its value: one Russian line, no stack trace, nothing written.
    for (const args of [['--bogus'], ['--reset', '--products']]) {
      const bad = seedCli(args, { ...store.env, NODE_ENV: '' });
      expect(bad.status, args.join(' ')).toBe(2);
      expect(bad.out, args.join(' ')).toContain('непонятные аргументы');
      expect(bad.out.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }

    for (const args of [['--reset', '--products', '100'], ['--if-empty'], []]) {
      const prod = seedCli(args, { ...store.env, NODE_ENV: 'production' });
      expect(prod.status, args.join(' ')).not.toBe(0);
      expect(prod.out, args.join(' ')).toContain('NODE_ENV=production');
    }
    expect(await counts(store.open)).toEqual({ users: 1, sections: 0, products: 0, staging: 1 });

    // Said explicitly, outside production: the database is reset and the demo written.
    const reset = seedCli(['--reset', '--products', '100'], { ...store.env, NODE_ENV: '' });
    expect(reset.status, reset.out).toBe(0);
    const after = await counts(store.open);
    expect(after.staging).toBe(0);
    expect(after.products).toBe(100);
    expect(after.sections).toBeGreaterThan(0);
  }, 240_000);
});
