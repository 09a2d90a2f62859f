/**
 * The server of tests/integration/company-users.test.ts: the demo catalogue, the file's own data set
 * (tests/helpers/fixtures.ts: its company, admin, employees, customer, staff) plus two more companies
 * (written before it starts), and a local CRM webhook that is down for the first two attempts of
 * each message. Also the file's small readers: sign-in, the mail outbox, waiting for a state.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { Visitor } from './http';
import { freePort, startOwnServer, type OwnServer } from './own-server';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { fixture, writeFixture } from './fixtures';
import { accounts, companies, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

/** The file's own set: its company is «the admin's company» of every test. */
export const COMPANY_SET = fixture('company-users');
export const ADMIN = COMPANY_SET.admin.email;
export const EMPLOYEE = COMPANY_SET.employee.email;
export const RETAIL = COMPANY_SET.retail.email;
export const STAFF = COMPANY_SET.staff.email;
export const OTHER_ADMIN = 'boss@drugaya.by';
export const OTHER_EMPLOYEE = 'master@drugaya.by';
export const SECRET = 'webhook-test-secret';

export const LIST = '/web/personal/contragent/getUsersList/';
export const GET_USER = '/web/personal/contragent/getUser/';
export const ADD = '/api/profile/contragent/addManager/';
export const UPDATE = '/api/personal/contragent/updateUser/';
export const BLOCK = '/api/personal/contragent/setBlockUser/';
export const CONTRACT = '/api/contracts/requestContractFromCrm/';
export const CONTRACTS = '/web/personal/contragent/getContractRequests/';

export const goodContract = {
  legalAddress: 'г. Минск, ул. Платонова, 20, пом. 4',
  iban: 'BY20 ALFA 3012 2345 6700 1027 0000',
  bankName: 'ЗАО «Альфа-Банк»',
  bic: 'alfaby2x',
  contactName: 'Ольга Ковалёва',
  contactPhone: '8 029 222-33-44',
  contactEmail: COMPANY_SET.admin.email,
  monthlyVolume: '5k_20k',
  comment: 'Нужна отсрочка платежа 30 дней',
};

/** The file's set, and two more companies: «ДругаяСтройка» (an admin, an employee, 24 invited employees for paging) and «ТретийТрест» (two admins). */
async function prepare(db: Db) {
  await writeFixture(db, COMPANY_SET);
  const password = await hashPassword(DEMO_PASSWORD);
  const [other] = await db.insert(companies).values({ name: 'ООО «ДругаяСтройка»', unp: '192345678', legalAddress: 'г. Гомель, ул. Советская, 1' }).returning();
  const [third] = await db.insert(companies).values({ name: 'ОДО «ТретийТрест»', unp: '193456789', legalAddress: 'г. Брест, ул. Ленина, 5' }).returning();
  const people = [
    { id: 'other-admin', email: OTHER_ADMIN, name: 'Борис Другов', companyId: other!.id, isContragentAdmin: true, password: true },
    { id: 'other-emp', email: OTHER_EMPLOYEE, name: 'Мастер Другов', companyId: other!.id, isContragentAdmin: false, password: true },
    { id: 'third-a', email: 'a@tretiy.by', name: 'Анна Третья', companyId: third!.id, isContragentAdmin: true, password: true },
    { id: 'third-b', email: 'b@tretiy.by', name: 'Богдан Третий', companyId: third!.id, isContragentAdmin: true, password: true },
    ...Array.from({ length: 24 }, (_, i) => ({ id: `other-bulk-${i + 10}`, email: `bulk${i + 10}@drugaya.by`, name: `Сотрудник ${i + 10}`, companyId: other!.id, isContragentAdmin: false, password: false })),
  ];
  for (const p of people) {
    await db.insert(users).values({ id: p.id, email: p.email, name: p.name, companyId: p.companyId, isContragentAdmin: p.isContragentAdmin, permissions: ['place_orders'], emailVerified: true });
    if (p.password) await db.insert(accounts).values({ id: `acc-${p.id}`, accountId: p.id, providerId: 'credential', userId: p.id, password });
  }
}

