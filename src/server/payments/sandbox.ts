/**
 * The sandbox provider (PAYMENT_PROVIDER=sandbox, the default outside production): a payment service
 * served by the store itself that behaves like bePaid over HTTP, so the demo and the tests pay
 * offline. It keeps what it was asked for in `payment_sandbox`, shows a hosted payment page at
 * /payments/sandbox/{token}/ («Оплатить» / «Отказ» / «Закрыть») and ЕРИП instructions with an account
 * number, and sends its notifications to the store's notification_url in bePaid's wire format:
 * `{transaction: {...}}`, Basic auth with its shop id and secret, and `Content-Signature` — an
 * RSA-SHA256 signature of the body with its own private key (kept in PAYMENT_SANDBOX_KEY_FILE,
 * made on first use). The store verifies it exactly as it verifies bePaid's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { payments, paymentSandbox } from '../db/schema';
import { config } from '../config';
import { derivedKey } from '../http/secrets';
import type { PaymentProvider, StartRequest } from './provider';
import { basicAuth, basicAuthMatches, signBody, verifyBody } from './signature';
import { eripInstruction } from './erip';
import { eripAccount, isoSeconds } from './bepaid';

export const SANDBOX_SHOP_ID = 'sandbox';
/** The ЕРИП service code the sandbox gives out (a real one comes from bePaid with the contract). */
export const SANDBOX_ERIP_SERVICE_NO = '9999001';

export const sandboxSecret = () => derivedKey('payments-sandbox');
export const sandboxKeyFile = () => config().PAYMENT_SANDBOX_KEY_FILE ?? path.join(config().DATA_DIR, 'payments', 'sandbox-key.pem');

let keys: { file: string; privateKey: KeyObject; publicKey: KeyObject } | null = null;

/** The sandbox's key pair: read from the file, or made and written once (a second writer loses the race and reads the first's). */
export function sandboxKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  const file = sandboxKeyFile();
  if (keys?.file === file) return keys;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch {
      /* another process wrote it first */
    }
    fs.rmSync(tmp, { force: true });
  }
  const privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
  keys = { file, privateKey, publicKey: createPublicKey(privateKey) };
  return keys;
}

export const sandboxPageUrl = (token: string) => `/payments/sandbox/${token}/`;

type SandboxRequest = { amount: number; currency: string; description: string; tracking_id: string; notification_url: string; return_url: string; expired_at: string; erip?: { service_no: string; account_number: string; instruction: string[] } };

async function remember(db: Db, kind: 'card' | 'erip', req: StartRequest, extra: Partial<SandboxRequest> = {}) {
  const token = randomBytes(24).toString('hex');
  const uid = randomUUID();
  const request: SandboxRequest = { amount: req.amountKopecks, currency: req.currency, description: req.description, tracking_id: req.trackingId, notification_url: req.notificationUrl, return_url: req.returnUrl, expired_at: isoSeconds(req.expiresAt), ...extra };
  await db.insert(paymentSandbox).values({ token, kind, uid, request });
  return { token, uid, request };
}

export function createSandbox(dbOf: () => Promise<Db> = getDb): PaymentProvider {
  return {
    name: 'sandbox',
    async startCard(req) {
      const { token } = await remember(await dbOf(), 'card', req);
      // The sandbox is served by the store itself, at the origin its notifications go to.
      return { token, url: `${new URL(req.notificationUrl).origin}${sandboxPageUrl(token)}` };
    },
    async startErip(req) {
      const account = eripAccount(req.trackingId);
      const erip = { service_no: SANDBOX_ERIP_SERVICE_NO, account_number: account, instruction: eripInstruction(SANDBOX_ERIP_SERVICE_NO, account) };
      const { uid } = await remember(await dbOf(), 'erip', req, { erip });
      return { uid, status: 'pending', erip };
    },
    async refund(p) {
      const db = await dbOf();
      const rows = await db.update(paymentSandbox).set({ status: 'refunded' }).where(and(eq(paymentSandbox.uid, p.uid), eq(paymentSandbox.status, 'successful'))).returning({ token: paymentSandbox.token });
      if (!rows.length) throw new Error(`sandbox: no successful payment ${p.uid} to refund`);
      return { uid: randomUUID(), status: 'successful' };
    },
    verify({ headers, raw }) {
      return basicAuthMatches(headers.get('authorization'), SANDBOX_SHOP_ID, sandboxSecret()) && verifyBody(raw, headers.get('content-signature'), sandboxKeys().publicKey);
    },
  };
}

