/**
 * Issue 13, states of delivery addresses: when an address becomes confirmed, or its deletion is
 * done, the people it belongs to hear about it under the bell — the one who added it and, for a
 * company's address, the company's admins. Whoever did not make the change also gets an e-mail
 * copy (it happened without them); the one who typed the code gets none (they saw it happen).
 * Withdrawing a never-confirmed address or cancelling a deletion changes nothing and tells no one.
 *
 * Own server: the file's data set (tests/helpers/fixtures.ts) and an employee of its company with the
 * right to manage addresses are written before it starts; every inbox is this file's alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { messagesSent, Visitor } from '../helpers/http';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { accounts, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

const acc = fixture('address-notifications');
const ADMIN = acc.admin.email;
const KEEPER = `adresa@${acc.domain}`;
const READER = acc.employee.email;
const RETAIL = acc.retail.email;

/** The file's set, and an employee of its company who may manage its addresses (not an admin). */
async function prepare(db: Db) {
  await writeFixture(db, acc);
  const [admin] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, ADMIN));
  await db.insert(users).values({ id: 'addr-keeper', email: KEEPER, name: 'Алла Адресова', phone: '+375 29 700-80-90', companyId: admin!.companyId, isContragentAdmin: false, permissions: ['place_orders', 'manage_addresses'], emailVerified: true });
  await db.insert(accounts).values({ id: 'acc-addr-keeper', accountId: 'addr-keeper', providerId: 'credential', userId: 'addr-keeper', password: await hashPassword(PASSWORD) });
}

let srv: OwnServer;
const as: Record<string, Visitor> = {};

type Mail = { file: string; to: string; subject: string; text: string; kind?: string };
function outbox(): Mail[] {
  const dir = path.join(srv.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const m = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      return { file, to: typeof m.to === 'string' ? m.to : (m.to ?? []).map((a: { address: string }) => a.address).join(','), subject: m.subject ?? '', text: m.text ?? '', kind: m.kind };
    });
}

type Note = { id: number; kind: string; title: string; text: string; href: string | null; read: boolean };
const notes = async (email: string): Promise<Note[]> => (await as[email]!.get('/web/notifications/?page_size=50')).body.data.items;
const aboutAddresses = async (email: string) => (await notes(email)).filter((n) => n.kind === 'address');
const act = async (email: string, body: Record<string, unknown>) => {
  const r = await as[email]!.post('/api/deliveryAddresses/', body);
  expect(r.body.status, `${body.action}: ${JSON.stringify(r.body.errors)}`).toBe('success');
  return r.body.data;
};

/** Sends the code for address `id` to the actor's own e-mail and types it in; returns the new status. */
async function confirmByCode(email: string, id: number): Promise<string> {
  const seen = new Set(outbox().map((m) => m.file));
  await act(email, { action: 'sendVerifyCodeEmail', id });
  const mail = outbox().find((m) => !seen.has(m.file) && m.to === email)!;
  const code = /\b(\d{6})\b/.exec(`${mail.subject} ${mail.text}`)![1]!;
  return (await act(email, { action: 'checkVerifyCode', id, code })).status;
}

/** What `email` received by mail since `files` was taken (codes aside). */
const newMailTo = (email: string, files: Set<string>) => outbox().filter((m) => !files.has(m.file) && m.to === email && m.kind !== 'sms' && !/\b\d{6}\b/.test(m.subject));

beforeAll(async () => {
  srv = await startOwnServer({ prepare });
  for (const email of [ADMIN, KEEPER, READER, RETAIL]) {
    as[email] = new Visitor(srv.base);
    const r = await as[email]!.post('/api/authentication/', { login: email, password: PASSWORD });
    expect(r.body.status, email).toBe('success');
  }
}, 180_000);

afterAll(async () => {
  await srv?.stop();
});

