/**
 * The CRM outbox against a real database: leases, several workers at once, the switch to the sales
 * mailbox when the CRM stays down — and, over HTTP on the suite's server (no webhook configured),
 * a contract request e-mailed to the sales address.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { Visitor } from '../helpers/http';
import { freePort } from '../helpers/own-server';
import { openDatabase, type Db, type DbHandle } from '../../src/server/db/client';
import { companies, contractRequests, crmOutbox } from '../../src/server/db/schema';
import { claimDue, deliverDue, enqueue, outboxSettings, type OutboxSettings } from '../../src/server/company/crm-outbox';
import { parseEnv, reloadConfig } from '../../src/server/config';
import type { ContractMessage } from '../../src/server/company/crm-delivery';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own contractor admin on the suite's server (tests/helpers/fixtures.ts), not the demo one. */
const acc = fixture('crm-outbox');

let h: TestDb;
let second: DbHandle | null = null;
let stub: http.Server;
let stubUrl: string;
let answer = 200;
const received: string[] = [];
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-outbox-mail-'));
let companyId: number;

beforeAll(async () => {
  process.env.DATA_DIR = mailDir;
  reloadConfig();
  h = await createTestDb({ seed: false });
  // With PostgreSQL the second "node" is a second connection pool, so the two workers really race.
  if (h.url) second = await openDatabase({ databaseUrl: h.url });
  const [c] = await h.db.insert(companies).values({ name: 'ООО «Тест»', unp: '190000001' }).returning();
  companyId = c!.id;
  stub = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['idempotency-key']));
      res.writeHead(answer).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => stub.listen(port, '127.0.0.1', r));
  stubUrl = `http://127.0.0.1:${port}/hook`;
});

