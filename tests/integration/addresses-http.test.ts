/**
 * Delivery addresses over HTTP against the real server (spec §7 GET /web/personal/addresses/, POST
 * /api/deliveryAddresses/ with every action): good and bad input, codes read from the outbox, the
 * company's rights, and the ownership suite — another user's or another company's address answers
 * 404 and nothing changes. (A second company exists only in addresses-db.test.ts, which calls the
 * same services directly; over HTTP "another company" is the contractor's company seen by a
 * retail customer, and the retail customer's own address seen by the company.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own company admin, employee and customer (tests/helpers/fixtures.ts), not the demo ones; contact e-mails are on its domain. */
const acc = fixture('addresses-http');

const ACCOUNTS = { admin: acc.admin.email, employee: acc.employee.email, retail: acc.retail.email } as const;
type Who = keyof typeof ACCOUNTS;
const as: Record<Who, Visitor> = { admin: new Visitor(), employee: new Visitor(), retail: new Visitor() };

const outbox = () => path.join(inject('dataDir'), 'outbox');

/** The newest code sent to `to` (an SMS to a phone or an e-mail) after `since`. */
function codeFor(to: string, kind: 'sms' | 'mail', since: number): string {
  const dir = outbox();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes('address_')).sort().reverse() : [];
  for (const f of files) {
    const full = path.join(dir, f);
    if (fs.statSync(full).mtimeMs < since) continue;
    const msg = JSON.parse(fs.readFileSync(full, 'utf8'));
    const target = typeof msg.to === 'string' ? msg.to : JSON.stringify(msg.to);
    if ((kind === 'sms') === (msg.kind === 'sms') && target.includes(to)) return /\b(\d{6})\b/.exec(msg.text)![1]!;
  }
  throw new Error(`no code for ${to} in ${dir}`);
}

const act = (who: Who, body: Record<string, unknown>) => as[who].post('/api/deliveryAddresses/', body);
const list = async (who: Who) => (await as[who].get('/web/personal/addresses/')).body.data;

/** Adds an address and confirms it by SMS; returns its id. */
async function addConfirmed(who: Who, address: { city: string; street: string; house: string }, phone: string): Promise<number> {
  const since = Date.now() - 1000;
  const added = await act(who, { action: 'requestAdd', ...address, phone });
  expect(added.res.status).toBe(200);
  const id = added.body.data.address.id as number;
  const sent = await act(who, { action: 'sendVerifyCodeSMS', id, phone });
  expect(sent.body.status).toBe('success');
  const ok = await act(who, { action: 'checkVerifyCode', id, code: codeFor(phone, 'sms', since) });
  expect(ok.body.data).toEqual({ id, status: 'active' });
  return id;
}

beforeAll(async () => {
  for (const who of Object.keys(as) as Who[]) {
    const { body } = await as[who].post('/api/authentication/', { login: ACCOUNTS[who], password: PASSWORD });
    expect(body.status).toBe('success');
  }
});

describe('GET /web/personal/addresses/', () => {
  it('answers error 101 without a session', async () => {
    const { res, body } = await new Visitor().get('/web/personal/addresses/');
    expect(res.status).toBe(401);
    expect(body.errors[0].code).toBe(101);
  });

  it('gives a company user the company addresses with status, deletionRequested and a sessid', async () => {
    const data = await list('admin');
    expect(data.company.name).toBe(acc.company.name);
    expect(data.canManage).toBe(true);
    expect(typeof data.sessid).toBe('string');
    expect(data.sessid.length).toBeGreaterThan(10);
    const first = data.addresses.find((a: { address: string }) => a.address.includes('Притыцкого'));
    expect(first).toMatchObject({ status: 'active', deletionRequested: false, flat: 'офис 12' });
    // Every employee sees the same company addresses, read-only without the right.
    const employee = await list('employee');
    expect(employee.canManage).toBe(false);
    expect(employee.addresses.map((a: { id: number }) => a.id)).toEqual(data.addresses.map((a: { id: number }) => a.id));
  });

  it('gives a retail customer only their own addresses', async () => {
    const data = await list('retail');
    expect(data.company).toBeNull();
    expect(data.canManage).toBe(true);
    expect(data.addresses.every((a: { address: string }) => !a.address.includes('Притыцкого'))).toBe(true);
    expect(data.addresses.some((a: { address: string }) => a.address.includes('Гомель'))).toBe(true);
  });
});

