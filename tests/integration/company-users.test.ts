/**
 * Company users and contract requests over HTTP (spec §2, §3, §4, §6, §7 "Company users"), against
 * a server of this file's own: its database holds two more companies (written before the server
 * starts) and its CRM webhook is a local stub that is down for the first two attempts.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesSent, Visitor } from '../helpers/http';
import { PASSWORD } from '../helpers/fixtures';
import {
  ADD, ADMIN, BLOCK, CONTRACT, CONTRACTS, EMPLOYEE, GET_USER, LIST, OTHER_ADMIN, OTHER_EMPLOYEE, RETAIL, SECRET, STAFF, UPDATE,
  COMPANY_SET, goodContract, startCompanyServer, until, type CompanyServer,
} from '../helpers/company-server';

/** The file's own set (tests/helpers/fixtures.ts), written into its own server's database. */
const acc = COMPANY_SET;
/** New employees are added under the set's domain. */
const NEW = (local: string) => `${local}@${acc.domain}`;

let company: CompanyServer;
const srvBase = () => company.srv.base;
beforeAll(async () => {
  company = await startCompanyServer();
}, 180_000);
afterAll(async () => {
  await company?.stop();
});
const login = (email: string) => company.login(email);
const mailsTo = (address: string) => company.mailsTo(address);

describe('users list (GET web/personal/contragent/getUsersList/)', () => {
  it('shows the admin their own company only: active tab, role, last login and permissions of each', async () => {
    const admin = await login(ADMIN);
    const { res, body } = await admin.get(LIST);
    expect(res.status).toBe(200);
    expect(body.data.tab).toBe('activeUsers');
    const emails = body.data.activeUsers.map((u: any) => u.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN, EMPLOYEE]));
    expect(emails).not.toContain(acc.blocked.email);
    expect(emails.some((e: string) => e.endsWith('@drugaya.by') || e.endsWith('@tretiy.by'))).toBe(false);
    const me = body.data.activeUsers.find((u: any) => u.email === ADMIN);
    expect(me).toMatchObject({ userId: acc.admin.id, isContragentAdmin: true, position: 'Директор', active: 'Y', blocked: 'N', isSelf: true, invitationPending: false });
    expect(me.scope).toContain('isContragentAdmin');
    expect(new Date(me.lastLoginAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const foreman = body.data.activeUsers.find((u: any) => u.email === EMPLOYEE);
    expect(foreman).toMatchObject({ position: 'Прораб', permissions: ['place_orders', 'manage_exports'], scope: ['place_orders', 'manage_exports'], orderLimit: null });
    expect(body.data.haveBlocked).toBe(true);
    expect(body.data.pageNavigation).toEqual({ page: 1, page_size: 20, total: emails.length, pages: 1 });
  });

  it('the blocked tab (inactive=Y) lists the blocked user', async () => {
    const { body } = await (await login(ADMIN)).get(`${LIST}?inactive=Y`);
    expect(body.data.tab).toBe('blockedUsers');
    expect(body.data.blockedUsers.map((u: any) => u.email)).toEqual([acc.blocked.email]);
    expect(body.data.blockedUsers[0].blocked).toBe('Y');
    expect(body.data.activeUsers).toBeUndefined();
  });

  it('searches by name, e-mail and phone typed any way', async () => {
    const admin = await login(ADMIN);
    const by = async (q: string) => (await admin.get(`${LIST}?search=${encodeURIComponent(q)}`)).body.data.activeUsers.map((u: any) => u.email);
    expect(await by('данилович')).toEqual([EMPLOYEE]);
    expect(await by('PRORAB@')).toEqual([EMPLOYEE]);
    // The employee's phone typed another way: «8 (0XX) NNN-NN» for «+375 XX NNN-NN-NN».
    const [, code, head] = /^\+375 (\d\d) (\d{3}-\d\d)-\d\d$/.exec(acc.employee.phone)!;
    expect(await by(`8 (0${code}) ${head}`)).toEqual([EMPLOYEE]);
    expect(await by('нет-такого')).toEqual([]);
  });

  it('pages by 20 with the shared pageNavigation shape; a page past the end shows the last one', async () => {
    const other = await login(OTHER_ADMIN);
    const first = await other.get(LIST);
    expect(first.body.data.activeUsers).toHaveLength(20);
    expect(first.body.data.pageNavigation).toEqual({ page: 1, page_size: 20, total: 26, pages: 2 });
    expect(first.body.data.haveBlocked).toBe(false);
    const second = await other.get(`${LIST}?page=2`);
    expect(second.body.data.activeUsers).toHaveLength(6);
    const ids = new Set([...first.body.data.activeUsers, ...second.body.data.activeUsers].map((u: any) => u.userId));
    expect(ids.size).toBe(26);
    expect((await other.get(`${LIST}?page=99`)).body.data.pageNavigation.page).toBe(2);
  });

  it('bad parameters get a Russian 422 naming the field', async () => {
    const { res, body } = await (await login(ADMIN)).get(`${LIST}?page=abc&inactive=maybe`);
    expect(res.status).toBe(422);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['inactive', 'page']);
    expect(body.errors.find((e) => e.field === 'page')!.message).toMatch(/^Страница: /);
    expect(body.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
  });
});

