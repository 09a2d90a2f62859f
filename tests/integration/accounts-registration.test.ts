/** Registration over HTTP: retail and business (УНП), the e-mail code, join requests, bad input. */
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../helpers/captcha';
import { IpVisitor, markRead, messagesTo, nextCodeTo, nextMessageTo, uniqueEmail } from '../helpers/accounts';
import { fixture, PASSWORD as FIXTURE_PASSWORD } from '../helpers/fixtures';
import { messagesSent } from '../helpers/http';

/** This file's own company (its УНП takes join requests), admin, employee and customer (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('accounts-registration');

const PASSWORD = 'Strong2026pass';

async function form(v: IpVisitor, over: Record<string, unknown> = {}) {
  return { type: 'retail', name: 'Анна Смирнова', email: uniqueEmail('reg'), phone: '8 029 555 12 34', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y', captcha: await solveCaptcha(v), ...over };
}

async function registerAndConfirm(v: IpVisitor, over: Record<string, unknown> = {}) {
  const body = await form(v, over);
  const sent = await v.post('/api/registration/', body);
  expect(sent.body.status, JSON.stringify(sent.body.errors)).toBe('success');
  const code = await nextCodeTo(String(body.email));
  const confirmed = await v.post('/api/registration/confirm/', { email: body.email, code });
  expect(confirmed.body.status, JSON.stringify(confirmed.body.errors)).toBe('success');
  return { body, confirmed };
}

async function loginAs(email: string, password = FIXTURE_PASSWORD) {
  const v = new IpVisitor();
  const r = await v.post('/api/authentication/', { login: email, password });
  expect(r.body.status, JSON.stringify(r.body.errors)).toBe('success');
  return v;
}

describe('retail registration', () => {
  it('sends a code, creates nothing until it comes back, then signs in with the one-week cookie', async () => {
    const v = new IpVisitor();
    const body = await form(v, { email: uniqueEmail('Retail').toUpperCase() });
    const email = String(body.email).toLowerCase();
    const sent = await v.post('/api/registration/', body);
    expect(sent.res.status).toBe(200);
    expect(sent.body.data).toEqual({ email, resendAfter: 60 });
    const mail = await nextMessageTo(email);
    expect(mail.subject).toMatch(/^Код \d{6} для подтверждения регистрации/);
    expect(mail.html).toContain('lang="ru"');
    const code = /(\d{6})/.exec(mail.subject!)![1]!;

    // Before the code: no account, and the right password asks for the e-mail to be confirmed.
    const early = await new IpVisitor().post('/api/authentication/', { login: email, password: PASSWORD });
    expect(early.res.status).toBe(403);
    expect(early.body.data).toEqual({ user_not_verified: true, email });
    expect(early.body.errors[0]!.message).toMatch(/Email ещё не подтверждён/);
    const wrongEarly = await new IpVisitor().post('/api/authentication/', { login: email, password: 'Wrong2026pass' });
    expect(wrongEarly.res.status).toBe(401);
    expect(wrongEarly.body.errors[0]!.message).toBe('Неверный email или пароль');

    const confirmed = await v.post('/api/registration/confirm/', { email, code });
    expect(confirmed.res.status).toBe(200);
    expect(confirmed.body.data.token).toBeTruthy();
    expect(confirmed.body.data.company).toBeNull();
    expect(confirmed.res.headers.getSetCookie().join(';')).toMatch(/instr\.session_token=.*Max-Age=604800/i);
    const profile = await v.get('/web/profile/get/');
    expect(profile.body.data.user).toMatchObject({ email, name: 'Анна Смирнова', phone: '+375 29 555-12-34', companyId: null, isContragentAdmin: false });
    expect(profile.body.data.company).toBeNull();

    // The code is spent; the account now signs in with its password.
    const again = await new IpVisitor().post('/api/registration/confirm/', { email, code });
    expect(again.res.status).toBe(422);
    await loginAs(email, PASSWORD);
  });

  it('an e-mail that has an account gets the same answer, and its mailbox a notice without a code', async () => {
    const v = new IpVisitor();
    markRead(acc.retail.email);
    const existing = await v.post('/api/registration/', await form(v, { email: acc.retail.email }));
    const fresh = await v.post('/api/registration/', await form(v));
    expect(existing.res.status).toBe(fresh.res.status);
    expect(existing.body).toEqual({ ...fresh.body, data: { ...fresh.body.data, email: acc.retail.email } });
    const notice = await nextMessageTo(acc.retail.email);
    expect(notice.subject).toContain('Попытка регистрации с вашим адресом');
    expect(notice.text).toContain(`/restore/?email=${encodeURIComponent(acc.retail.email)}`);
    expect(notice.subject).not.toMatch(/\d{6}/);
    // No code exists to confirm it with: any code is simply wrong.
    const confirm = await v.post('/api/registration/confirm/', { email: acc.retail.email, code: '000000' });
    expect(confirm.res.status).toBe(422);
    expect(confirm.body.errors[0]!.field).toBe('code');
  });

  it('a wrong code says how many tries are left, and the fifth wrong one kills the code', async () => {
    const v = new IpVisitor();
    const body = await form(v);
    await v.post('/api/registration/', body);
    const code = await nextCodeTo(String(body.email));
    const wrong = code === '111111' ? '222222' : '111111';
    const first = await v.post('/api/registration/confirm/', { email: body.email, code: wrong });
    expect(first.body.errors[0]!.message).toBe('Неверный код. Осталось попыток: 4');
    for (let i = 0; i < 4; i++) await v.post('/api/registration/confirm/', { email: body.email, code: wrong });
    const dead = await v.post('/api/registration/confirm/', { email: body.email, code });
    expect(dead.res.status).toBe(422);
    expect(dead.body.errors[0]!.message).toMatch(/Слишком много неверных попыток|не запрашивался/);
  });
});

describe('registration input', () => {
  it('names every missing field in Russian', async () => {
    const { res, body } = await new IpVisitor().post('/api/registration/', {});
    expect(res.status).toBe(422);
    const fields = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({
      name: 'Имя: обязательное поле',
      email: 'Email: обязательное поле',
      phone: 'Телефон: обязательное поле',
      password: expect.stringMatching(/^Пароль: /),
      agree: 'Согласие: отметьте согласие, чтобы продолжить',
      captcha: 'Проверка на робота: обязательное поле',
    });
    for (const e of body.errors) expect(e.message).toMatch(/[а-яё]/i);
  });

  it('wrong types, 10,000 characters, bad e-mail/phone/password: a Russian 422, never a 500', async () => {
    const v = new IpVisitor();
    const long = 'я'.repeat(10_000);
    const cases: Record<string, unknown>[] = [
      { name: 5, email: ['a'], phone: {}, password: true, confirm_password: null, agree: 'N', type: 'vip' },
      { name: long, email: `${long}@mail.by`, phone: long, password: long, confirm_password: long, agree: 'Y', unp: long, company_name: long, legal_address: long, captcha: long, type: 'business' },
      { name: 'Иван', email: 'ivan@', phone: '12345', password: 'onlyletters', confirm_password: 'other', agree: 'Y', captcha: 'x' },
    ];
    for (const c of cases) {
      const { res, body } = await v.post('/api/registration/', c);
      expect(res.status, JSON.stringify(c).slice(0, 80)).toBe(422);
      expect(body.status).toBe('error');
      for (const e of body.errors) {
        expect(e.message).toMatch(/[а-яё]/i);
        expect(e.message).not.toMatch(/expected|received|invalid|NaN|string|number/i);
      }
    }
    const rules = await v.post('/api/registration/', cases[2]);
    const by = Object.fromEntries(rules.body.errors.map((e) => [e.field, e.message]));
    expect(by.email).toBe('Email: заполнено неверно');
    expect(by.phone).toBe('Телефон: заполнено неверно');
    expect(by.password).toBe('Пароль: не менее 8 символов, хотя бы одна цифра и одна латинская буква');
    expect(by.confirm_password).toBe('Подтверждение пароля: Пароли не совпадают');
  });

  it('accepts a Cyrillic domain and shows punycode as Unicode', async () => {
    const v = new IpVisitor();
    const sent = await v.post('/api/registration/', await form(v, { email: 'Master@XN--80AKTSDG.XN--90AIS' }));
    expect(sent.body.status).toBe('success');
    expect(sent.body.data.email).toBe('master@мастер.бел');
  });

  it('a business needs a УНП with the right check digit, a name and a legal address', async () => {
    const v = new IpVisitor();
    const missing = await v.post('/api/registration/', await form(v, { type: 'business' }));
    const m = Object.fromEntries(missing.body.errors.map((e) => [e.field, e.message]));
    expect(m).toMatchObject({ unp: 'УНП: обязательное поле', company_name: 'Название компании: обязательное поле', legal_address: 'Юридический адрес: обязательное поле' });
    const wrongDigit = await v.post('/api/registration/', await form(v, { type: 'business', unp: '191234567', company_name: 'ООО «Тест»', legal_address: 'г. Минск' }));
    expect(wrongDigit.res.status).toBe(422);
    expect(wrongDigit.body.errors).toEqual([{ code: 102, field: 'unp', message: 'УНП: неверная контрольная цифра — проверьте номер по свидетельству о регистрации' }]);
    const letters = await v.post('/api/registration/', await form(v, { type: 'business', unp: 'AB1234567', company_name: 'ООО «Тест»', legal_address: 'г. Минск' }));
    expect(letters.body.errors[0]!.message).toBe('УНП: 9 цифр без пробелов и букв');
    const region = await v.post('/api/registration/', await form(v, { type: 'business', unp: '991705588', company_name: 'ООО «Тест»', legal_address: 'г. Минск' }));
    expect(region.body.errors[0]!.message).toBe('УНП: первая цифра — код региона от 1 до 7');
  });

  it('refuses a missing or forged captcha, and limits registrations per address', async () => {
    const v = new IpVisitor();
    const forged = await v.post('/api/registration/', { ...(await form(v)), captcha: 'bm90LWEtY2FwdGNoYQ==' });
    expect(forged.res.status).toBe(422);
    expect(forged.body.errors[0]!.field).toBe('captcha');
    for (let i = 0; i < 9; i++) await v.post('/api/registration/', { ...(await form(v)), captcha: 'x' });
    const limited = await v.post('/api/registration/', await form(v));
    expect(limited.res.status).toBe(429);
    expect(limited.body.errors[0]!.message).toMatch(/^Слишком много попыток\. Повторите через \d+ (мин|сек)\.$/);
    // Another address is not affected.
    const other = new IpVisitor();
    expect((await other.post('/api/registration/', await form(other))).res.status).toBe(200);
  });
});

describe('business registration', () => {
  it('a new УНП creates the company with the registrant as its admin', async () => {
    const v = new IpVisitor();
    const { confirmed } = await registerAndConfirm(v, { type: 'business', unp: 'УНП 200 988 541', company_name: 'ООО «НовыйСтрой»', legal_address: 'г. Брест, ул. Советская, 1' });
    expect(confirmed.body.data.company).toMatchObject({ name: 'ООО «НовыйСтрой»', admin: true });
    const profile = await v.get('/web/profile/get/');
    expect(profile.body.data.user.isContragentAdmin).toBe(true);
    expect(profile.body.data.user.scope).toContain('isContragentAdmin');
    expect(profile.body.data.company).toMatchObject({ name: 'ООО «НовыйСтрой»', unp: '200988541', legalAddress: 'г. Брест, ул. Советская, 1' });
    expect(profile.body.data.joinRequest).toBeNull();
  });

  it('an existing УНП files a join request the company admin approves; no one else sees or decides it', async () => {
    markRead(acc.admin.email);
    const v = new IpVisitor();
    const { body, confirmed } = await registerAndConfirm(v, { type: 'business', unp: acc.company.unp, company_name: 'СтройМонтаж', legal_address: 'г. Минск' });
    expect(confirmed.body.data.company).toBeNull();
    expect(confirmed.body.data.joinRequest).toMatchObject({ company: acc.company.name, status: 'pending' });
    const mine = await v.get('/web/profile/get/');
    expect(mine.body.data.user).toMatchObject({ companyId: null, isContragentAdmin: false });
    expect(mine.body.data.joinRequest).toMatchObject({ status: 'pending', company: acc.company.name });
    const notice = await nextMessageTo(acc.admin.email);
    expect(notice.subject).toContain('Новая заявка на присоединение к компании');
    expect(notice.text).toContain(String(body.email));

    const admin = await loginAs(acc.admin.email);
    const list = await admin.get('/web/personal/contragent/joinRequests/');
    const request = list.body.data.items.find((r: { email: string }) => r.email === body.email);
    expect(request).toMatchObject({ status: 'pending', name: 'Анна Смирнова', companyName: 'СтройМонтаж' });

    // The registrant, an employee and another company's admin can neither list nor decide it.
    expect((await v.get('/web/personal/contragent/joinRequests/')).res.status).toBe(403);
    const employee = await loginAs(acc.employee.email);
    expect((await employee.post('/api/profile/contragent/joinRequest/', { id: request.id, approve: 'Y' })).res.status).toBe(403);
    const strangerAdmin = new IpVisitor();
    await registerAndConfirm(strangerAdmin, { type: 'business', unp: '591705582', company_name: 'ЧУП «Чужие»', legal_address: 'г. Гомель' });
    const foreign = await strangerAdmin.post('/api/profile/contragent/joinRequest/', { id: request.id, approve: 'Y' });
    expect(foreign.res.status).toBe(404);
    expect((await strangerAdmin.get('/web/personal/contragent/joinRequests/')).body.data.items).toEqual([]);
    expect((await v.get('/web/profile/get/')).body.data.user.companyId).toBeNull();

    const approved = await admin.post('/api/profile/contragent/joinRequest/', { id: request.id, approve: 'Y' });
    expect(approved.body.data).toEqual({ id: request.id, status: 'approved' });
    const now = await v.get('/web/profile/get/');
    expect(now.body.data.user.companyId).toBe(now.body.data.company.id);
    expect(now.body.data.company).toMatchObject({ name: acc.company.name, unp: acc.company.unp });
    // An employee with the default permissions (auth/permissions.ts).
    expect(now.body.data.user.scope).toEqual(['place_orders']);
    expect(now.body.data.user.isContragentAdmin).toBe(false);
    // Decided once: a second decision finds nothing to decide.
    expect((await admin.post('/api/profile/contragent/joinRequest/', { id: request.id, approve: 'N' })).res.status).toBe(404);
  });

  it('a rejected request leaves the registrant a retail customer, and bad decision input is a Russian 422', async () => {
    const v = new IpVisitor();
    const { body } = await registerAndConfirm(v, { type: 'business', unp: acc.company.unp, company_name: 'Не та', legal_address: 'г. Минск' });
    const admin = await loginAs(acc.admin.email);
    const { id } = (await admin.get('/web/personal/contragent/joinRequests/')).body.data.items.find((r: { email: string }) => r.email === body.email);
    for (const bad of [{}, { id: 'abc', approve: 'Y' }, { id, approve: 'maybe' }, { id: 'я'.repeat(10_000), approve: 'Y' }]) {
      const r = await admin.post('/api/profile/contragent/joinRequest/', bad);
      expect(r.res.status).toBe(422);
      expect(r.body.errors[0]!.message).toMatch(/[а-яё]/i);
    }
    const rejected = await admin.post('/api/profile/contragent/joinRequest/', { id, approve: 'N' });
    expect(rejected.body.data.status).toBe('rejected');
    const profile = await v.get('/web/profile/get/');
    expect(profile.body.data.user.companyId).toBeNull();
    expect(profile.body.data.joinRequest.status).toBe('rejected');
    // The decision's e-mail goes out from the message outbox a moment after the call.
    await messagesSent();
    expect(messagesTo(String(body.email)).some((m) => m.subject?.includes('Заявка отклонена'))).toBe(true);
  });
});
