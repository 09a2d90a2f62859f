/**
 * The message outbox (notifications/outbox.ts) against a real SMTP server (smtp-server, on a local port) that
 * refuses when told to: an e-mail the server refuses is kept and sent on a later attempt, attachment and all;
 * one refused every time is given up after MAIL_ATTEMPTS and stays, with its error, for the staff; an SMS goes
 * through the SMS provider; two senders draining one outbox at once send each message once. On a database of
 * its own (PostgreSQL on the PostgreSQL leg: there the two senders are two connection pools, as two nodes are).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestDb, type TestDb } from '../helpers/db';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { messageOutbox } from '../../src/server/db/schema';
import { deliverDueMessages, orderMessages, outboxHealth, pruneMessages, queueMail, queueSms, retryUnsent } from '../../src/server/notifications/outbox';
import { reloadConfig } from '../../src/server/config';

type Received = { to: string[]; raw: string };
const received: Received[] = [];
/** How many of the next messages the server refuses with «451 try again later». */
let refuseNext = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (refuseNext > 0) {
        refuseNext--;
        return done(Object.assign(new Error('4.3.0 Mailbox temporarily unavailable'), { responseCode: 451 }));
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      done();
    });
  },
});

const ENV = ['DATA_DIR', 'SMTP_URL', 'MAIL_RETRY_BASE_MS', 'MAIL_RETRY_MAX_MS', 'MAIL_ATTEMPTS'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
let tdb: TestDb;
let dataDir: string;

const rowOf = async (to: string) => {
  const rows = await tdb.db.select().from(messageOutbox);
  return rows.find((r) => (r.message as { to: string }).to === to)!;
};
const to = (address: string) => received.filter((m) => m.to.includes(address));
/** Lets the pause after a failure (MAIL_RETRY_BASE_MS = 20 ms, doubled per failure) pass. */
const pause = (ms = 200) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'message-outbox-'));
  Object.assign(process.env, { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '20', MAIL_RETRY_MAX_MS: '40', MAIL_ATTEMPTS: '3' });
  reloadConfig();
  tdb = await createTestDb({ seed: false });
});

