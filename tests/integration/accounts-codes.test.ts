/**
 * Codes, restore, first authorization and the login limits over HTTP. Each test calls from its own
 * loopback address, so per-address limits stay inside the test.
 */
import { describe, expect, it } from 'vitest';
import { IpVisitor, markRead, messagesTo, nextCodeTo, nextMessageTo, uniqueEmail } from '../helpers/accounts';
import { solveCaptcha } from '../helpers/captcha';
import { inOneWindow } from '../helpers/clock';
import { fixture, PASSWORD } from '../helpers/fixtures';
import { ACCOUNT_LIMITS } from '../../src/server/auth/limits';

/** This file's own customer, blocked and invited employees (tests/helpers/fixtures.ts): the invited one's password is set here. */
const acc = fixture('accounts-codes');
const NEW_PASSWORD = 'Fresh2026pass';
const TOO_MANY = /^Слишком много попыток\. Повторите через \d+ (мин|сек)\.$/;

/** A confirmed retail account of this test's own (so its password may change). */
async function newAccount(password = 'Start2026pass') {
  const v = new IpVisitor();
  const email = uniqueEmail('codes');
  const sent = await v.post('/api/registration/', { type: 'retail', name: 'Олег Кот', email, phone: '+375291112233', password, confirm_password: password, agree: 'Y', captcha: await solveCaptcha(v) });
  expect(sent.body.status).toBe('success');
  const confirmed = await v.post('/api/registration/confirm/', { email, code: await nextCodeTo(email) });
  expect(confirmed.body.status).toBe('success');
  return { email, password, session: v };
}

