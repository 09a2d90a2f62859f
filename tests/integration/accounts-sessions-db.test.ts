/**
 * Sessions against a real database, in process: a blocked user's existing session stops at once
 * (blocking is the company-users call's; here the row is changed directly), and endAllSessions()
 * ends every session of a user but the one it is told to keep, noting why for the browsers still
 * holding them (and only for those).
 */
import { hashSessionToken } from '../../src/server/auth/hashed-sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import * as schema from '../../src/server/db/schema';

let handle: TestDb;
let mod: {
  startSession: typeof import('../../src/server/auth/sessions').startSession;
  endAllSessions: typeof import('../../src/server/auth/sessions').endAllSessions;
  endReason: typeof import('../../src/server/auth/sessions').endReason;
  resolveSession: typeof import('../../src/server/auth/session').resolveSession;
};

const url = new URL('http://127.0.0.1/web/profile/get/');
const requestWith = (token: string) => new Request(url, { headers: { token } });

beforeAll(async () => {
  handle = await createTestDb({ products: 40 });
  // The server code reads the process-wide handle: point it (and better-auth) at this database.
  (globalThis as { __storeDb?: unknown }).__storeDb = Promise.resolve(handle);
  delete (globalThis as { __storeAuth?: unknown }).__storeAuth;
  const sessions = await import('../../src/server/auth/sessions');
  const session = await import('../../src/server/auth/session');
  mod = { startSession: sessions.startSession, endAllSessions: sessions.endAllSessions, endReason: sessions.endReason, resolveSession: session.resolveSession };
});

afterAll(async () => {
  delete (globalThis as { __storeDb?: unknown }).__storeDb;
  delete (globalThis as { __storeAuth?: unknown }).__storeAuth;
  await handle?.drop();
});

describe('sessions in the database', () => {
  it('a session is read with its user in one statement', async () => {
    const { token } = await mod.startSession('demo-foreman', true, new Headers());
    // The driver's own client (a pg pool, or PGlite) sees every statement drizzle sends, whatever builds it.
    const client = (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      sent.push(typeof first === 'string' ? first : String(first?.text));
      return original.apply(this, args);
    };
    let resolved: Awaited<ReturnType<typeof mod.resolveSession>>;
    try {
      resolved = await mod.resolveSession(requestWith(token), url);
    } finally {
      client.query = original;
    }
    expect(resolved.user?.id).toBe('demo-foreman');
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(sent[0]).toMatch(/from "sessions"/);
    expect(sent[0]).toMatch(/"users"/);
  });

  it("a blocked user's existing session stops working at the next request", async () => {
    const { token } = await mod.startSession('demo-foreman', true, new Headers());
    expect((await mod.resolveSession(requestWith(token), url)).user?.email).toBe('prorab@stroymontazh.by');
    await handle.db.update(schema.users).set({ blocked: true }).where(eq(schema.users.id, 'demo-foreman'));
    expect(await mod.resolveSession(requestWith(token), url)).toEqual({ user: null, stale: true });
    await handle.db.update(schema.users).set({ blocked: false }).where(eq(schema.users.id, 'demo-foreman'));
    expect((await mod.resolveSession(requestWith(token), url)).user?.id).toBe('demo-foreman');
  });

  it('endAllSessions ends every session of the user but the kept one, and no one else’s', async () => {
    const a = await mod.startSession('demo-retail', true, new Headers());
    const b = await mod.startSession('demo-retail', false, new Headers());
    const other = await mod.startSession('demo-admin', true, new Headers());
    const [kept] = await handle.db.select({ token: schema.sessions.token }).from(schema.sessions).where(eq(schema.sessions.token, hashSessionToken(a.token.split('.')[0]!)));
    expect(kept).toBeTruthy();
    expect(await mod.endAllSessions(handle.db, 'demo-retail', 'password', kept!.token)).toBe(1);
    expect((await mod.resolveSession(requestWith(a.token), url)).user?.id).toBe('demo-retail');
    expect((await mod.resolveSession(requestWith(b.token), url)).stale).toBe(true);
    expect(await mod.endReason(handle.db, requestWith(b.token), url)).toBe('password');
    expect(await mod.endReason(handle.db, requestWith(a.token), url)).toBeNull();
    expect(await mod.endAllSessions(handle.db, 'demo-retail', 'everywhere')).toBe(1);
    expect((await mod.resolveSession(requestWith(a.token), url)).stale).toBe(true);
    expect(await mod.endReason(handle.db, requestWith(a.token), url)).toBe('everywhere');
    // The reason travels in the cookie as well (`token.signature`, URL-encoded).
    const cookie = new Request(url, { headers: { cookie: `instr.session_token=${encodeURIComponent(a.token)}` } });
    expect(await mod.endReason(handle.db, cookie, url)).toBe('everywhere');
    expect((await mod.resolveSession(requestWith(other.token), url)).user?.id).toBe('demo-admin');
    expect(await mod.endReason(handle.db, requestWith(other.token), url)).toBeNull();
  });
});
