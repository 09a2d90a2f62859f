/**
 * bePaid (bepaid.by), selected with PAYMENT_PROVIDER=bepaid. Written from bePaid's public API docs
 * (docs.bepaid.by) and its SDKs, and unit-tested against a fake fetch only: bePaid cannot be reached
 * from the machines this store is built on (like RocketSMS). Every request: HTTP Basic auth with the
 * shop id and secret key, JSON in UTF-8, amounts in kopecks.
 *
 * - Card: a payment token for the hosted payment page — POST {BEPAID_CHECKOUT_URL}/ctp/api/checkouts
 *   with `X-API-Version: 2` and `{checkout: {transaction_type: 'payment', order, settings, customer}}`;
 *   the answer's `checkout.redirect_url` is where the buyer pays.
 * - ЕРИП: a payment request — POST {BEPAID_API_URL}/beyag/payments with
 *   `{request: {amount, currency, description, order_id, notification_url, expired_at, payment_method: {type: 'erip', account_number, service_no}}}`;
 *   the answer's `transaction.erip` names the service and account the buyer pays in their bank.
 * - Refund: POST {BEPAID_GATEWAY_URL}/transactions/refunds (card) or {BEPAID_API_URL}/beyag/transactions/refunds
 *   (ЕРИП) with `{request: {parent_uid, amount, reason}}`.
 * - Notifications: Basic auth with the same credentials and `Content-Signature` (signature.ts).
 */
import { config, type Config } from '../config';
import type { PaymentProvider, StartRequest } from './provider';
import { basicAuth, basicAuthMatches, publicKeyFrom, verifyBody } from './signature';
import { eripInstruction } from './erip';

export type BepaidConfig = { shopId: string; secret: string; publicKey: string; serviceNo: string; test: boolean; checkoutUrl: string; gatewayUrl: string; apiUrl: string; timeoutMs: number };

export function bepaidConfig(env: Config = config()): BepaidConfig {
  if (!env.BEPAID_SHOP_ID || !env.BEPAID_SECRET_KEY || !env.BEPAID_PUBLIC_KEY) throw new Error('PAYMENT_PROVIDER=bepaid needs BEPAID_SHOP_ID, BEPAID_SECRET_KEY and BEPAID_PUBLIC_KEY');
  return {
    shopId: env.BEPAID_SHOP_ID,
    secret: env.BEPAID_SECRET_KEY,
    publicKey: env.BEPAID_PUBLIC_KEY,
    serviceNo: env.BEPAID_ERIP_SERVICE_NO ?? '',
    test: env.BEPAID_TEST,
    checkoutUrl: env.BEPAID_CHECKOUT_URL.replace(/\/$/, ''),
    gatewayUrl: env.BEPAID_GATEWAY_URL.replace(/\/$/, ''),
    apiUrl: env.BEPAID_API_URL.replace(/\/$/, ''),
    timeoutMs: env.BEPAID_TIMEOUT_MS,
  };
}

/** `expired_at` as bePaid wants it: ISO-8601 with seconds and an explicit offset. */
export const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export function checkoutRequest(req: StartRequest, c: Pick<BepaidConfig, 'test'>) {
  return {
    checkout: {
      test: c.test,
      transaction_type: 'payment',
      attempts: 1,
      settings: {
        success_url: req.returnUrl,
        decline_url: req.returnUrl,
        fail_url: req.returnUrl,
        cancel_url: req.returnUrl,
        notification_url: req.notificationUrl,
        language: 'ru',
      },
      order: { amount: req.amountKopecks, currency: req.currency, description: req.description, tracking_id: req.trackingId, expired_at: isoSeconds(req.expiresAt) },
      ...(req.email ? { customer: { email: req.email } } : {}),
    },
  };
}

/** ЕРИП's account number: the order number's digits (what the buyer types in their bank). */
export const eripAccount = (trackingId: string) => trackingId.replace(/\D/g, '');

export function eripRequest(req: StartRequest, c: Pick<BepaidConfig, 'test' | 'serviceNo'>) {
  return {
    request: {
      amount: req.amountKopecks,
      currency: req.currency,
      description: req.description,
      ...(req.email ? { email: req.email } : {}),
      order_id: req.trackingId,
      tracking_id: req.trackingId,
      notification_url: req.notificationUrl,
      expired_at: isoSeconds(req.expiresAt),
      test: c.test,
      payment_method: { type: 'erip', account_number: eripAccount(req.trackingId), ...(c.serviceNo ? { service_no: c.serviceNo } : {}) },
    },
  };
}

type Json = Record<string, any>;

export function createBepaid(fetchImpl: typeof fetch = fetch, cfg: () => BepaidConfig = () => bepaidConfig()): PaymentProvider {
  async function call(url: string, body: unknown, extra: Record<string, string> = {}): Promise<Json> {
    const c = cfg();
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: basicAuth(c.shopId, c.secret), 'content-type': 'application/json', accept: 'application/json', ...extra },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`bepaid: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || json.errors || json.response?.status === 'error') throw new Error(`bepaid: HTTP ${res.status}: ${JSON.stringify(json.message ?? json.errors ?? json.response).slice(0, 300)}`);
    return json;
  }
  return {
    name: 'bepaid',
    async startCard(req) {
      const c = cfg();
      const json = await call(`${c.checkoutUrl}/ctp/api/checkouts`, checkoutRequest(req, c), { 'x-api-version': '2' });
      const token = json.checkout?.token;
      const url = json.checkout?.redirect_url;
      if (typeof token !== 'string' || typeof url !== 'string') throw new Error('bepaid: the checkout answer has no token or redirect_url');
      return { token, url };
    },
    async startErip(req) {
      const c = cfg();
      const json = await call(`${c.apiUrl}/beyag/payments`, eripRequest(req, c));
      const tr = json.transaction ?? {};
      if (typeof tr.uid !== 'string') throw new Error('bepaid: the ЕРИП answer has no transaction uid');
      const serviceNo = String(tr.erip?.service_no ?? c.serviceNo);
      const account = String(tr.erip?.account_number ?? eripAccount(req.trackingId));
      const instruction = Array.isArray(tr.erip?.instruction) && tr.erip.instruction.length ? tr.erip.instruction.map(String) : eripInstruction(serviceNo, account);
      return { uid: tr.uid, status: String(tr.status ?? 'pending'), erip: { service_no: serviceNo, account_number: account, instruction } };
    },
    async refund(p) {
      const c = cfg();
      const url = p.method === 'erip' ? `${c.apiUrl}/beyag/transactions/refunds` : `${c.gatewayUrl}/transactions/refunds`;
      const json = await call(url, { request: { parent_uid: p.uid, amount: p.amountKopecks, reason: p.reason } });
      const tr = json.transaction ?? {};
      if (tr.status !== 'successful') throw new Error(`bepaid: refund ${String(tr.status ?? 'unknown')}: ${String(tr.message ?? '')}`);
      return { uid: String(tr.uid), status: 'successful' };
    },
    verify({ headers, raw }) {
      const c = cfg();
      return basicAuthMatches(headers.get('authorization'), c.shopId, c.secret) && verifyBody(raw, headers.get('content-signature'), publicKeyFrom(c.publicKey));
    },
  };
}
