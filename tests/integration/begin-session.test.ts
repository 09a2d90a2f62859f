/**
 * beginSession() (src/server/auth/begin-session.ts) over HTTP: every way of signing in — the
 * registration code, the first authorization of an employee a company admin added, the password,
 * a restore code — adopts the guest's basket into the account and stamps last_login_at, which the
 * admin's users list shows as «Последний вход».
 *
 * The file builds its own company on the shared server (a business registration with a random
 * УНП: its registrant is the admin) and its own employee without a password, so no demo account
 * is touched. The steps run in order and share that company: each sign-in's last login must be
 * later than the one before it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IpVisitor, nextCodeTo, nextMessageTo, uniqueEmail } from '../helpers/accounts';
import { solveCaptcha } from '../helpers/captcha';
import { ADD, LIST } from '../helpers/company-server';
import { Visitor } from '../helpers/http';
import { unpCheckDigit } from '../../src/server/accounts/unp';

const PASSWORD = 'Begin2026pass';
const FIRST_PASSWORD = 'First2026pass';
const RESTORED_PASSWORD = 'Again2026pass';

/** A valid УНП no other test uses (region 1–7, eight digits, the check digit). */
function randomUnp(): string {
  for (;;) {
    const firstEight = `${1 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const digit = unpCheckDigit(firstEight);
    if (digit !== null) return `${firstEight}${digit}`;
  }
}

let product: number;

/** A guest (own loopback address) with one product in the basket. */
async function guestWithBasket(): Promise<IpVisitor> {
  const v = new IpVisitor();
  const added = await v.post('/api/basket/add/', { product });
  expect(added.body.status, JSON.stringify(added.body.errors)).toBe('success');
  expect(v.cookies.get('guest')).toBeTruthy();
  expect((await v.get('/api/header/')).body.data.basket).toEqual([product]);
  return v;
}

/** After a sign-in: the guest cookie was cleared and the basket the visitor sees is the account's, with the guest's item. */
async function expectBasketAdopted(v: IpVisitor, signIn: Response): Promise<void> {
  // Astro deletes a cookie as `guest=deleted; Expires=<1970>`.
  expect(signIn.headers.getSetCookie().find((c) => c.startsWith('guest='))).toMatch(/Expires=Thu, 01 Jan 1970/i);
  v.cookies.delete('guest');
  expect(signIn.headers.getSetCookie().some((c) => c.startsWith('instr.session_token='))).toBe(true);
  expect((await v.get('/api/header/')).body.data.basket).toEqual([product]);
  const rows = (await v.get('/web/basket/products/')).body.data.grid.row;
  expect(rows.map((r: { product_id: number }) => r.product_id)).toEqual([product]);
}

/** A user's row in the admin's users list (GET web/personal/contragent/getUsersList/). */
async function listed(admin: Visitor, email: string) {
  const { res, body } = await admin.get(`${LIST}?search=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const row = body.data.activeUsers.find((u: { email: string }) => u.email === email);
  expect(row, `${email} in the users list`).toBeTruthy();
  return row as { userId: string; lastLoginAt: string | null; invitationPending: boolean };
}

/** The «Последний вход…» line of a user's card on the admin's /personal/users/ page, as rendered. */
async function lastLoginLine(admin: Visitor, email: string): Promise<string> {
  const res = await admin.raw('/personal/users/');
  expect(res.status).toBe(200);
  const html = await res.text();
  const at = html.indexOf(`>${email}<`);
  expect(at, `${email} on /personal/users/`).toBeGreaterThan(-1);
  const line = /class="cuser__login">([\s\S]*?)<\/p>/.exec(html.slice(at))?.[1];
  expect(line).toBeDefined();
  return line!.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '').trim();
}