export type SandboxPayment = { token: string; kind: 'card' | 'erip'; status: string; request: SandboxRequest };

export async function sandboxPayment(db: Db, token: string): Promise<SandboxPayment | null> {
  if (!/^[0-9a-f]{48}$/.test(token)) return null;
  const [row] = await db.select().from(paymentSandbox).where(eq(paymentSandbox.token, token)).limit(1);
  return row ? { token: row.token, kind: row.kind as 'card' | 'erip', status: row.status, request: row.request as SandboxRequest } : null;
}

/** The notification bePaid would send for this payment reaching `status`. */
export function sandboxNotice(row: { uid: string; kind: string; request: SandboxRequest }, status: 'successful' | 'failed', at: Date = new Date()) {
  const r = row.request;
  const stamp = isoSeconds(at);
  return {
    transaction: {
      uid: row.uid,
      type: 'payment',
      status,
      message: status === 'successful' ? 'Successfully processed' : 'Payment was declined',
      amount: r.amount,
      currency: r.currency,
      description: r.description,
      tracking_id: r.tracking_id,
      ...(row.kind === 'erip' ? { order_id: r.tracking_id, payment_method_type: 'erip', erip: r.erip, ...(status === 'successful' ? { paid_at: stamp } : {}) } : { payment_method_type: 'credit_card' }),
      test: true,
      created_at: stamp,
      updated_at: stamp,
    },
  };
}

/** Sends a signed notification the way bePaid does; the store's answer status is returned (and logged if not 200). */
export async function sendSandboxNotice(url: string, body: unknown): Promise<number> {
  const raw = JSON.stringify(body);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: basicAuth(SANDBOX_SHOP_ID, sandboxSecret()), 'content-signature': signBody(raw, sandboxKeys().privateKey) },
      body: raw,
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status !== 200) console.error(`[payments] sandbox notification to ${url}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.status;
  } catch (e) {
    console.error(`[payments] sandbox notification to ${url} failed`, e);
    return 0;
  }
}

/**
 * The buyer's button on the sandbox page: «Оплатить» (pay) or «Отказ» (decline) settles the
 * payment once (the row is claimed while still pending) and sends the notification; «Закрыть»
 * (close) only leads back. Returns where the buyer goes next, or null for an unknown token.
 */
export async function sandboxAct(db: Db, token: string, action: 'pay' | 'decline' | 'close'): Promise<{ back: string; settled: boolean } | null> {
  const p = await sandboxPayment(db, token);
  if (!p) return null;
  if (action === 'close') return { back: p.request.return_url, settled: false };
  const status = action === 'pay' ? 'successful' : 'failed';
  const [row] = await db
    .update(paymentSandbox)
    .set({ status })
    .where(and(eq(paymentSandbox.token, token), eq(paymentSandbox.status, 'pending')))
    .returning({ uid: paymentSandbox.uid, kind: paymentSandbox.kind, request: paymentSandbox.request });
  if (!row) return { back: p.request.return_url, settled: false };
  await sendSandboxNotice(p.request.notification_url, sandboxNotice({ uid: row.uid, kind: row.kind, request: row.request as SandboxRequest }, status));
  return { back: p.request.return_url, settled: true };
}

/** The sandbox page of an order's ЕРИП request (the confirmation links it in place of a bank). */
export async function sandboxTokenFor(db: Db, orderId: number): Promise<string | null> {
  const [p] = await db.select({ uid: payments.uid }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!p?.uid) return null;
  const [row] = await db.select({ token: paymentSandbox.token }).from(paymentSandbox).where(and(eq(paymentSandbox.uid, p.uid), eq(paymentSandbox.status, 'pending'))).limit(1);
  return row?.token ?? null;
}