/** One person of a company written by `addCompany()` (no password: for tests that call the server code directly). */
export type Person = { id: string; email?: string; name?: string; admin?: boolean; active?: boolean; blocked?: boolean; permissions?: string[]; orderLimit?: string | null; companyId?: number | null };

/**
 * A company of the test's own with its people (admins active, deactivated or blocked, employees with
 * a limit), written straight into `db`; returns the company's id. Demo accounts are not touched.
 */
export async function addCompany(db: Db, company: { name: string; unp: string }, people: Person[]): Promise<number> {
  const [c] = await db.insert(companies).values({ name: company.name, unp: company.unp, legalAddress: 'г. Минск, ул. Тестовая, 1' }).returning({ id: companies.id });
  for (const p of people) await addPerson(db, { ...p, companyId: c!.id });
  return c!.id;
}

/** One user (a retail customer when `companyId` is absent). */
export async function addPerson(db: Db, p: Person): Promise<void> {
  await db.insert(users).values({
    id: p.id,
    email: p.email ?? `${p.id}@example.by`,
    name: p.name ?? p.id,
    companyId: p.companyId ?? null,
    isContragentAdmin: !!p.admin,
    active: p.active ?? true,
    blocked: p.blocked ?? false,
    permissions: p.permissions ?? ['place_orders'],
    orderLimit: p.orderLimit ?? null,
    emailVerified: true,
  });
}

export type Hit = { key: string; status: number; at: number; body: any; signature: string | undefined; raw: string };
export type Mail = { to: { address: string }[]; subject: string; text: string; html?: string; file: string };

export type CompanyServer = {
  srv: OwnServer;
  /** What the CRM stub received, in order. */
  hits: Hit[];
  login: (email: string) => Promise<Visitor>;
  mailsTo: (address: string) => Mail[];
  stop: () => Promise<void>;
};

export async function startCompanyServer(): Promise<CompanyServer> {
  const hits: Hit[] = [];
  const failuresLeft = new Map<string, number>();
  const stub = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      const left = failuresLeft.get(key) ?? 2;
      const body = JSON.parse(raw);
      const status = left > 0 ? 503 : 200;
      failuresLeft.set(key, left - 1);
      hits.push({ key, status, at: Date.now(), body, signature: req.headers['x-store-signature'] as string | undefined, raw });
      if (status === 503) res.writeHead(503).end('CRM на обслуживании');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `CRM-${body.requestId}` }));
    });
  });
  const stubPort = await freePort();
  await new Promise<void>((r) => stub.listen(stubPort, '127.0.0.1', r));
  const srv = await startOwnServer({
    prepare,
    env: { CRM_WEBHOOK_URL: `http://127.0.0.1:${stubPort}/crm/contract-requests`, CRM_WEBHOOK_SECRET: SECRET, CRM_RETRY_BASE_MS: '250', OUTBOX_POLL_MS: '100' },
  });

  /** Admins' sessions are reused (a login costs a password hash); everyone else signs in afresh. */
  const adminSessions = new Map<string, Visitor>();
  async function login(email: string): Promise<Visitor> {
    const reuse = email === ADMIN || email === OTHER_ADMIN;
    if (reuse && adminSessions.has(email)) return adminSessions.get(email)!;
    const v = new Visitor(srv.base);
    if (reuse) adminSessions.set(email, v);
    const { body } = await v.post('/api/authentication/', { login: email, password: DEMO_PASSWORD });
    expect(body.status, `login ${email}`).toBe('success');
    return v;
  }

  function mailsTo(address: string): Mail[] {
    const dir = path.join(srv.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .filter((f) => f.endsWith('.json') && !f.includes('-sms-'))
      .map((f) => ({ ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')), file: f }))
      .filter((m: Mail) => m.to?.some((t) => t.address === address));
  }

  return {
    srv,
    hits,
    login,
    mailsTo,
    stop: async () => {
      await srv.stop();
      await new Promise((r) => stub.close(r));
    },
  };
}

/** Reads until `ok` (or the time is up) and returns the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