describe('POST /api/deliveryAddresses/: adding, confirming, deleting', () => {
  it('answers error 101 without a session', async () => {
    const { res, body } = await new Visitor().post('/api/deliveryAddresses/', { action: 'requestAdd', city: 'Минск', street: 'ул. Тестовая', house: '1' });
    expect(res.status).toBe(401);
    expect(body.errors[0].code).toBe(101);
  });

  it('refuses a missing or unknown action and bad fields in plain Russian', async () => {
    const missing = await act('retail', {});
    expect(missing.res.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'action', message: 'Действие: обязательное поле' });
    const unknown = await act('retail', { action: 'dropTable' });
    expect(unknown.body.errors[0]).toMatchObject({ field: 'action', message: 'Действие: выберите одно из предложенных значений' });
    const empty = await act('retail', { action: 'requestAdd', address: '   ', phone: '12', email: 'нет' });
    expect(empty.res.status).toBe(422);
    const byField = Object.fromEntries(empty.body.errors.map((e) => [e.field, e.message]));
    expect(byField).toEqual({ city: 'Населённый пункт: обязательное поле', street: 'Улица: обязательное поле', house: 'Дом: обязательное поле', phone: 'Телефон: заполнено неверно', email: 'Email: заполнено неверно' });
    const badId = await act('retail', { action: 'requestDelete', id: 'abc' });
    expect(badId.body.errors[0].field).toBe('id');
    const badCode = await act('retail', { action: 'checkVerifyCode', id: 1, code: '12ab' });
    expect(badCode.body.errors[0]).toMatchObject({ field: 'code', message: 'Код: код — это 6 цифр из письма или SMS' });
    const noPhone = await act('retail', { action: 'sendVerifyCodeSMS', id: 1 });
    expect(noPhone.body.errors[0]).toMatchObject({ field: 'phone', message: 'Телефон: обязательное поле' });
    const badJson = await as.retail.raw('/api/deliveryAddresses/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(badJson.status).toBe(400);
  });

  it('adds a pending address (contacts default to the account), confirms it by an SMS code, and the list shows it active', async () => {
    const since = Date.now() - 1000;
    const added = await act('retail', { action: 'requestAdd', city: 'Гомель', street: 'пр-т Ленина', house: '10', flat: '45', entrance: '3', phone: '8 (029) 700-11-22' });
    expect(added.body.data.address).toMatchObject({ status: 'pending', deletionRequested: false, phone: '+375 29 700-11-22', email: acc.retail.email, emailNotify: true, phoneNotify: false });
    const id = added.body.data.address.id;
    // Not usable before it is confirmed: pending is not active.
    expect((await list('retail')).addresses.find((a: { id: number }) => a.id === id).status).toBe('pending');
    const sent = await act('retail', { action: 'sendVerifyCodeSMS', id, phone: '+375297001122' });
    expect(sent.body.data).toMatchObject({ id, channel: 'sms', sentTo: '+375 29 700-11-22', resendAfter: 60, event: 'ADDRESS_ADD' });
    // The resend timer: a second code (by any channel) waits.
    const again = await act('retail', { action: 'sendVerifyCodeEmail', id });
    expect(again.res.status).toBe(429);
    expect(again.body.data.retryAfter).toBeGreaterThan(0);
    expect(again.body.errors[0].message).toMatch(/^Слишком много попыток\. Повторите через \d+ сек\.$/);
    const code = codeFor('+375 29 700-11-22', 'sms', since);
    const wrong = await act('retail', { action: 'checkVerifyCode', id, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.res.status).toBe(422);
    expect(wrong.body.errors[0].message).toMatch(/^Неверный код\. Осталось попыток: 4$/);
    const ok = await act('retail', { action: 'checkVerifyCode', id, code });
    expect(ok.body.data).toEqual({ id, status: 'active' });
    // A spent code confirms nothing twice.
    const twice = await act('retail', { action: 'checkVerifyCode', id, code });
    expect(twice.res.status).toBe(409);
    expect((await list('retail')).addresses.find((a: { id: number }) => a.id === id)).toMatchObject({ status: 'active', flat: '45', entrance: '3' });
  });

  it('keeps the address as fields and answers the composed line (issue 30)', async () => {
    const before = (await list('retail')).addresses.length;
    const { res, body } = await act('retail', { action: 'requestAdd', city: 'Гомельская обл., г. Гомель', region: 'Гомельская обл.', street: 'ул. Мазурова', house: '12а к2', flat: '5' });
    expect(res.status).toBe(200);
    expect(body.data.address).toMatchObject({
      city: 'Гомель',
      region: 'Гомельская обл.',
      street: 'ул. Мазурова',
      house: '12А',
      building: '2',
      flat: '5',
      address: 'Гомельская обл., г. Гомель, ул. Мазурова, д. 12А, корп. 2',
      unstructured: false,
      status: 'pending',
    });
    expect((await list('retail')).addresses).toHaveLength(before + 1);
    await act('retail', { action: 'requestDelete', id: body.data.address.id });
  });

  it('refuses a wrong house number, an unknown locality, a line without fields: Russian 422 naming each field, nothing saved', async () => {
    const before = await list('retail');
    const cases: [Record<string, unknown>, Record<string, RegExp>][] = [
      [{ city: 'Гомель', street: 'ул. Мазурова', house: '12-14' }, { house: /^Дом: номер дома указывается так: 12, 12А, 12\/1 или 12 к2$/ }],
      [{ city: 'Гомель', street: 'ул. Мазурова', house: 'д.12Z' }, { house: /^Дом: номер дома/ }],
      [{ city: 'Гомелъ', street: 'ул. Мазурова', house: '12' }, { city: /^Населённый пункт: такого населённого пункта нет в списке/ }],
      [{ city: 'Москва', street: 'Тверская', house: '1', flat: 'у двери' }, { city: /нет в списке/, flat: /^Квартира \/ офис: квартира — номер/ }],
      [{ city: 'Свислочь', street: 'ул. Ленина', house: '1' }, { city: /несколько .*Гродненская обл\., г\. Свислочь/ }],
      [{ address: 'г. Гомель, ул. Мазурова, 12' }, { address: /^Адрес: адрес теперь указывается по полям/, city: /обязательное поле/, street: /обязательное поле/, house: /обязательное поле/ }],
    ];
    for (const [fields, expected] of cases) {
      const { res, body } = await act('retail', { action: 'requestAdd', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const got = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
      expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
      for (const [field, re] of Object.entries(expected)) expect(got[field]).toMatch(re);
    }
    expect(await list('retail')).toEqual(before);
  });

  it('sends a code only to the account or the address contacts, by e-mail too', async () => {
    const since = Date.now() - 1000;
    const { body } = await act('retail', { action: 'requestAdd', city: 'Гомель', street: 'ул. Кирова', house: '5', email: `dostavka@${acc.domain}`, phone: '' });
    const id = body.data.address.id;
    expect(body.data.address.phone).toBe(acc.retail.phone);
    const stranger = await act('retail', { action: 'sendVerifyCodeSMS', id, phone: '+375 44 000-00-01' });
    expect(stranger.res.status).toBe(422);
    expect(stranger.body.errors[0]).toMatchObject({ field: 'phone', message: 'Код можно отправить только на ваш телефон или на телефон этого адреса' });
    const strangerMail = await act('retail', { action: 'sendVerifyCodeEmail', id, email: 'someone@else.by' });
    expect(strangerMail.body.errors[0].field).toBe('email');
    const sent = await act('retail', { action: 'sendVerifyCodeEmail', id, email: `dostavka@${acc.domain}` });
    expect(sent.body.data).toMatchObject({ channel: 'email', sentTo: `dostavka@${acc.domain}` });
    const ok = await act('retail', { action: 'checkVerifyCode', id, code: codeFor(`dostavka@${acc.domain}`, 'mail', since) });
    expect(ok.body.data.status).toBe('active');
  });

  it('refuses a duplicate address', async () => {
    const dup = await act('retail', { action: 'requestAdd', city: 'гомель', street: 'ул.  советская', house: '41', flat: 'кв. 17' });
    expect(dup.res.status).toBe(409);
    expect(dup.body.errors[0].message).toBe('Такой адрес уже есть в списке');
  });

  it('requests a deletion, cancels it, requests again and confirms it by code: then the address is gone', async () => {
    const id = await addConfirmed('retail', { city: 'Гомель', street: 'ул. Победы', house: '3' }, '+375 29 700-22-33');
    const asked = await act('retail', { action: 'requestDelete', id });
    expect(asked.body.data).toEqual({ id, status: 'deletion_requested', deletionRequested: true });
    expect((await list('retail')).addresses.find((a: { id: number }) => a.id === id)).toMatchObject({ status: 'deletion_requested', deletionRequested: true });
    const twice = await act('retail', { action: 'requestDelete', id });
    expect(twice.res.status).toBe(409);
    const cancelled = await act('retail', { action: 'cancelDelete', id });
    expect(cancelled.body.data.address).toMatchObject({ id, status: 'active', deletionRequested: false });
    const notAsked = await act('retail', { action: 'cancelDelete', id });
    expect(notAsked.res.status).toBe(409);
    expect(notAsked.body.errors[0].message).toBe('Удаление этого адреса не запрашивалось');
    const noCodeForActive = await act('retail', { action: 'sendVerifyCodeSMS', id, phone: '+375 29 700-22-33' });
    expect(noCodeForActive.res.status).toBe(409);

    await act('retail', { action: 'requestDelete', id });
    const since = Date.now() - 1000;
    const sent = await act('retail', { action: 'sendVerifyCodeSMS', id, phone: '+375 29 700-22-33' });
    expect(sent.body.data.event).toBe('ADDRESS_DELETE');
    const done = await act('retail', { action: 'checkVerifyCode', id, code: codeFor('+375 29 700-22-33', 'sms', since) });
    expect(done.body.data).toEqual({ id, status: 'deleted' });
    expect((await list('retail')).addresses.some((a: { id: number }) => a.id === id)).toBe(false);
    expect((await act('retail', { action: 'cancelDelete', id })).res.status).toBe(404);
  });

  it('deletes a never-confirmed address at once', async () => {
    const { body } = await act('retail', { action: 'requestAdd', city: 'Гомель', street: 'ул. Временная', house: '1' });
    const id = body.data.address.id;
    const gone = await act('retail', { action: 'requestDelete', id });
    expect(gone.body.data).toEqual({ id, status: 'deleted', deletionRequested: false });
    expect((await list('retail')).addresses.some((a: { id: number }) => a.id === id)).toBe(false);
  });
});

describe('POST /api/deliveryAddresses/: notification contacts', () => {
  it('switches one address notices and changes its contacts; a switch needs a contact', async () => {
    const own = (await list('retail')).addresses.find((a: { address: string }) => a.address.includes('Советская'));
    const off = await act('retail', { action: 'setEmailNotifyStatus', id: own.id, status: 'N' });
    expect(off.body.data.address.emailNotify).toBe(false);
    const on = await act('retail', { action: 'setPhoneNotifyStatus', id: own.id, status: true });
    expect(on.body.data.address.phoneNotify).toBe(true);
    const badFlag = await act('retail', { action: 'setPhoneNotifyStatus', id: own.id, status: 'maybe' });
    expect(badFlag.res.status).toBe(422);
    const email = await act('retail', { action: 'changeEmail', id: own.id, email: `Ivan@${acc.domain.toUpperCase()} ` });
    expect(email.body.data.address.email).toBe(`ivan@${acc.domain}`);
    const phone = await act('retail', { action: 'changePhone', id: own.id, phone: '80445556677' });
    expect(phone.body.data.address.phone).toBe('+375 44 555-66-77');
    const badPhone = await act('retail', { action: 'changePhone', id: own.id, phone: '+7 999 111' });
    expect(badPhone.body.errors[0]).toMatchObject({ field: 'phone', message: 'Телефон: заполнено неверно' });
    // Clearing a contact switches its notices off; switching on without a contact is refused.
    const cleared = await act('retail', { action: 'changePhone', id: own.id, phone: '' });
    expect(cleared.body.data.address).toMatchObject({ phone: null, phoneNotify: false });
    const refused = await act('retail', { action: 'setPhoneNotifyStatus', id: own.id, status: 'Y' });
    expect(refused.res.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('Сначала укажите телефон для уведомлений');
    await act('retail', { action: 'changePhone', id: own.id, phone: '+375 29 111-22-33' });
  });

  it('changes the contact and the switch of every address at once', async () => {
    const noop = await act('admin', { action: 'changeEmailAll' });
    expect(noop.res.status).toBe(422);
    expect(noop.body.errors[0].message).toBe('Укажите контакт или включите либо выключите уведомления');
    const offAll = await act('admin', { action: 'changePhoneAll', status: 'N' });
    const count = (await list('admin')).addresses.length;
    expect(offAll.body.data).toEqual({ updated: count, withoutContact: 0 });
    expect((await list('admin')).addresses.every((a: { phoneNotify: boolean }) => !a.phoneNotify)).toBe(true);
    const both = await act('admin', { action: 'changeEmailAll', email: acc.blocked.email, status: 'Y' });
    expect(both.body.data.updated).toBe(count);
    const after = (await list('admin')).addresses;
    expect(after.every((a: { email: string; emailNotify: boolean }) => a.email === acc.blocked.email && a.emailNotify)).toBe(true);
    const phones = await act('admin', { action: 'changePhoneAll', phone: '+375 29 222-33-44', status: 'Y' });
    expect(phones.body.data.updated).toBe(count);
    expect((await list('admin')).addresses.every((a: { phoneNotify: boolean }) => a.phoneNotify)).toBe(true);
    // The retail customer's addresses were not touched by the company's "all".
    expect((await list('retail')).addresses.every((a: { email: string }) => a.email !== acc.blocked.email)).toBe(true);
  });
});

describe('a company: its admin decides, an employee without the right only reads', () => {
  const idTaking = (id: number) => [
    { action: 'requestDelete', id },
    { action: 'cancelDelete', id },
    { action: 'sendVerifyCodeEmail', id },
    { action: 'sendVerifyCodeSMS', id, phone: '+375 29 222-33-44' },
    { action: 'checkVerifyCode', id, code: '123456' },
    { action: 'setEmailNotifyStatus', id, status: 'N' },
    { action: 'setPhoneNotifyStatus', id, status: 'N' },
    { action: 'changeEmail', id, email: 'x@y.by' },
    { action: 'changePhone', id, phone: '+375 29 000-00-00' },
  ];

  it('refuses every change by an employee without manage_addresses (403) and changes nothing', async () => {
    const before = await list('admin');
    const id = before.addresses[0].id;
    for (const body of [...idTaking(id), { action: 'requestAdd', city: 'Минск', street: 'ул. Чужая', house: '1' }, { action: 'changeEmailAll', status: 'N' }, { action: 'changePhoneAll', status: 'N' }]) {
      const { res, body: env } = await act('employee', body);
      expect(res.status, body.action).toBe(403);
      expect(env.errors[0].message).toMatch(/Управлять адресами доставки/);
    }
    expect(await list('admin')).toEqual(before);
  });

  it('lets the admin add a company address that every employee then sees', async () => {
    const id = await addConfirmed('admin', { city: 'Минск', street: 'ул. Кальварийская', house: '21' }, '+375 29 700-33-44');
    const seen = (await list('employee')).addresses.find((a: { id: number }) => a.id === id);
    expect(seen).toMatchObject({ status: 'active', addedBy: acc.admin.name });
  });
});

describe('ownership: another user\'s or another company\'s address is 404 and stays as it was', () => {
  const calls = (id: number) => [
    { action: 'requestDelete', id },
    { action: 'cancelDelete', id },
    { action: 'sendVerifyCodeEmail', id },
    { action: 'sendVerifyCodeSMS', id, phone: '+375 29 222-33-44' },
    { action: 'checkVerifyCode', id, code: '123456' },
    { action: 'setEmailNotifyStatus', id, status: 'N' },
    { action: 'setPhoneNotifyStatus', id, status: 'N' },
    { action: 'changeEmail', id, email: 'thief@evil.by' },
    { action: 'changePhone', id, phone: '+375 29 666-66-66' },
  ];

  it('the company admin cannot touch a retail customer\'s address', async () => {
    const before = await list('retail');
    const theirs = before.addresses[0].id;
    for (const body of calls(theirs)) {
      const { res, body: env } = await act('admin', body);
      expect(res.status, body.action).toBe(404);
      expect(env.errors[0].message).toBe('Адрес не найден');
    }
    expect(await list('retail')).toEqual(before);
  });

  it('a retail customer cannot touch the company\'s addresses, not even one whose deletion is pending', async () => {
    const company = await list('admin');
    const pendingDelete = company.addresses[1].id;
    await act('admin', { action: 'requestDelete', id: pendingDelete });
    const before = await list('admin');
    for (const id of [before.addresses[0].id, pendingDelete]) {
      for (const body of calls(id)) {
        const { res } = await act('retail', body);
        expect(res.status, `${body.action} ${id}`).toBe(404);
      }
    }
    expect(await list('admin')).toEqual(before);
    await act('admin', { action: 'cancelDelete', id: pendingDelete });
  });

  it('an id that does not exist is the same 404', async () => {
    const { res, body } = await act('admin', { action: 'requestDelete', id: 2_000_000_000 });
    expect(res.status).toBe(404);
    expect(body.errors[0].message).toBe('Адрес не найден');
  });

  it('a retail customer\'s "all" change never reaches the company\'s addresses', async () => {
    const company = await list('admin');
    await act('retail', { action: 'changeEmailAll', email: `ivan@${acc.domain}`, status: 'Y' });
    expect(await list('admin')).toEqual(company);
  });
});