afterAll(async () => {
  await second?.close();
  await h?.drop();
  await new Promise((r) => stub?.close(r));
  fs.rmSync(mailDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await h.db.delete(contractRequests);
  received.length = 0;
  answer = 200;
});

const settings = (over: Partial<OutboxSettings> = {}): OutboxSettings => ({ ...outboxSettings(parseEnv({})), webhookUrl: stubUrl, baseDelayMs: 30, maxDelayMs: 1000, leaseMs: 1000, ...over });

async function newRequest(db: Db): Promise<number> {
  const requisites = { name: 'ООО «Тест»', unp: '190000001', legalAddress: 'г. Минск', iban: null, bankName: null, bic: null, phone: null, email: null };
  return db.transaction(async (tx) => {
    const [r] = await tx.insert(contractRequests).values({ companyId, requisites, contactName: 'Иван', contactPhone: '+375 29 111-22-33', contactEmail: 'ivan@test.by', monthlyVolume: 'up_to_5k' }).returning();
    const message: ContractMessage = {
      event: 'contract_request.created',
      requestId: r!.id,
      createdAt: new Date().toISOString(),
      company: { id: companyId, ...requisites },
      contact: { name: 'Иван', phone: '+375 29 111-22-33', email: 'ivan@test.by' },
      monthlyVolume: { code: 'up_to_5k', label: 'до 5 000 BYN' },
      comment: null,
      requestedBy: { userId: 'u1', name: 'Иван', email: 'ivan@test.by' },
    };
    await enqueue(tx as unknown as Db, 'contract_request', r!.id, message);
    return r!.id;
  });
}

/** Milliseconds from now to a time column of the request's outbox row. */
const msUntil = async (id: number, column: typeof crmOutbox.lockedUntil | typeof crmOutbox.nextAttemptAt) =>
  (await h.db.select({ ms: sql<number>`extract(epoch from (${column} - now())) * 1000` }).from(crmOutbox).where(eq(crmOutbox.contractRequestId, id)))[0]!.ms;

/** The retry pause has passed (moved in the database rather than slept through). */
const pauseEnds = (id: number) => h.db.update(crmOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(crmOutbox.contractRequestId, id));

const status = async (id: number) => (await h.db.select().from(contractRequests).where(eq(contractRequests.id, id)))[0]!;

describe('CRM outbox', () => {
  it('a claimed message is not claimed again until its lease runs out', async () => {
    const id = await newRequest(h.db);
    const [first] = await claimDue(h.db, 5_000);
    expect(first).toMatchObject({ contract_request_id: id, attempts: 1 });
    expect(Number(await msUntil(id, crmOutbox.lockedUntil))).toBeGreaterThan(3_000);
    expect(await claimDue(h.db, 5_000)).toEqual([]);
    // The lease runs out (moved in the database instead of slept through: a loaded CI machine stretches sleeps).
    await h.db.update(crmOutbox).set({ lockedUntil: sql`now() - interval '1 millisecond'` }).where(eq(crmOutbox.contractRequestId, id));
    const [again] = await claimDue(h.db, 5_000);
    expect(again).toMatchObject({ contract_request_id: id, attempts: 2 });
  });

  it('two workers at once deliver every message exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newRequest(h.db)));
    const s = settings();
    await Promise.all([deliverDue(h.db, s), deliverDue(second?.db ?? h.db, s), deliverDue(h.db, s)]);
    expect(received.sort()).toEqual(ids.map((id) => `contract_request-${id}`).sort());
    for (const id of ids) expect(await status(id)).toMatchObject({ status: 'sent', sentVia: 'crm' });
  });

  it('a CRM that is down keeps the message queued with a growing pause, and after the allowed attempts it goes to the sales mailbox', async () => {
    answer = 503;
    const id = await newRequest(h.db);
    const s = settings({ webhookAttempts: 2, salesMailTo: 'sales@test.by', baseDelayMs: 2_000, maxDelayMs: 60_000 });
    expect(await deliverDue(h.db, s)).toBe(1);
    const [afterOne] = await h.db.select().from(crmOutbox).where(eq(crmOutbox.contractRequestId, id));
    expect(afterOne).toMatchObject({ attempts: 1, deliveredAt: null, lastError: expect.stringContaining('HTTP 503') });
    const firstPause = Number(await msUntil(id, crmOutbox.nextAttemptAt));
    expect(firstPause).toBeGreaterThan(1_000); // the 2 s base (+ up to 10 % jitter), minus the time the test took
    expect(firstPause).toBeLessThanOrEqual(2_200);
    expect(await deliverDue(h.db, s)).toBe(0); // not due yet: the pause has not passed
    await pauseEnds(id);
    expect(await deliverDue(h.db, s)).toBe(1);
    const secondPause = Number(await msUntil(id, crmOutbox.nextAttemptAt));
    expect(secondPause).toBeGreaterThan(3_000); // twice the base after the second failure
    expect(secondPause).toBeLessThanOrEqual(4_400);
    expect((await status(id)).status).toBe('queued');
    expect(await deliverDue(h.db, s)).toBe(0);
    await pauseEnds(id);
    expect(await deliverDue(h.db, s)).toBe(1);
    expect(received).toHaveLength(2);
    expect(await status(id)).toMatchObject({ status: 'sent', sentVia: 'email' });
    const mails = fs.readdirSync(path.join(mailDir, 'outbox')).filter((f) => f.includes('contract-request'));
    const mail = JSON.parse(fs.readFileSync(path.join(mailDir, 'outbox', mails.at(-1)!), 'utf8'));
    expect(mail.to[0].address).toBe('sales@test.by');
    expect(mail.subject).toBe(`Запрос договора поставки № ${id}: ООО «Тест», УНП 190000001`);
  });
});

describe('contract request without a CRM webhook (the suite server)', () => {
  it('is e-mailed to the sales address and shown as passed to the manager', async () => {
    const admin = new Visitor();
    expect((await admin.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD })).body.status).toBe('success');
    const { body } = await admin.post('/api/contracts/requestContractFromCrm/', {
      legalAddress: 'г. Минск, ул. Платонова, 20, пом. 4',
      iban: 'BY20ALFA30122345670010270000',
      bankName: 'ЗАО «Альфа-Банк»',
      bic: 'ALFABY2X',
      contactName: acc.admin.name,
      contactPhone: acc.admin.phone,
      contactEmail: acc.admin.email,
      monthlyVolume: 'over_50k',
    });
    const id = body.data.request.id;
    const end = Date.now() + 15_000;
    let request: any;
    while (Date.now() < end) {
      request = (await admin.get('/web/personal/contragent/getContractRequests/')).body.data.requests.find((r: any) => r.id === id);
      if (request.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(request).toMatchObject({ status: 'sent', sentVia: 'email' });
    const dir = path.join(inject('dataDir'), 'outbox');
    const mail = fs
      .readdirSync(dir)
      .filter((f) => f.includes('contract-request'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
      .find((m) => m.subject.startsWith(`Запрос договора поставки № ${id}:`));
    expect(mail.to[0].address).toBe('sales@instrument.by');
    expect(mail.replyTo[0].address).toBe(acc.admin.email);
    expect(mail.text).toContain('Ожидаемый объём закупок в месяц: более 50 000 BYN');
  });
});