afterAll(async () => {
  await tdb?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the message outbox', () => {
  it('an e-mail the mail server refuses twice is kept, counted for the staff, and sent on the third attempt with its attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% счёт на оплату\n%%EOF\n');
    await queueMail(tdb.db, { to: 'buyer@outbox.test', subject: 'Заказ Т-1 принят — Инструмент.by', text: 'Спасибо за заказ!', attachments: [{ filename: 'schet-T-1.pdf', content: pdf, contentType: 'application/pdf' }] }, 'order', 'Т-1');
    refuseNext = 2;
    const shown = async () => (await orderMessages(tdb.db, 'Т-1')).map((m) => ({ to: m.to, about: m.about, sent: !!m.sent_at, attempts: m.attempts, error: m.last_error }));
    expect(await shown()).toEqual([{ to: 'buyer@outbox.test', about: 'Заказ Т-1 принят — Инструмент.by', sent: false, attempts: 0, error: null }]);

    expect(await deliverDueMessages(tdb.db)).toBe(1);
    let row = await rowOf('buyer@outbox.test');
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row.lastError).toContain('451');
    // The next attempt waits the pause (MAIL_RETRY_BASE_MS).
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime() + 20);
    expect(await outboxHealth(tdb.db)).toMatchObject({ waiting: 1, retrying: 1, failed: 0, lastError: expect.stringContaining('451') });
    expect(to('buyer@outbox.test')).toEqual([]);
    expect(await shown()).toEqual([{ to: 'buyer@outbox.test', about: 'Заказ Т-1 принят — Инструмент.by', sent: false, attempts: 1, error: expect.stringContaining('451') }]);

    await pause();
    expect(await deliverDueMessages(tdb.db)).toBe(1);
    expect((await rowOf('buyer@outbox.test')).attempts).toBe(2);
    await pause();
    expect(await deliverDueMessages(tdb.db)).toBe(1);

    row = await rowOf('buyer@outbox.test');
    expect(row).toMatchObject({ attempts: 3, lastError: null, failedAt: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const [mail, ...more] = to('buyer@outbox.test');
    expect(more).toEqual([]);
    const unfolded = mail!.raw.replace(/\r\n/g, '\n');
    expect(unfolded).toContain(`Message-ID: ${row.sentRef}`);
    expect(unfolded).toContain('filename=schet-T-1.pdf');
    expect(unfolded.replace(/\n/g, '')).toContain(pdf.toString('base64'));
    expect(await outboxHealth(tdb.db)).toMatchObject({ waiting: 0, retrying: 0, failed: 0 });
    expect(await shown()).toEqual([{ to: 'buyer@outbox.test', about: 'Заказ Т-1 принят — Инструмент.by', sent: true, attempts: 3, error: null }]);
    expect(await orderMessages(tdb.db, 'Т-2')).toEqual([]);
    // Sent is sent: a later pass finds nothing to do.
    await pause();
    expect(await deliverDueMessages(tdb.db)).toBe(0);
    expect(to('buyer@outbox.test')).toHaveLength(1);
  });

  it('refused on every attempt: given up after MAIL_ATTEMPTS, the row keeps its error and the staff see it as failed', async () => {
    await queueMail(tdb.db, { to: 'bounced@outbox.test', subject: 'Заказ Т-2 принят', text: 'Спасибо!' }, 'order');
    refuseNext = 100;
    for (let i = 0; i < 3; i++) {
      expect(await deliverDueMessages(tdb.db)).toBe(1);
      await pause();
    }
    refuseNext = 0;
    expect(await deliverDueMessages(tdb.db)).toBe(0);
    const row = await rowOf('bounced@outbox.test');
    expect(row).toMatchObject({ attempts: 3, sentAt: null });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toContain('451');
    expect(await outboxHealth(tdb.db)).toMatchObject({ waiting: 0, retrying: 0, failed: 1, lastError: expect.stringContaining('451') });
    expect(to('bounced@outbox.test')).toEqual([]);

    // The mail server works again and the staff press «Отправить ещё раз»: the message starts its attempts afresh.
    expect(await retryUnsent(tdb.db)).toBe(1);
    expect(await outboxHealth(tdb.db)).toMatchObject({ waiting: 1, failed: 0 });
    expect(await deliverDueMessages(tdb.db)).toBe(1);
    expect(await rowOf('bounced@outbox.test')).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    expect(to('bounced@outbox.test')).toHaveLength(1);
    expect(await retryUnsent(tdb.db)).toBe(0);
  });

  it('an SMS goes through the SMS provider (the outbox files by default)', async () => {
    await queueSms(tdb.db, { to: '+375291112233', text: 'Заказ Т-3: готов к выдаче' }, 'notify-order');
    expect(await deliverDueMessages(tdb.db)).toBe(1);
    const files = fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.includes('-sms-notify-order-'));
    expect(files.map((f) => JSON.parse(fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8')))).toEqual([{ kind: 'sms', to: '+375291112233', text: 'Заказ Т-3: готов к выдаче' }]);
    const [row] = await tdb.db.select().from(messageOutbox).where(eq(messageOutbox.channel, 'sms'));
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('two senders draining one outbox at the same moment send each message once', async () => {
    const N = 40;
    for (let i = 0; i < N; i++) await queueMail(tdb.db, { to: `many${i}@outbox.test`, subject: `Уведомление ${i}`, text: 'Текст' }, 'notify-order');
    // Two pools on PostgreSQL (as two nodes have); PGlite has one connection, so there the two only interleave.
    const second: DbHandle | null = tdb.url ? await openDatabase({ databaseUrl: tdb.url }) : null;
    try {
      const drain = async (db: DbHandle['db']) => {
        let claimed = 0;
        for (let n; (n = await deliverDueMessages(db, 3)) > 0; ) claimed += n;
        return claimed;
      };
      const claims = await Promise.all([drain(tdb.db), drain(second?.db ?? tdb.db)]);
      expect(claims[0] + claims[1]).toBe(N);
    } finally {
      await second?.close();
    }
    const counts = Array.from({ length: N }, (_, i) => to(`many${i}@outbox.test`).length);
    expect(counts).toEqual(Array(N).fill(1));
  });

  it('old messages are pruned: sent ones after 30 days, given-up ones after 90; open and recent ones stay', async () => {
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = (address: string, set: Partial<typeof messageOutbox.$inferInsert>) => tdb.db.insert(messageOutbox).values({ channel: 'email', tag: 'order', message: { to: address, subject: 'Старое', text: 'Текст' }, ...set });
    await old('sent-31@outbox.test', { sentAt: at(31) });
    await old('sent-29@outbox.test', { sentAt: at(29) });
    await old('failed-91@outbox.test', { failedAt: at(91), lastError: '550' });
    await old('failed-60@outbox.test', { failedAt: at(60), lastError: '550' });
    await old('open-100@outbox.test', { createdAt: at(100), nextAttemptAt: at(100), lastError: '451' });
    expect(await pruneMessages(tdb.db)).toBe(2);
    const left = (await tdb.db.select().from(messageOutbox)).map((r) => (r.message as { to: string }).to);
    expect(left).not.toContain('sent-31@outbox.test');
    expect(left).not.toContain('failed-91@outbox.test');
    expect(left).toEqual(expect.arrayContaining(['sent-29@outbox.test', 'failed-60@outbox.test', 'open-100@outbox.test', 'buyer@outbox.test']));
  });
});