describe('POST api/sendVerifyCode/ and /api/checkVerifyCode/', () => {
  it('refuse bad input in Russian: empty, wrong type, 10,000 characters, unknown event', async () => {
    const v = new IpVisitor();
    for (const body of [{}, { email: 42, event: ['x'] }, { email: `${'a'.repeat(10_000)}@mail.by`, event: 'USER_VERIFY_CODE' }, { email: 'a@b.by', event: 'DROP_TABLE' }]) {
      const r = await v.post('/api/sendVerifyCode/', body);
      expect(r.res.status).toBe(422);
      for (const e of r.body.errors) expect(e.message).toMatch(/^(Email|Событие): [а-яё]/i);
    }
    for (const body of [{}, { email: 'a@b.by', code: 123456 }, { email: 'a@b.by', code: '1'.repeat(10_000) }, { email: 'a@b.by', code: '12ab56' }]) {
      const r = await v.post('/api/checkVerifyCode/', body);
      expect(r.res.status).toBe(422);
      expect(r.body.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
    }
    const junk = await v.raw('/api/sendVerifyCode/', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://x' }, body: '{"email":' });
    expect(junk.status).toBeLessThan(500);
  });

  it('a code checks out once, stays usable for the action, and a wrong one counts down', async () => {
    const { email } = await newAccount();
    const v = new IpVisitor();
    const sent = await v.post('/api/sendVerifyCode/', { email, event: 'PASSWORD_CHANGE_VERIFY' });
    expect(sent.body.data).toEqual({ email, resendAfter: 60 });
    const mail = await nextMessageTo(email);
    expect(mail.subject).toMatch(/^Код \d{6} для восстановления пароля/);
    const code = /(\d{6})/.exec(mail.subject!)![1]!;
    const wrong = await v.post('/api/checkVerifyCode/', { email, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.body.errors[0]).toMatchObject({ field: 'code', message: 'Неверный код. Осталось попыток: 4' });
    const right = await v.post('/api/checkVerifyCode/', { email, code });
    expect(right.body.data).toEqual({ email, event: 'PASSWORD_CHANGE_VERIFY', valid: true });
  });

  it('the resend timer answers 429 with the seconds left, for any e-mail alike', async () => {
    const v = new IpVisitor();
    const started = Date.now();
    const known = await v.post('/api/sendVerifyCode/', { email: acc.retail.email, event: 'PASSWORD_CHANGE_VERIFY' });
    const unknown = await v.post('/api/sendVerifyCode/', { email: uniqueEmail('nobody'), event: 'PASSWORD_CHANGE_VERIFY' });
    expect(known.res.status).toBe(unknown.res.status);
    const knownAgain = await v.post('/api/sendVerifyCode/', { email: acc.retail.email, event: 'PASSWORD_CHANGE_VERIFY' });
    const unknownAgain = await v.post('/api/sendVerifyCode/', { email: unknown.body.data.email, event: 'PASSWORD_CHANGE_VERIFY' });
    // The seconds left are 60 minus what passed since the code was sent: at most what this test took so far
    // (a fixed "more than 50" failed on a machine stalled for 10 s).
    const elapsed = (Date.now() - started) / 1000;
    for (const r of [knownAgain, unknownAgain]) {
      expect(r.res.status).toBe(429);
      expect(r.body.errors[0]!.message).toMatch(TOO_MANY);
      expect(r.body.data.retryAfter).toBeGreaterThanOrEqual(60 - elapsed);
      expect(r.body.data.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('limits codes per e-mail (5 an hour) and per address (20 an hour)', async () => {
    const v = new IpVisitor();
    const email = uniqueEmail('flood');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await v.post('/api/sendVerifyCode/', { email, event: 'USER_VERIFY_CODE' }));
    expect(answers[0]!.res.status).toBe(200);
    // 2–5 wait for the resend timer; the 6th is over the hourly limit of the e-mail, whatever the timer says.
    expect(answers[5]!.res.status).toBe(429);
    expect(answers[5]!.body.data.retryAfter).toBeGreaterThan(60);

    const w = new IpVisitor();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await w.post('/api/sendVerifyCode/', { email: uniqueEmail(`ip${i}`), event: 'PASSWORD_CHANGE_VERIFY' })).res.status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("limits checks per e-mail and client (10 in 15 minutes): a guesser's wrong codes never refuse the owner's code", async () => {
    const { email } = await newAccount();
    const guesser = new IpVisitor();
    let last;
    for (let i = 0; i < 11; i++) last = await guesser.post('/api/checkVerifyCode/', { email, code: String(100000 + i), event: 'PASSWORD_CHANGE_VERIFY' });
    expect(last!.res.status).toBe(429);
    expect(last!.body.errors[0]!.message).toMatch(TOO_MANY);
    // The owner asks for a restore code from his own client, and it is accepted (it was refused for 15 minutes).
    const owner = new IpVisitor();
    expect((await owner.post('/api/sendVerifyCode/', { email, event: 'PASSWORD_CHANGE_VERIFY' })).res.status).toBe(200);
    const fresh = await owner.post('/api/checkVerifyCode/', { email, code: await nextCodeTo(email), event: 'PASSWORD_CHANGE_VERIFY' });
    expect([fresh.res.status, fresh.body.data?.valid]).toEqual([200, true]);
  });
});

describe('restore: code → new password → other sessions end → signed in', () => {
  it('works end to end; the old password and the old sessions stop working', async () => {
    const { email, password, session: oldSession } = await newAccount();
    expect((await oldSession.get('/web/profile/get/')).res.status).toBe(200);
    const v = new IpVisitor();
    await v.post('/api/sendVerifyCode/', { email, event: 'PASSWORD_CHANGE_VERIFY' });
    const code = await nextCodeTo(email);
    expect((await v.post('/api/checkVerifyCode/', { email, code })).body.status).toBe('success');

    const bad = await v.post('/api/password/restore/', { email, code, password: 'short', confirm_password: 'short' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.message).toBe('Пароль: не менее 8 символов, хотя бы одна цифра и одна латинская буква');
    const differ = await v.post('/api/password/restore/', { email, code, password: NEW_PASSWORD, confirm_password: 'Other2026pass' });
    expect(differ.body.errors[0]!.field).toBe('confirm_password');

    const done = await v.post('/api/password/restore/', { email, code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, remember: 'N' });
    expect(done.res.status).toBe(200);
    expect(done.body.data.token).toBeTruthy();
    // remember 'N': the session cookie ends with the browser.
    const cookie = done.res.headers.getSetCookie().find((c) => c.startsWith('instr.session_token='))!;
    expect(cookie).not.toMatch(/max-age/i);
    expect((await v.get('/web/profile/get/')).body.data.user.email).toBe(email);

    const old = await oldSession.get('/web/profile/get/');
    expect(old.res.status).toBe(401);
    expect(old.body.errors[0]!.code).toBe(101);
    expect((await new IpVisitor().post('/api/authentication/', { login: email, password })).res.status).toBe(401);
    expect((await new IpVisitor().post('/api/authentication/', { login: email, password: NEW_PASSWORD })).res.status).toBe(200);
    // The code was spent.
    expect((await v.post('/api/password/restore/', { email, code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).res.status).toBe(422);
  });

  it('an e-mail without an account (or blocked) gets the same answers, and no mail', async () => {
    const v = new IpVisitor();
    const nobody = uniqueEmail('ghost');
    const { email } = await newAccount();
    markRead(acc.blocked.email);
    const answers = [];
    for (const target of [email, nobody, acc.blocked.email]) {
      const sent = await v.post('/api/sendVerifyCode/', { email: target, event: 'PASSWORD_CHANGE_VERIFY' });
      const check = await v.post('/api/checkVerifyCode/', { email: target, code: '000000' });
      const restore = await v.post('/api/password/restore/', { email: target, code: '000000', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      answers.push([sent, check, restore].map((r) => ({ status: r.res.status, body: JSON.stringify(r.body).replaceAll(target, '<email>') })));
    }
    // (A real code might be 000000 once in a million runs; the wrong-code answers would then differ.)
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await nextMessageTo(email);
    await new Promise((r) => setTimeout(r, 300));
    expect(messagesTo(nobody)).toEqual([]);
    expect(messagesTo(acc.blocked.email).filter((m) => /Код/.test(m.subject ?? ''))).toEqual([]);
  });
});

describe('first authorization (user_not_auth)', () => {
  it('an employee without a password gets a code, sets a password and is signed in', async () => {
    const v = new IpVisitor();
    const first = await v.post('/api/authentication/', { login: acc.invited.email, password: 'anything' });
    expect(first.res.status).toBe(401);
    expect(first.body.data).toEqual({ user_not_auth: true, email: acc.invited.email });
    const sent = await v.post('/api/sendVerifyCode/', { email: acc.invited.email, event: 'PASSWORD_CHANGE_VERIFY' });
    expect(sent.body.status).toBe('success');
    // The code flow itself tells nothing: an unknown e-mail gets the same answer.
    const ghost = uniqueEmail('ghost');
    const ghostSent = await new IpVisitor().post('/api/sendVerifyCode/', { email: ghost, event: 'PASSWORD_CHANGE_VERIFY' });
    expect(JSON.stringify(ghostSent.body).replace(ghost, 'E')).toBe(JSON.stringify(sent.body).replace(acc.invited.email, 'E'));
    const mail = await nextMessageTo(acc.invited.email);
    expect(mail.subject).toContain('первого входа');
    const code = /(\d{6})/.exec(mail.subject!)![1]!;
    const set = await v.post('/api/password/restore/', { email: acc.invited.email, code, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(set.body.status).toBe('success');
    const profile = await v.get('/web/profile/get/');
    expect(profile.body.data.user).toMatchObject({ email: acc.invited.email, isContragentAdmin: false, scope: ['place_orders'] });
    expect(profile.body.data.company.name).toBe(acc.company.name);
    const again = await new IpVisitor().post('/api/authentication/', { login: acc.invited.email, password: NEW_PASSWORD });
    expect(again.body.status).toBe('success');
  });
});

describe('login answers and limits', () => {
  it('an unknown e-mail and a wrong password get the same answer in similar time', async () => {
    // Its own account: nine wrong passwords stay under the account's limit of ten.
    const { email: known } = await newAccount();
    const v = new IpVisitor();
    const time = async (login: string) => {
      const t0 = performance.now();
      const r = await v.post('/api/authentication/', { login, password: 'Wrong2026pass' });
      return { ms: performance.now() - t0, status: r.res.status, body: r.body };
    };
    // Each round times the two one right after the other (in turns, which goes first) and keeps their
    // ratio: a burst of load on the machine slows a whole round and cancels out, where medians of
    // separate series compared unrelated moments. Nine rounds, so that a few rounds split by a burst of
    // load (one of the two slowed alone) cannot move the median.
    const ratios: number[] = [];
    let first: { known: Awaited<ReturnType<typeof time>>; unknown: Awaited<ReturnType<typeof time>> } | undefined;
    for (let i = 0; i < 9; i++) {
      const pair = i % 2 ? { unknown: await time(uniqueEmail('nope')), known: await time(known) } : { known: await time(known), unknown: await time(uniqueEmail('nope')) };
      for (const r of [pair.known, pair.unknown]) expect(r.status).toBe(401);
      first ??= pair;
      ratios.push(pair.unknown.ms / pair.known.ms);
    }
    expect(first!.unknown.body).toEqual(first!.known.body);
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    // Both check one password hash (tens of ms); without that, the unknown e-mail answered ~20× faster (a ratio of 0.05).
    expect(median, ratios.map((r) => r.toFixed(2)).join(' ')).toBeGreaterThan(0.5);
  });

  // The login limits count failures in 15-minute windows that slide: a run that straddles a window's end
  // counts its failures as a hair fewer than they were, and is made again (helpers/clock.ts). Each run
  // takes its own account and addresses; a loaded machine makes a run seconds long.
  it("an attacker's wrong passwords hold his own client only: the owner signs in from another one, and from his trusted device whatever others do", async () => {
    await inOneWindow(ACCOUNT_LIMITS.loginFailPerAccount.windowSeconds, async () => {
      const { email, password } = await newAccount();
      // The owner's browser, signed in once before: it carries the signed device cookie.
      const ownDevice = new IpVisitor();
      expect((await ownDevice.post('/api/authentication/', { login: email, password })).res.status).toBe(200);
      expect(ownDevice.cookies.get('device')).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const attacker = new IpVisitor();
      for (let i = 0; i < 10; i++) expect((await attacker.post('/api/authentication/', { login: email, password: `Wrong${i}pass2026` })).res.status).toBe(401);
      // 100 tries in all: the client is held after 10, even with the right password.
      for (let i = 0; i < 90; i++) expect((await attacker.post('/api/authentication/', { login: email, password: `Wrong${i}pass2026` })).res.status).toBe(429);
      const held = await attacker.post('/api/authentication/', { login: email, password });
      expect(held.res.status).toBe(429);
      expect(held.body.errors[0]!.message).toMatch(TOO_MANY);
      expect((await new IpVisitor().post('/api/authentication/', { login: email, password })).res.status).toBe(200);
      // The same answers for an e-mail nobody has: the limit tells nothing about accounts.
      const ghost = uniqueEmail('ghost');
      for (let i = 0; i < 10; i++) await attacker.post('/api/authentication/', { login: ghost, password: `Wrong${i}pass2026` });
      const ghostHeld = await attacker.post('/api/authentication/', { login: ghost, password });
      expect(ghostHeld.res.status).toBe(429);
      expect(ghostHeld.body.errors[0]!.message.replace(/\d+/, 'N')).toBe(held.body.errors[0]!.message.replace(/\d+/, 'N'));

      // Guessing from many addresses (30 wrong passwords): a new client waits, the owner's device does not.
      for (let i = 0; i < 30; i++) await new IpVisitor().post('/api/authentication/', { login: email, password: `Spread${i}pass2026` });
      expect((await new IpVisitor().post('/api/authentication/', { login: email, password })).res.status).toBe(429);
      // A cookie the server did not sign trusts nothing.
      const forged = new IpVisitor();
      forged.cookies.set('device', 'A'.repeat(32));
      expect((await forged.post('/api/authentication/', { login: email, password })).res.status).toBe(429);
      expect((await ownDevice.post('/api/authentication/', { login: email, password })).res.status).toBe(200);
      // The owner was told, once, that someone is guessing.
      await expect.poll(() => messagesTo(email).filter((m) => (m.subject ?? '').startsWith('Кто-то подбирает пароль')).length, { timeout: 20_000 }).toBe(1);
    });
  }, 240_000);

  it('50 wrong passwords from one address hold that address for new devices only; right passwords do not count', async () => {
    await inOneWindow(ACCOUNT_LIMITS.loginFailPerIp.windowSeconds, async () => {
      const ip = new IpVisitor();
      for (let i = 0; i < 5; i++) expect((await ip.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).res.status).toBe(200);
      for (let i = 0; i < 50; i++) await ip.post('/api/authentication/', { login: uniqueEmail(`spray${i}`), password: 'Wrong2026pass' });
      // Another browser at the same address, never signed in to this account: held.
      const sameAddress = new IpVisitor(ip.ip);
      expect((await sameAddress.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).res.status).toBe(429);
      // The browser that has signed in to it before is not.
      expect((await ip.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).res.status).toBe(200);
      expect((await new IpVisitor().post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).res.status).toBe(200);
    });
  }, 180_000);

  it("remember 'Y' gives the one-week cookie, 'N' a browser-session cookie", async () => {
    const yes = await new IpVisitor().post('/api/authentication/', { login: acc.retail.email, password: PASSWORD, remember: 'Y' });
    expect(yes.res.headers.getSetCookie().find((c) => c.startsWith('instr.session_token='))).toMatch(/Max-Age=604800/i);
    const no = await new IpVisitor().post('/api/authentication/', { login: acc.retail.email, password: PASSWORD, remember: 'N' });
    const cookie = no.res.headers.getSetCookie().find((c) => c.startsWith('instr.session_token='))!;
    expect(cookie).toBeTruthy();
    expect(cookie).not.toMatch(/max-age|expires/i);
  });

  it('bad login input is a Russian 422: empty, wrong type, 10,000 characters', async () => {
    const v = new IpVisitor();
    for (const body of [{}, { login: 7, password: ['x'] }, { login: `${'a'.repeat(10_000)}@mail.by`, password: 'x'.repeat(10_000) }, { login: acc.retail.email, password: 'x', remember: 'maybe' }]) {
      const r = await v.post('/api/authentication/', body);
      expect(r.res.status).toBe(422);
      expect(r.body.errors.every((e) => /[а-яё]/i.test(e.message) && !/expected|received/i.test(e.message))).toBe(true);
    }
  });
});