describe('a user card (GET web/personal/contragent/getUser/)', () => {
  it('shows a user of the company with the grantable permissions', async () => {
    const { body } = await (await login(ADMIN)).get(`${GET_USER}?userId=${acc.employee.id}`);
    expect(body.data.user).toMatchObject({ userId: acc.employee.id, email: EMPLOYEE, isSelf: false });
    expect(body.data.permissions.map((p: any) => p.code)).toEqual(['place_orders', 'invoice_only', 'company_orders', 'manage_addresses', 'manage_exports']);
  });

  it('another company\'s user and an unknown id are the same 404; a malformed id is a 422', async () => {
    const admin = await login(ADMIN);
    const foreign = await admin.get(`${GET_USER}?userId=other-emp`);
    const unknown = await admin.get(`${GET_USER}?userId=no-such-user`);
    expect(foreign.res.status).toBe(404);
    expect(unknown.res.status).toBe(404);
    expect(foreign.body.errors).toEqual(unknown.body.errors);
    const bad = await admin.get(`${GET_USER}?userId=${encodeURIComponent("x' OR 1=1 --")}`);
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0].message).toBe('Пользователь: заполнено неверно');
    expect((await admin.get(GET_USER)).body.errors[0].message).toBe('Пользователь: обязательное поле');
  });
});

