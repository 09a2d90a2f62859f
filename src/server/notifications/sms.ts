/**
 * Outgoing SMS through a provider interface. The default provider writes each message to
 * DATA_DIR/outbox/ as JSON (like e-mail without SMTP), so a developer — and the tests — read what
 * would have been sent. SMS_PROVIDER selects a real gateway (see docs/decisions/).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { outboxDir } from '../mail/mail';
import { config } from '../config';
import type { Sms, SmsProvider } from './sms-provider';
import { createRocketSms } from './sms-rocketsms';

export const outboxSms: SmsProvider = {
  name: 'outbox',
  async send(sms, tag) {
    const dir = outboxDir();
    await fs.mkdir(dir, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-sms-${tag}-${Math.random().toString(36).slice(2, 8)}`;
    await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify({ kind: 'sms', to: sms.to, text: sms.text }, null, 2));
    return { id };
  },
};

/** The gateways SMS_PROVIDER may name (docs/decisions/0130-personal-area.md). */
const providers = new Map<string, SmsProvider>([
  [outboxSms.name, outboxSms],
  ['rocketsms', createRocketSms()],
]);

export function smsProvider(): SmsProvider {
  const name = config().SMS_PROVIDER;
  const p = providers.get(name);
  if (!p) throw new Error(`SMS_PROVIDER=${name} is not a known provider`);
  return p;
}

export async function sendSms(sms: Sms, tag = 'sms'): Promise<{ via: string; id: string }> {
  const provider = smsProvider();
  const { id } = await provider.send(sms, tag);
  return { via: provider.name, id };
}
