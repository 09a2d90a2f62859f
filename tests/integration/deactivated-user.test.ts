/**
 * Issue 10: "may act" is one rule (`!blocked && active`) for login, session resolution and every
 * call. A user whose `active` becomes false while signed in is refused at the next call with error
 * 101, by cookie and by the spec's `token` header alike; another user's session is untouched.
 *
 * No call sets `active` (blocking sets `blocked` and deletes the sessions, which would hide a
 * session check that ignores `active`), so the test writes the row itself: live on PostgreSQL;
 * on PGlite (single process) with the server stopped, then started again on the same data.
 */
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Visitor } from '../helpers/http';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { startNode, type AppNode } from '../helpers/node';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';

/** The file's own data set (tests/helpers/fixtures.ts), written into its own server's database. */
const acc = fixture('deactivated-user');
const DEACTIVATED = acc.employee.email;
const BYSTANDER = acc.retail.email;

let srv: OwnServer;
let restarted: AppNode | null = null;
let base: string;
/** The two sessions, opened before the change. */
const cookies = new Map<string, Map<string, string>>();
const tokens = new Map<string, string>();

/** A visitor of the running server carrying `email`'s session cookie from before the change. */
function sessionOf(email: string): Visitor {
  const v = new Visitor(base);
  v.cookies = new Map(cookies.get(email));
  return v;
}

async function deactivate(email: string) {
  if (srv.databaseUrl) {
    const c = new pg.Client({ connectionString: srv.databaseUrl });
    await c.connect();
    await c.query('UPDATE users SET active = false WHERE email = $1', [email]);
    await c.end();
    return;
  }
  await srv.stop({ keepData: true });
  const handle = await openDatabase({ dataDir: path.join(srv.dataDir, 'pglite') });
  try {
    await handle.db.update(users).set({ active: false }).where(eq(users.email, email));
  } finally {
    await handle.close();
  }
  restarted = await startNode({ DATA_DIR: srv.dataDir, DATABASE_URL: '', SEED_ON_START: '0' });
  base = restarted.base;
}

beforeAll(async () => {
  srv = await startOwnServer({ prepare: (db) => writeFixture(db, acc) });
  base = srv.base;
  for (const email of [DEACTIVATED, BYSTANDER]) {
    const v = new Visitor(base);
    const r = await v.post('/api/authentication/', { login: email, password: PASSWORD });
    expect(r.body.status, email).toBe('success');
    cookies.set(email, v.cookies);
    tokens.set(email, r.body.data.token);
    // The session works before the change: what follows is about `active`, not a broken session.
    expect((await v.get('/web/profile/get/')).res.status, email).toBe(200);
  }
  await deactivate(DEACTIVATED);
}, 240_000);

afterAll(async () => {
  await restarted?.stop();
  await srv?.stop();
});

describe('a user deactivated while signed in', () => {
  it('is refused at the next call with error 101 (cookie session)', async () => {
    const { res, body } = await sessionOf(DEACTIVATED).get('/web/profile/get/');
    expect(res.status).toBe(401);
    expect(body.errors[0]).toMatchObject({ code: 101 });
    expect(body.errors[0].message).toMatch(/[а-яё]/i);
  });

  it('is refused with error 101 when the session comes as the spec’s `token` header', async () => {
    const res = await fetch(`${base}/web/profile/get/`, { headers: { token: tokens.get(DEACTIVATED)! } });
    expect(res.status).toBe(401);
    expect((await res.json()).errors[0].code).toBe(101);
  });

  it('gets no personal page: /personal/summary/ sends to the login page', async () => {
    const res = await sessionOf(DEACTIVATED).raw('/personal/summary/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/login\//);
  });

  it('cannot sign in again with the right password (403 in Russian)', async () => {
    const { res, body } = await new Visitor(base).post('/api/authentication/', { login: DEACTIVATED, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(body.errors[0].message).toMatch(/[а-яё]/i);
  });

  it('another user’s session opened at the same time still works', async () => {
    const { res, body } = await sessionOf(BYSTANDER).get('/web/profile/get/');
    expect(res.status).toBe(200);
    expect(JSON.stringify(body.data)).toContain(BYSTANDER);
  });
});