describe('adding a manager (POST api/profile/contragent/addManager/)', () => {
  it('creates a user without a password, e-mails a Russian invitation to the login page, and login answers user_not_auth', async () => {
    const admin = await login(ADMIN);
    const { res, body } = await admin.post(ADD, { name: 'Павел Новиков', email: ` Pavel.Novikov@${acc.domain.toUpperCase()} `, phone: '8 029 555-66-77', position: 'Снабженец', permissions: ['place_orders', 'invoice_only'], orderLimit: '1 500,50' });
    expect(res.status).toBe(200);
    expect(body.data.invitationSent).toBe(true);
    expect(body.data.user).toMatchObject({ email: NEW('pavel.novikov'), phone: '+375 29 555-66-77', position: 'Снабженец', permissions: ['place_orders', 'invoice_only'], orderLimit: '1500.50', invitationPending: true, lastLoginAt: null, blocked: 'N' });
    const [mail] = mailsTo(NEW('pavel.novikov'));
    expect(mail!.subject).toContain(`Приглашение в личный кабинет компании ${acc.company.name}`);
    expect(mail!.text).toContain(`${srvBase()}/login/?email=${encodeURIComponent(NEW('pavel.novikov'))}`);
    expect(mail!.text).toContain(acc.admin.name);
    expect(mail!.html).toContain(`href="${srvBase()}/login/?email=${encodeURIComponent(NEW('pavel.novikov'))}"`);
    const first = await new Visitor(srvBase()).post('/api/authentication/', { login: NEW('pavel.novikov'), password: 'Anything123' });
    expect(first.body.data).toMatchObject({ user_not_auth: true });
    const list = await admin.get(`${LIST}?search=новиков`);
    expect(list.body.data.activeUsers.map((u: any) => u.userId)).toEqual([body.data.user.userId]);
  });

  it('without permissions the new employee may place orders (the default)', async () => {
    const { body } = await (await login(ADMIN)).post(ADD, { name: 'Ирина Кладовщик', email: NEW('irina') });
    expect(body.data.user.permissions).toEqual(['place_orders']);
    expect(body.data.user.phone).toBeNull();
  });

  it('refuses an e-mail of another company, a retail customer or the staff with one answer, and touches nothing of theirs', async () => {
    const admin = await login(ADMIN);
    const answers = [];
    for (const email of [OTHER_EMPLOYEE, RETAIL, STAFF]) {
      const { res, body } = await admin.post(ADD, { name: 'Чужой', email });
      expect(res.status).toBe(409);
      answers.push(body.errors);
    }
    expect(answers[0]).toEqual([{ code: 109, field: 'email', message: expect.stringContaining('уже используется в интернет-магазине') }]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]![0].message).not.toMatch(/ДругаяСтройка|Другов/);
    const theirs = await (await login(OTHER_ADMIN)).get(`${GET_USER}?userId=other-emp`);
    expect(theirs.body.data.user).toMatchObject({ name: 'Мастер Другов', email: OTHER_EMPLOYEE, blocked: 'N' });
    expect(mailsTo(OTHER_EMPLOYEE)).toEqual([]);
    await login(RETAIL);
  });

  it('an e-mail already in the admin\'s own company gets its own message', async () => {
    const { res, body } = await (await login(ADMIN)).post(ADD, { name: 'Сергей', email: EMPLOYEE.toUpperCase() });
    expect(res.status).toBe(409);
    expect(body.errors[0].message).toContain('уже есть в вашей компании');
  });

  it('bad input: every field says in Russian what to fix', async () => {
    const { res, body } = await (await login(ADMIN)).post(ADD, { name: '  ', email: 'pavel@', phone: '12345', permissions: ['root'], orderLimit: '-5' });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      name: 'Имя: обязательное поле',
      email: 'Email: заполнено неверно',
      phone: 'Телефон: заполнено неверно',
      permissions: 'Права: выберите права из списка',
      orderLimit: 'Лимит без согласования: укажите сумму числом, например 1500 или 1500,50',
    });
    const zero = await (await login(ADMIN)).post(ADD, { name: 'Ноль', email: NEW('zero'), orderLimit: 0 });
    expect(zero.body.errors[0].message).toContain('больше нуля');
  });
});

