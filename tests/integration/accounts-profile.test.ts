/**
 * The profile calls over HTTP: GET /web/profile/get/, POST /api/profile/update/ (name; e-mail and
 * phone confirmed by a code to the NEW contact), /api/password/change/ and /code/,
 * /api/profile/sendOrderStatus/, /api/logout/. Every call: guests get 101, bad input a Russian 422.
 */
import { describe, expect, it } from 'vitest';
import { IpVisitor, markRead, messagesTo, nextCodeTo, nextMessageTo, uniqueEmail } from '../helpers/accounts';
import { solveCaptcha } from '../helpers/captcha';
import { inOneWindow } from '../helpers/clock';
import { ACCOUNT_LIMITS } from '../../src/server/auth/limits';
import { fixture, PASSWORD } from '../helpers/fixtures';
import { base } from '../helpers/http';

/** This file's own contractor admin and customer (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('accounts-profile');

async function newAccount(password = 'Start2026pass') {
  const v = new IpVisitor();
  const email = uniqueEmail('prof');
  await v.post('/api/registration/', { type: 'retail', name: 'Мария Лис', email, phone: '+375 33 700-00-01', password, confirm_password: password, agree: 'Y', captcha: await solveCaptcha(v) });
  const confirmed = await v.post('/api/registration/confirm/', { email, code: await nextCodeTo(email) });
  expect(confirmed.body.status).toBe('success');
  return { email, password, v };
}

const LONG = 'ж'.repeat(10_000);

describe('guests', () => {
  it('get error 101 from every profile call', async () => {
    const g = new IpVisitor();
    const calls: [string, 'get' | 'post'][] = [
      ['/web/profile/get/', 'get'],
      ['/api/profile/update/', 'post'],
      ['/api/password/change/', 'post'],
      ['/api/password/code/', 'post'],
      ['/api/profile/sendOrderStatus/', 'post'],
      ['/api/profile/contragent/joinRequest/', 'post'],
      ['/web/personal/contragent/joinRequests/', 'get'],
    ];
    for (const [path, method] of calls) {
      const r = method === 'get' ? await g.get(path) : await g.post(path, { name: 'x' });
      expect(r.res.status, path).toBe(401);
      expect(r.body.errors[0]!.code, path).toBe(101);
    }
  });
});

describe('GET /web/profile/get/', () => {
  it('has the user with scope and notification settings, the company, the join request', async () => {
    const admin = new IpVisitor();
    await admin.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
    const { body } = await admin.get('/web/profile/get/');
    expect(body.data.user).toMatchObject({ email: acc.admin.email, isContragentAdmin: true, send_status: 'Y', checkboxes: ['confirmed', 'ready', 'shipped', 'done', 'cancelled'] });
    expect(body.data.user.scope[0]).toBe('isContragentAdmin');
    expect(body.data.company).toEqual({ id: body.data.user.companyId, name: acc.company.name, unp: acc.company.unp, legalAddress: acc.company.legalAddress });
    expect(body.data.joinRequest).toBeNull();
  });
});

describe('POST /api/profile/update/', () => {
  it('saves the name; refuses empty, wrong types and 10,000 characters in Russian', async () => {
    const { v } = await newAccount();
    const saved = await v.post('/api/profile/update/', { name: '  Мария Лисицына ' });
    expect(saved.body.data).toEqual({ saved: ['name'], confirm: null });
    expect((await v.get('/web/profile/get/')).body.data.user.name).toBe('Мария Лисицына');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^Нечего сохранять/],
      [{ name: '' }, /^Имя: обязательное поле$/],
      [{ name: 42 }, /^Имя: /],
      [{ name: LONG }, /^Имя: не длиннее|^Имя: .*100/],
      [{ email: LONG }, /^Email: /],
      [{ phone: LONG }, /^Телефон: /],
      [{ email: 'a@b.by', phone: '+375291234567' }, /по очереди/],
      [{ email: 'a@b.by', code: 'abc' }, /^Код: /],
    ];
    for (const [body, message] of cases) {
      const r = await v.post('/api/profile/update/', body);
      expect(r.res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(r.body.errors[0]!.message).toMatch(message);
    }
  });

  it('changes the e-mail with a code sent to the NEW address; the old one is told', async () => {
    const { email, password, v } = await newAccount();
    const next = uniqueEmail('moved');
    const asked = await v.post('/api/profile/update/', { email: next });
    expect(asked.body.data).toEqual({ saved: [], confirm: { type: 'email', target: next, resendAfter: 60 } });
    const code = await nextCodeTo(next);
    expect(messagesTo(email).some((m) => /смены адреса/.test(m.subject ?? ''))).toBe(false);
    const wrong = await v.post('/api/profile/update/', { email: next, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.res.status).toBe(422);
    expect((await v.get('/web/profile/get/')).body.data.user.email).toBe(email);
    const done = await v.post('/api/profile/update/', { email: next, code });
    expect(done.body.data.saved).toEqual(['email']);
    expect((await v.get('/web/profile/get/')).body.data.user.email).toBe(next);
    const notice = await nextMessageTo(email);
    expect(notice.subject).toContain('Email вашей учётной записи изменён');
    expect((await new IpVisitor().post('/api/authentication/', { login: next, password })).res.status).toBe(200);
    expect((await new IpVisitor().post('/api/authentication/', { login: email, password })).res.status).toBe(401);
    const same = await v.post('/api/profile/update/', { email: next });
    expect(same.body.errors[0]!.message).toBe('Email: это ваш текущий email');
  });

  it("another user's e-mail gets the same answer as a free one, the owner a notice, and no code works", async () => {
    const { v } = await newAccount();
    markRead(acc.retail.email);
    const free = await v.post('/api/profile/update/', { email: uniqueEmail('free') });
    const taken = await v.post('/api/profile/update/', { email: acc.retail.email });
    expect(taken.res.status).toBe(free.res.status);
    expect(JSON.stringify(taken.body).replace(acc.retail.email, 'X')).toBe(JSON.stringify(free.body).replace(free.body.data.confirm.target, 'X'));
    const notice = await nextMessageTo(acc.retail.email);
    expect(notice.subject).toContain('Попытка привязать ваш адрес');
    expect(notice.subject).not.toMatch(/\d{6}/);
    const attempt = await v.post('/api/profile/update/', { email: acc.retail.email, code: '123456' });
    expect(attempt.res.status).toBe(422);
    expect(attempt.body.errors[0]!.field).toBe('code');
    const client = new IpVisitor();
    expect((await client.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).res.status).toBe(200);
  });

  it('changes the phone with an SMS code to the NEW number', async () => {
    const { v } = await newAccount();
    const asked = await v.post('/api/profile/update/', { phone: '8 (044) 765-43-21' });
    expect(asked.body.data.confirm).toEqual({ type: 'phone', target: '+375 44 765-43-21', resendAfter: 60 });
    const sms = await nextMessageTo('+375 44 765-43-21');
    expect(sms.kind).toBe('sms');
    const code = /(\d{6})/.exec(sms.text)![1]!;
    const again = await v.post('/api/profile/update/', { phone: '+375447654321' });
    expect(again.res.status).toBe(429);
    const done = await v.post('/api/profile/update/', { phone: '+375 44 765 43 21', code });
    expect(done.body.data.saved).toEqual(['phone']);
    expect((await v.get('/web/profile/get/')).body.data.user.phone).toBe('+375 44 765-43-21');
  });
});

describe('password change', () => {
  // Wrong current passwords count in a sliding 15-minute window: a run that straddles a window's end counts
  // its five as a hair under five, and is made again on a new account (helpers/clock.ts).
  it('with the current password: other sessions end, this one stays; a wrong one is refused and limited', async () => {
    await inOneWindow(ACCOUNT_LIMITS.passwordFailPerUser.windowSeconds, async () => {
      const { email, password, v } = await newAccount();
      const other = new IpVisitor();
      await other.post('/api/authentication/', { login: email, password });
      const wrong = await v.post('/api/password/change/', { old_password: 'Nope2026pass', password: 'Next2026pass', confirm_password: 'Next2026pass' });
      expect(wrong.res.status).toBe(422);
      expect(wrong.body.errors[0]).toMatchObject({ field: 'old_password', message: 'Текущий пароль: неверный текущий пароль' });
      const none = await v.post('/api/password/change/', { password: 'Next2026pass', confirm_password: 'Next2026pass' });
      expect(none.body.errors[0]!.message).toBe('Введите текущий пароль или код из письма');
      for (const body of [{}, { old_password: 5, password: [], confirm_password: {} }, { old_password: LONG, password: LONG, confirm_password: LONG }]) {
        const r = await v.post('/api/password/change/', body);
        expect(r.res.status).toBe(422);
        expect(r.body.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
      }
      const ok = await v.post('/api/password/change/', { old_password: password, password: 'Next2026pass', confirm_password: 'Next2026pass' });
      expect(ok.body.data).toEqual({ changed: true, endedSessions: 1 });
      expect((await v.get('/web/profile/get/')).res.status).toBe(200);
      expect((await other.get('/web/profile/get/')).body.errors[0]!.code).toBe(101);
      // The device that was signed out is told why on the login page it goes to, once.
      expect(await (await other.raw('/login/')).text()).toContain('пароль был изменён');
      expect(await (await other.raw('/login/')).text()).not.toContain('data-testid="session-ended"');
      expect((await nextMessageTo(email)).subject).toContain('Пароль изменён');

      for (let i = 0; i < 4; i++) await v.post('/api/password/change/', { old_password: `Bad${i}pass2026`, password: 'Next2026pass', confirm_password: 'Next2026pass' });
      const held = await v.post('/api/password/change/', { old_password: 'Next2026pass', password: 'Last2026pass', confirm_password: 'Last2026pass' });
      expect(held.res.status).toBe(429);
    });
  }, 120_000);

  it('with a code from /api/password/code/ (sent to the own e-mail only)', async () => {
    const { email, v } = await newAccount();
    const sent = await v.post('/api/password/code/', { email: acc.retail.email });
    expect(sent.body.data).toEqual({ email, resendAfter: 60 });
    const code = await nextCodeTo(email);
    const done = await v.post('/api/password/change/', { code, password: 'ByCode2026pass', confirm_password: 'ByCode2026pass' });
    expect(done.body.data.changed).toBe(true);
    expect((await new IpVisitor().post('/api/authentication/', { login: email, password: 'ByCode2026pass' })).res.status).toBe(200);
    // Another user's code is no use here: the code is bound to this user's own e-mail.
    const { v: other } = await newAccount();
    const foreign = await other.post('/api/password/change/', { code, password: 'Steal2026pass', confirm_password: 'Steal2026pass' });
    expect(foreign.res.status).toBe(422);
  });
});

describe('POST /api/profile/sendOrderStatus/', () => {
  it('saves send_status and checkboxes (statuses and sms); unknown statuses and wrong types get a Russian 422', async () => {
    const { v } = await newAccount();
    const saved = await v.post('/api/profile/sendOrderStatus/', { send_status: 'Y', checkboxes: ['ready', 'sms', 'done', 'ready'] });
    expect(saved.body.data).toEqual({ send_status: 'Y', checkboxes: ['ready', 'done', 'sms'] });
    const profile = (await v.get('/web/profile/get/')).body.data.user;
    expect(profile).toMatchObject({ send_status: 'Y', checkboxes: ['ready', 'done', 'sms'] });
    const off = await v.post('/api/profile/sendOrderStatus/', { send_status: 'N', checkboxes: [] });
    expect(off.body.data).toEqual({ send_status: 'N', checkboxes: [] });
    const cases: Record<string, unknown>[] = [{}, { send_status: 'maybe' }, { send_status: 'Y', checkboxes: ['teleport'] }, { send_status: 'Y', checkboxes: [LONG] }, { send_status: 'Y', checkboxes: { a: 1 } }, { send_status: 5 }];
    for (const body of cases) {
      const r = await v.post('/api/profile/sendOrderStatus/', body);
      expect(r.res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(r.body.errors.every((e) => /^(Письма о статусе заказа|Статусы для уведомлений): [а-яё]/i.test(e.message))).toBe(true);
    }
  });
});

describe('POST /api/logout/', () => {
  it('ends the session; the old cookie then gets 101', async () => {
    const { v } = await newAccount();
    const cookie = new Map(v.cookies);
    expect((await v.post('/api/logout/')).body.status).toBe('success');
    const stale = new IpVisitor();
    stale.cookies = cookie;
    expect((await stale.get('/web/profile/get/')).body.errors[0]!.code).toBe(101);
  });
});

describe('POST /api/logout/all/', () => {
  it('ends the sessions on every device, this one too; each is told why; a guest gets 101; nobody else is touched', async () => {
    const { email, password, v } = await newAccount();
    const phone = new IpVisitor();
    await phone.post('/api/authentication/', { login: email, password });
    const someoneElse = await newAccount();
    expect((await new IpVisitor().post('/api/logout/all/')).body.errors[0]!.code).toBe(101);

    const done = await v.post('/api/logout/all/');
    expect(done.body.data).toEqual({ loggedOut: true, endedSessions: 2 });
    expect((await v.get('/web/profile/get/')).body.errors[0]!.code).toBe(101);
    expect(await (await v.raw('/login/')).text()).toContain('Выполнен выход на всех устройствах');
    // The phone's next page of the personal area sends it to the login page, which says why.
    const personal = await phone.raw('/personal/summary/');
    expect(personal.status).toBe(302);
    expect(personal.headers.get('location')).toMatch(/^\/login\//);
    expect(await (await phone.raw('/login/')).text()).toContain('Выполнен выход на всех устройствах');
    expect((await someoneElse.v.get('/web/profile/get/')).res.status).toBe(200);
    // Signing in again works as before, and an ordinary logout says nothing of the kind.
    const again = new IpVisitor();
    expect((await again.post('/api/authentication/', { login: email, password })).res.status).toBe(200);
    await again.post('/api/logout/');
    expect(await (await again.raw('/login/')).text()).not.toContain('data-testid="session-ended"');
  });

  it('works without JavaScript: the profile form posts and lands on the login page', async () => {
    const { v } = await newAccount();
    expect(await (await v.raw('/personal/details/')).text()).toContain('action="/api/logout/all/"');
    const res = await v.raw('/api/logout/all/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base() }, body: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login/');
    expect(await (await v.raw('/login/')).text()).toContain('Выполнен выход на всех устройствах');
  });
});
