/**
 * Playing the payment provider in tests: notifications in bePaid's format, signed with the sandbox's
 * key (the server's PAYMENT_SANDBOX_KEY_FILE default, DATA_DIR/payments/sandbox-key.pem) and with the
 * sandbox's Basic credentials (derived from AUTH_SECRET as the server derives them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { DEV_AUTH_SECRET } from '../../src/server/config';

export const sandboxSecret = () => createHmac('sha256', process.env.AUTH_SECRET || DEV_AUTH_SECRET).update('instrument.by:payments-sandbox').digest('base64url');
export const sandboxAuth = (secret = sandboxSecret()) => `Basic ${Buffer.from(`sandbox:${secret}`).toString('base64')}`;

export async function sandboxKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'payments', 'sandbox-key.pem');
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  return fs.readFileSync(file, 'utf8');
}

/** A key the store has never seen: a notification signed with it must be refused. */
export const strangerKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export function notice(o: { uid: string; status: string; amount: number; tracking: string; currency?: string; erip?: boolean }) {
  return {
    transaction: {
      uid: o.uid,
      type: 'payment',
      status: o.status,
      message: o.status === 'successful' ? 'Successfully processed' : 'Declined',
      amount: o.amount,
      currency: o.currency ?? 'BYN',
      description: `Заказ ${o.tracking}`,
      tracking_id: o.tracking,
      ...(o.erip ? { order_id: o.tracking, payment_method_type: 'erip' } : { payment_method_type: 'credit_card' }),
      test: true,
    },
  };
}

/** Posts a notification as the provider would: raw JSON, Content-Signature over exactly those bytes, Basic auth. */
export async function sendNotice(root: string, body: unknown, opts: { key: string; auth?: string; tamper?: (raw: string) => string }) {
  const raw = JSON.stringify(body);
  const signature = createSign('sha256').update(raw, 'utf8').sign(opts.key, 'base64');
  const sent = opts.tamper ? opts.tamper(raw) : raw;
  const res = await fetch(`${root}/api/payments/notify/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: opts.auth ?? sandboxAuth(), 'content-signature': signature }, body: sent });
  return { res, body: (await res.json()) as { status: string; data: any; errors: { message: string }[] } };
}