describe('editing a user (POST api/personal/contragent/updateUser/)', () => {
  it('restricts an employee to invoice-only orders with a spending limit: their own session sees it at once', async () => {
    const admin = await login(ADMIN);
    const foreman = await login(EMPLOYEE);
    const { res, body } = await admin.post(UPDATE, { userId: acc.employee.id, name: 'Сергей Данилович', phone: '+375 33 333-44-55', position: 'Старший прораб', permissions: ['place_orders', 'invoice_only', 'manage_exports'], orderLimit: 2500 });
    expect(res.status).toBe(200);
    expect(body.data.user).toMatchObject({ position: 'Старший прораб', permissions: ['place_orders', 'invoice_only', 'manage_exports'], orderLimit: '2500.00' });
    const me = (await foreman.get('/web/profile/get/')).body.data.user;
    expect(me.scope).toEqual(['place_orders', 'invoice_only', 'manage_exports']);
    expect(me.orderLimit).toBe(2500);
  });

  it('fields left out stay as they are; an empty limit removes it', async () => {
    const admin = await login(ADMIN);
    const { body } = await admin.post(UPDATE, { userId: acc.employee.id, orderLimit: '' });
    expect(body.data.user).toMatchObject({ name: 'Сергей Данилович', position: 'Старший прораб', phone: '+375 33 333-44-55', orderLimit: null, permissions: ['place_orders', 'invoice_only', 'manage_exports'] });
  });

  it('an admin\'s permissions and limit are not narrowed (the admin may do everything)', async () => {
    const { body } = await (await login(ADMIN)).post(UPDATE, { userId: acc.admin.id, name: acc.admin.name, permissions: [], orderLimit: '10' });
    expect(body.data.user).toMatchObject({ isContragentAdmin: true, orderLimit: null });
    expect(body.data.user.scope).toContain('company_orders');
  });

  it('bad input: 422 in Russian; another company\'s user: 404 and unchanged', async () => {
    const admin = await login(ADMIN);
    const bad = await admin.post(UPDATE, { userId: acc.employee.id, name: '', orderLimit: '99999999999', permissions: 'all' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['name', 'orderLimit', 'permissions']);
    const foreign = await admin.post(UPDATE, { userId: 'other-emp', name: 'Взломано', permissions: ['company_orders'] });
    expect(foreign.res.status).toBe(404);
    const theirs = await (await login(OTHER_ADMIN)).get(`${GET_USER}?userId=other-emp`);
    expect(theirs.body.data.user).toMatchObject({ name: 'Мастер Другов', permissions: ['place_orders'] });
  });
});

describe('blocking (POST api/personal/contragent/setBlockUser/)', () => {
  it('moves the user to the blocked tab, ends their open session at the next call, notifies them; unblocking moves them back', async () => {
    const admin = await login(ADMIN);
    const foreman = await login(EMPLOYEE);
    expect((await foreman.get('/web/profile/get/')).res.status).toBe(200);

    const blocked = await admin.post(BLOCK, { userId: acc.employee.id, blocked: 'Y' });
    expect(blocked.body.data).toMatchObject({ userId: acc.employee.id, blocked: 'Y', changed: true, haveBlocked: true });
    const refused = await foreman.get('/web/profile/get/');
    expect(refused.res.status).toBe(401);
    expect(refused.body.errors[0].code).toBe(101);
    // The browser that was signed out is told why on the login page it goes to.
    expect(await (await foreman.raw('/login/')).text()).toContain('Администратор вашей компании заблокировал учётную запись');
    expect((await admin.get(`${LIST}?inactive=Y`)).body.data.blockedUsers.map((u: any) => u.userId)).toContain(acc.employee.id);
    expect((await admin.get(LIST)).body.data.activeUsers.map((u: any) => u.userId)).not.toContain(acc.employee.id);
    const login403 = await new Visitor(srvBase()).post('/api/authentication/', { login: EMPLOYEE, password: PASSWORD });
    expect(login403.body.errors[0].message).toBe('Учётная запись заблокирована администратором компании');
    // Notices go out from the message outbox a moment after the call.
    await messagesSent(srvBase());
    expect(mailsTo(EMPLOYEE).at(-1)!.subject).toContain('Доступ к личному кабинету приостановлен');

    const unblocked = await admin.post(BLOCK, { userId: acc.employee.id, blocked: 'N' });
    expect(unblocked.body.data).toMatchObject({ blocked: 'N', changed: true });
    expect((await admin.get(LIST)).body.data.activeUsers.map((u: any) => u.userId)).toContain(acc.employee.id);
    // The session ended for good (its row is gone), not only while the flag was set.
    expect((await foreman.get('/web/profile/get/')).res.status).toBe(401);
    expect((await (await login(EMPLOYEE)).get('/web/profile/get/')).res.status).toBe(200);
    await messagesSent(srvBase());
    expect(mailsTo(EMPLOYEE).at(-1)!.subject).toContain('Доступ к личному кабинету восстановлен');
  });

  it('blocking twice changes nothing and sends no second notice', async () => {
    const admin = await login(ADMIN);
    const before = mailsTo(acc.blocked.email).length;
    const again = await admin.post(BLOCK, { userId: acc.blocked.id, blocked: 'Y' });
    expect(again.body.data).toMatchObject({ blocked: 'Y', changed: false });
    await messagesSent(srvBase());
    expect(mailsTo(acc.blocked.email).length).toBe(before);
  });

  it('an admin cannot block themself', async () => {
    const { res, body } = await (await login(ADMIN)).post(BLOCK, { userId: acc.admin.id, blocked: 'Y' });
    expect(res.status).toBe(422);
    expect(body.errors[0].message).toBe('Нельзя заблокировать самого себя');
  });

  it('two admins blocking each other at the same moment leave the company one active admin', async () => {
    const a = await login('a@tretiy.by');
    const b = await login('b@tretiy.by');
    const [ab, ba] = await Promise.all([a.post(BLOCK, { userId: 'third-b', blocked: 'Y' }), b.post(BLOCK, { userId: 'third-a', blocked: 'Y' })]);
    const outcomes = [ab, ba].map((r) => r.res.status).sort();
    expect(outcomes[0]).toBe(200);
    expect([401, 409]).toContain(outcomes[1]);
    const survivor = ab.res.status === 200 ? a : b;
    const list = await survivor.get(LIST);
    expect(list.body.data.activeUsers.filter((u: any) => u.isContragentAdmin)).toHaveLength(1);
  });

  it('bad input is a Russian 422', async () => {
    const { res, body } = await (await login(ADMIN)).post(BLOCK, { userId: acc.employee.id, blocked: 'maybe' });
    expect(res.status).toBe(422);
    expect(body.errors[0].message).toMatch(/^Блокировка: /);
  });
});

describe('contract request (POST api/contracts/requestContractFromCrm/)', () => {
  it('is stored as queued and delivered to the CRM webhook on the third try, after two failures with a growing pause', async () => {
    const admin = await login(ADMIN);
    const { res, body } = await admin.post(CONTRACT, goodContract);
    expect(res.status).toBe(200);
    const request = body.data.request;
    expect(request).toMatchObject({ status: 'queued', monthlyVolume: { code: '5k_20k', label: '5 000 – 20 000 BYN' }, contact: { phone: '+375 29 222-33-44' } });
    expect(request.requisites).toMatchObject({ name: acc.company.name, unp: acc.company.unp, iban: 'BY20ALFA30122345670010270000', bic: 'ALFABY2X' });

    const after = await until(
      async () => (await admin.get(CONTRACTS)).body.data.requests.find((r: any) => r.id === request.id),
      (r) => r?.status === 'sent',
    );
    expect(after).toMatchObject({ status: 'sent', statusName: 'Передан менеджеру', sentVia: 'crm', crmRef: `CRM-${request.id}` });
    const mine = company.hits.filter((h) => h.body.requestId === request.id);
    expect(mine.map((h) => h.status)).toEqual([503, 503, 200]);
    expect(new Set(mine.map((h) => h.key))).toEqual(new Set([`contract_request-${request.id}`]));
    // Exponential backoff: 250 ms, then 500 ms (plus polling), never a tight loop.
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(240);
    expect(mine[2]!.at - mine[1]!.at).toBeGreaterThanOrEqual(490);
    expect(mine[2]!.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(mine[2]!.raw).digest('hex')}`);
    expect(mine[2]!.body).toMatchObject({ event: 'contract_request.created', company: { unp: acc.company.unp }, requestedBy: { userId: acc.admin.id }, comment: goodContract.comment });
  });

  it('the company name and УНП come from the company row, whatever the form says', async () => {
    const { body } = await (await login(ADMIN)).post(CONTRACT, { ...goodContract, name: 'ООО «Подмена»', unp: '999999999' });
    expect(body.data.request.requisites).toMatchObject({ name: acc.company.name, unp: acc.company.unp });
  });

  it('bad input: every field says in Russian what to fix', async () => {
    const { res, body } = await (await login(ADMIN)).post(CONTRACT, { iban: 'BY12', bic: '1', contactPhone: '12', contactEmail: 'x@', monthlyVolume: 'lots' });
    expect(res.status).toBe(422);
    const fields = body.errors.map((e) => e.field).sort();
    expect(fields).toEqual(['bankName', 'bic', 'contactEmail', 'contactName', 'contactPhone', 'iban', 'legalAddress', 'monthlyVolume']);
    expect(body.errors.find((e) => e.field === 'iban')!.message).toMatch(/^Расчётный счёт \(IBAN\): нужно 28 знаков/);
    expect(body.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
  });
});

describe('only the company admin, only their own company (spec §6)', () => {
  const calls = (tag: string): [string, string, unknown?][] => [
    ['GET', LIST],
    ['GET', `${GET_USER}?userId=${acc.employee.id}`],
    ['POST', ADD, { name: 'Чужой', email: `intruder-${tag}@example.by` }],
    ['POST', UPDATE, { userId: acc.employee.id, name: 'Взломано', permissions: ['company_orders'], orderLimit: '1' }],
    ['POST', BLOCK, { userId: acc.employee.id, blocked: 'Y' }],
    ['POST', CONTRACT, goodContract],
    ['GET', CONTRACTS],
  ];
  const send = (v: Visitor, [method, url, body]: [string, string, unknown?]) => (method === 'GET' ? v.get(url) : v.post(url, body));

  async function snapshot() {
    const admin = await login(ADMIN);
    const list = (await admin.get(LIST)).body.data;
    const { lastLoginAt: _signedInMeanwhile, ...foreman } = (await admin.get(`${GET_USER}?userId=${acc.employee.id}`)).body.data.user;
    return {
      foreman,
      users: list.activeUsers.map((u: any) => u.email).sort(),
      counts: list.counts,
      contracts: (await admin.get(CONTRACTS)).body.data.requests.map((r: any) => r.id),
    };
  }

  it('a guest gets error 101 on every call', async () => {
    for (const call of calls('guest')) {
      const { res, body } = await send(new Visitor(srvBase()), call);
      expect(res.status, call[1]).toBe(401);
      expect(body.errors[0].code).toBe(101);
    }
  });

  it('an employee and a retail customer get 403 on every call and change nothing', async () => {
    const before = await snapshot();
    for (const email of [EMPLOYEE, RETAIL, OTHER_EMPLOYEE]) {
      const v = await login(email);
      for (const call of calls(email.split('@')[0]!)) {
        const { res, body } = await send(v, call);
        expect(res.status, `${email} ${call[1]}`).toBe(403);
        expect(body.errors[0].message).toBe('Доступно только администратору компании');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(mailsTo('intruder-prorab@example.by')).toEqual([]);
  });

  it("another company's admin cannot see, change or block our users, and their own calls never reach us", async () => {
    const before = await snapshot();
    const other = await login(OTHER_ADMIN);
    const list = await other.get(LIST);
    expect(list.body.data.activeUsers.some((u: any) => u.email.endsWith(`@${acc.domain}`))).toBe(false);
    for (const [method, url, body] of calls('other').filter(([, u]) => u.startsWith(GET_USER) || u === UPDATE || u === BLOCK)) {
      const r = method === 'GET' ? await other.get(url) : await other.post(url, body);
      expect(r.res.status, url).toBe(404);
    }
    const steal = await other.post(ADD, { name: 'Переманить', email: EMPLOYEE });
    expect(steal.res.status).toBe(409);
    expect(steal.body.errors[0].message).toContain('уже используется в интернет-магазине');
    const theirContract = await other.post(CONTRACT, { ...goodContract, contactEmail: OTHER_ADMIN });
    expect(theirContract.body.data.request.requisites).toMatchObject({ name: 'ООО «ДругаяСтройка»', unp: '192345678' });
    expect((await other.get(CONTRACTS)).body.data.requests.map((r: any) => r.id)).toEqual([theirContract.body.data.request.id]);
    expect(await snapshot()).toEqual(before);
    // The employee they tried to block still works.
    expect((await (await login(EMPLOYEE)).get('/web/profile/get/')).res.status).toBe(200);
  });

  it('pages: 403 for an employee and a retail customer, 404 for another company\'s user card, login for a guest', async () => {
    for (const email of [EMPLOYEE, RETAIL]) {
      const v = await login(email);
      for (const url of ['/personal/users/', '/personal/users/new/', `/personal/users/${acc.employee.id}/`]) {
        const res = await v.raw(url);
        expect(res.status, `${email} ${url}`).toBe(403);
        expect(await res.text()).toContain('Доступ запрещён');
      }
    }
    const other = await login(OTHER_ADMIN);
    const foreign = await other.raw(`/personal/users/${acc.employee.id}/`);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(EMPLOYEE);
    const own = await other.raw('/personal/users/other-emp/');
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const guest = await new Visitor(srvBase()).raw('/personal/users/');
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/login/?backurl=%2Fpersonal%2Fusers%2F');
  });
});