/** A timestamp of this step: not before `since` (1 s of slack for the two clocks' rounding), not in the future. */
function expectStampedSince(iso: string | null, since: number): number {
  expect(iso).not.toBeNull();
  const at = new Date(iso!).getTime();
  expect(at).toBeGreaterThanOrEqual(since - 1_000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
  return at;
}

const adminEmail = uniqueEmail('begin-admin');
const newcomerEmail = uniqueEmail('novichok');
let admin: IpVisitor;
let adminLogin = 0;

beforeAll(async () => {
  const hits: { id: number; canBuy: boolean }[] = (await new Visitor().get('/web/main/')).body.data.hits;
  product = hits.find((h) => h.canBuy)!.id;
  expect(product).toBeTruthy();
});

describe('beginSession: every sign-in adopts the guest basket and stamps the last login', () => {
  it('registration confirm: the new company admin is signed in with the guest basket and a last login', async () => {
    admin = await guestWithBasket();
    const sent = await admin.post('/api/registration/', {
      type: 'business', name: 'Ирина Начальная', email: adminEmail, phone: '8 029 555 40 41', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y',
      unp: randomUnp(), company_name: 'ООО «Начало сессии»', legal_address: 'г. Минск, ул. Сессионная, 1', captcha: await solveCaptcha(admin),
    });
    expect(sent.body.status, JSON.stringify(sent.body.errors)).toBe('success');
    const since = Date.now();
    const confirmed = await admin.post('/api/registration/confirm/', { email: adminEmail, code: await nextCodeTo(adminEmail) });
    expect(confirmed.body.status, JSON.stringify(confirmed.body.errors)).toBe('success');
    expect(confirmed.body.data.company).toMatchObject({ name: 'ООО «Начало сессии»', admin: true });
    await expectBasketAdopted(admin, confirmed.res);
    const me = await listed(admin, adminEmail);
    adminLogin = expectStampedSince(me.lastLoginAt, since);
  });

  it('first authorization: novichok, added by the admin without a password, sets one with a code — the admin sees his last login', async () => {
    const added = await admin.post(ADD, { name: 'Новичок Первов', email: newcomerEmail, position: 'Кладовщик', permissions: ['place_orders'] });
    expect(added.body.status, JSON.stringify(added.body.errors)).toBe('success');
    expect(added.body.data.user).toMatchObject({ invitationPending: true, lastLoginAt: null });
    expect((await nextMessageTo(newcomerEmail)).subject).toContain('Приглашение в личный кабинет компании ООО «Начало сессии»');
    expect(await lastLoginLine(admin, newcomerEmail)).toBe('Приглашён(а), пароль ещё не задан');

    const v = await guestWithBasket();
    const first = await v.post('/api/authentication/', { login: newcomerEmail, password: 'Anything2026' });
    expect(first.res.status).toBe(401);
    expect(first.body.data).toEqual({ user_not_auth: true, email: newcomerEmail });
    expect((await v.post('/api/sendVerifyCode/', { email: newcomerEmail, event: 'PASSWORD_CHANGE_VERIFY' })).body.status).toBe('success');
    const code = await nextCodeTo(newcomerEmail);
    const since = Date.now();
    const set = await v.post('/api/password/restore/', { email: newcomerEmail, code, password: FIRST_PASSWORD, confirm_password: FIRST_PASSWORD });
    expect(set.body.status, JSON.stringify(set.body.errors)).toBe('success');
    expect((await v.get('/web/profile/get/')).body.data.user.email).toBe(newcomerEmail);
    await expectBasketAdopted(v, set.res);

    const row = await listed(admin, newcomerEmail);
    expect(row.invitationPending).toBe(false);
    expectStampedSince(row.lastLoginAt, since);
    const line = await lastLoginLine(admin, newcomerEmail);
    expect(line).toMatch(/^Последний вход: .*\d{2}:\d{2}/);
    expect(line).not.toContain('ещё не входил');
  });

  it('password login: the guest basket is adopted and the last login moves on', async () => {
    const v = await guestWithBasket();
    const since = Date.now();
    const login = await v.post('/api/authentication/', { login: adminEmail, password: PASSWORD });
    expect(login.body.status, JSON.stringify(login.body.errors)).toBe('success');
    await expectBasketAdopted(v, login.res);
    const at = expectStampedSince((await listed(v, adminEmail)).lastLoginAt, since);
    expect(at).toBeGreaterThan(adminLogin);
    adminLogin = at;
  });

  it('password restore: the guest basket is adopted and the last login moves on', async () => {
    const v = await guestWithBasket();
    expect((await v.post('/api/sendVerifyCode/', { email: adminEmail, event: 'PASSWORD_CHANGE_VERIFY' })).body.status).toBe('success');
    const code = await nextCodeTo(adminEmail);
    const since = Date.now();
    const restored = await v.post('/api/password/restore/', { email: adminEmail, code, password: RESTORED_PASSWORD, confirm_password: RESTORED_PASSWORD });
    expect(restored.body.status, JSON.stringify(restored.body.errors)).toBe('success');
    await expectBasketAdopted(v, restored.res);
    const at = expectStampedSince((await listed(v, adminEmail)).lastLoginAt, since);
    expect(at).toBeGreaterThan(adminLogin);
  });
});