describe('a retail customer’s own address', () => {
  let id: number;

  it('confirmed by code: a notification «Адрес доставки подтверждён» naming the address, no e-mail copy to the one who confirmed', async () => {
    id = (await act(RETAIL, { action: 'requestAdd', city: 'Гродно', street: 'ул. Ожешко', house: '14', flat: '7' })).address.id;
    expect(await aboutAddresses(RETAIL)).toEqual([]);
    const before = new Set(outbox().map((m) => m.file));
    expect(await confirmByCode(RETAIL, id)).toBe('active');
    const [n, ...rest] = await aboutAddresses(RETAIL);
    expect(rest).toEqual([]);
    expect(n).toMatchObject({ title: 'Адрес доставки подтверждён', href: '/personal/addresses/', read: false });
    expect(n!.text).toContain('Гродненская обл., г. Гродно, ул. Ожешко, д. 14, кв./офис 7');
    await messagesSent(srv.base);
    expect(newMailTo(RETAIL, before)).toEqual([]);
  });

  it('a deletion asked for and then cancelled tells nothing', async () => {
    await act(RETAIL, { action: 'requestDelete', id });
    await act(RETAIL, { action: 'cancelDelete', id });
    expect(await aboutAddresses(RETAIL)).toHaveLength(1);
  });

  it('deletion confirmed by code: a notification «Адрес доставки удалён»', async () => {
    await act(RETAIL, { action: 'requestDelete', id });
    expect(await confirmByCode(RETAIL, id)).toBe('deleted');
    const titles = (await aboutAddresses(RETAIL)).map((n) => n.title);
    expect(titles).toEqual(['Адрес доставки удалён', 'Адрес доставки подтверждён']);
  });

  it('a never-confirmed address withdrawn at once (no code) tells nothing', async () => {
    const pending = (await act(RETAIL, { action: 'requestAdd', city: 'Лида', street: 'ул. Советская', house: '3' })).address.id;
    expect(await act(RETAIL, { action: 'requestDelete', id: pending })).toMatchObject({ status: 'deleted' });
    expect(await aboutAddresses(RETAIL)).toHaveLength(2);
  });
});

describe('a company address: the one who added it and the company admin hear, the others do not', () => {
  let id: number;

  it('an employee with the right confirms a new address: both are notified, the admin also by e-mail', async () => {
    id = (await act(KEEPER, { action: 'requestAdd', city: 'Минск', street: 'ул. Кальварийская', house: '24' })).address.id;
    const before = new Set(outbox().map((m) => m.file));
    expect(await confirmByCode(KEEPER, id)).toBe('active');
    for (const email of [KEEPER, ADMIN]) {
      const n = (await aboutAddresses(email)).find((x) => x.text.includes('Кальварийская, д. 24'));
      expect(n, email).toMatchObject({ title: 'Адрес доставки подтверждён', href: '/personal/addresses/' });
      expect(n!.text, email).toContain('Алла Адресова');
    }
    await messagesSent(srv.base);
    const mails = newMailTo(ADMIN, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Адрес доставки подтверждён');
    expect(mails[0]!.text).toContain('г. Минск, ул. Кальварийская, д. 24');
    expect(newMailTo(KEEPER, before)).toEqual([]);
    // An employee without the right to manage addresses, who neither added it nor decides, is not told.
    expect(await aboutAddresses(READER)).toEqual([]);
  });

  it('the admin deletes it: the employee who added it is notified and gets an e-mail copy', async () => {
    await act(ADMIN, { action: 'requestDelete', id });
    const before = new Set(outbox().map((m) => m.file));
    expect(await confirmByCode(ADMIN, id)).toBe('deleted');
    const keeperNote = (await aboutAddresses(KEEPER)).find((x) => x.title === 'Адрес доставки удалён');
    expect(keeperNote!.text).toContain('г. Минск, ул. Кальварийская, д. 24');
    expect(keeperNote!.text).toContain(acc.admin.name);
    await messagesSent(srv.base);
    expect(newMailTo(KEEPER, before).map((m) => m.subject.includes('Адрес доставки удалён'))).toEqual([true]);
    expect((await aboutAddresses(ADMIN)).some((x) => x.title === 'Адрес доставки удалён')).toBe(true);
    expect(newMailTo(ADMIN, before)).toEqual([]);
  });
});
