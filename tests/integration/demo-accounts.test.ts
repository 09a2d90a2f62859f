/**
 * The README's demo accounts exist and work — the one file that signs in as them (issue 23: every other
 * HTTP integration file uses its own data, tests/helpers/fixtures.ts). Read-only: each account signs in,
 * reads its profile and signs out; nothing of theirs is changed (no basket, order, address or password).
 */
import { describe, expect, it } from 'vitest';
import { IpVisitor } from '../helpers/accounts';
import { DEMO_INVITED, DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/seed';

describe("the README's demo accounts", () => {
  it.each(DEMO_USERS.filter((u) => !u.blocked).map((u) => [u.email, u] as const))('%s signs in with the published password and reads its own profile', async (email, u) => {
    const v = new IpVisitor();
    const login = await v.post('/api/authentication/', { login: email, password: DEMO_PASSWORD });
    expect(login.body.status).toBe('success');
    const { body } = await v.get('/web/profile/get/');
    expect(body.data.user).toMatchObject({ email, isContragentAdmin: u.admin });
    expect(body.data.company?.unp ?? null).toBe(u.company ? '191234563' : null);
    await v.post('/api/logout/');
  });

  it('the blocked employee is refused, in Russian', async () => {
    const blocked = DEMO_USERS.filter((u) => u.blocked);
    expect(blocked.map((u) => u.email)).toEqual(['snab@stroymontazh.by']);
    const { res, body } = await new IpVisitor().post('/api/authentication/', { login: blocked[0]!.email, password: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(body.errors[0]!.message).toMatch(/заблокирована/);
  });

  it('the invited employee without a password is sent to the first-authorization dialog', async () => {
    const { body } = await new IpVisitor().post('/api/authentication/', { login: DEMO_INVITED.email, password: DEMO_PASSWORD });
    expect(body.data).toEqual({ user_not_auth: true, email: DEMO_INVITED.email });
  });

  it("the other contractor's admin signs in and sees its one order ИН-10900", async () => {
    const v = new IpVisitor();
    expect((await v.post('/api/authentication/', { login: 'admin@elektromontazh.by', password: DEMO_PASSWORD })).body.status).toBe('success');
    const { body } = await v.get(`/web/profile/orders/${encodeURIComponent('ИН-10900')}/`);
    expect(body.data.status.id).toBe('new');
    await v.post('/api/logout/');
  });
});
