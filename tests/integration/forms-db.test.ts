import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { submitForm } from '../../src/server/forms/forms';
import { formSubmissions } from '../../src/server/db/schema';
import { reloadConfig } from '../../src/server/config';

let db: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-db-'));
const env = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL, FORMS_MAIL_TO: process.env.FORMS_MAIL_TO };

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  process.env.DATA_DIR = dataDir;
  process.env.FORMS_MAIL_TO = 'service@instrument.by';
  reloadConfig();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  else process.env[k] = v;
  reloadConfig();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('submitForm', () => {
  it('stores the payload without the captcha, mails it to the configured address and marks it e-mailed', async () => {
    const { id, emailed } = await submitForm(db.db, 'callback', { name: 'Иван', phone: '+375291112233', topic: 'servis', captcha: 'solved' });
    expect(emailed).toBe(true);
    const [row] = await db.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
    expect(row).toMatchObject({ kind: 'callback', topic: 'servis', payload: { name: 'Иван', phone: '+375291112233', topic: 'servis' } });
    expect(row!.payload).not.toHaveProperty('captcha');
    expect(row!.emailedAt).toBeInstanceOf(Date);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8'));
    expect(mail.to[0].address).toBe('service@instrument.by');
    expect(mail.subject).toBe(`Обратный звонок №${id}: Сервис и гарантийный ремонт`);
    expect(mail.text).toContain('Тема: Сервис и гарантийный ремонт');
  });

  it('keeps the request when the mail server is down (nothing a visitor sent is lost)', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    reloadConfig();
    try {
      const { id, emailed } = await submitForm(db.db, 'feedback', { name: 'Оля', email: 'olga@example.by', message: 'Вопрос', captcha: 'x' });
      expect(emailed).toBe(false);
      const [row] = await db.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
      expect(row).toMatchObject({ kind: 'feedback', emailedAt: null, payload: { message: 'Вопрос' } });
    } finally {
      delete process.env.SMTP_URL;
      reloadConfig();
    }
  });
});
