/**
 * bePaid as its docs describe it (docs.bepaid.by: «Получение токена платежа», «Создание счёта в ЕРИП»,
 * «Автоматические уведомления»), against a fake fetch: bePaid cannot be reached from here. The docs
 * give no signed sample notification, so the signature is checked the way their PHP example does it —
 * SHA-256 RSA over the raw body, base64, the shop's public key as bare base64 wrapped into PEM — with
 * a key pair of our own.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutRequest, createBepaid, eripRequest, type BepaidConfig } from '../../src/server/payments/bepaid';
import { basicAuth, basicAuthMatches, publicKeyFrom, signBody, verifyBody } from '../../src/server/payments/signature';
import { sandboxNotice } from '../../src/server/payments/sandbox';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The public key as bePaid's back office shows it: the base64 of the DER, no PEM lines. */
const bareKey = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const cfg: BepaidConfig = { shopId: '361', secret: 'b8647b68898b084b836474ed8d61ffe117c9a01168d867f24953b776ddcb134d', publicKey: bareKey, serviceNo: '248', test: true, checkoutUrl: 'https://checkout.bepaid.by', gatewayUrl: 'https://gateway.bepaid.by', apiUrl: 'https://api.bepaid.by', timeoutMs: 1000 };
const req = { trackingId: 'ИН-20001', amountKopecks: 12_345, currency: 'BYN' as const, description: 'Заказ ИН-20001', email: 'buyer@example.by', notificationUrl: 'https://instrument.by/api/payments/notify/', returnUrl: 'https://instrument.by/checkout/ИН-20001/', expiresAt: new Date('2026-11-28T12:30:00.000Z') };

function fakeFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const f = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { f, calls };
}

describe('Content-Signature and Basic auth', () => {
  const raw = JSON.stringify({ transaction: { uid: '1-310b0da80b', status: 'successful', amount: 12345, currency: 'BYN', tracking_id: 'ИН-20001' } });

  it('verifies a signature of the raw body with the bare base64 key, and only of those exact bytes', () => {
    const sig = signBody(raw, privateKey);
    expect(verifyBody(raw, sig, publicKeyFrom(bareKey))).toBe(true);
    expect(verifyBody(raw, sig, publicKeyFrom(publicKey.export({ type: 'spki', format: 'pem' }).toString()))).toBe(true);
    expect(verifyBody(`${raw} `, sig, publicKeyFrom(bareKey))).toBe(false);
    expect(verifyBody(raw.replace('12345', '12346'), sig, publicKeyFrom(bareKey))).toBe(false);
    expect(verifyBody(raw, null, publicKeyFrom(bareKey))).toBe(false);
    expect(verifyBody(raw, 'not base64 at all!', publicKeyFrom(bareKey))).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(verifyBody(raw, signBody(raw, other), publicKeyFrom(bareKey))).toBe(false);
  });

  it('Basic auth is the shop id and secret key', () => {
    expect(basicAuth('361', 'secret')).toBe(`Basic ${Buffer.from('361:secret').toString('base64')}`);
    expect(basicAuthMatches(basicAuth('361', 'secret'), '361', 'secret')).toBe(true);
    expect(basicAuthMatches(basicAuth('361', 'other'), '361', 'secret')).toBe(false);
    expect(basicAuthMatches(null, '361', 'secret')).toBe(false);
  });

  it('the provider verifies both: credentials and signature', () => {
    const bepaid = createBepaid(fetch, () => cfg);
    const headers = (auth: string, sig: string) => new Headers({ authorization: auth, 'content-signature': sig });
    const sig = signBody(raw, privateKey);
    expect(bepaid.verify({ headers: headers(basicAuth(cfg.shopId, cfg.secret), sig), raw })).toBe(true);
    expect(bepaid.verify({ headers: headers(basicAuth(cfg.shopId, 'wrong'), sig), raw })).toBe(false);
    expect(bepaid.verify({ headers: headers(basicAuth(cfg.shopId, cfg.secret), signBody(`${raw}x`, privateKey)), raw })).toBe(false);
  });
});

describe('requests as bePaid documents them', () => {
  it('card: a payment token for the hosted page, amounts in kopecks, every return URL and the notification URL', () => {
    expect(checkoutRequest(req, cfg)).toEqual({
      checkout: {
        test: true,
        transaction_type: 'payment',
        attempts: 1,
        settings: { success_url: req.returnUrl, decline_url: req.returnUrl, fail_url: req.returnUrl, cancel_url: req.returnUrl, notification_url: req.notificationUrl, language: 'ru' },
        order: { amount: 12345, currency: 'BYN', description: 'Заказ ИН-20001', tracking_id: 'ИН-20001', expired_at: '2026-11-28T12:30:00+00:00' },
        customer: { email: 'buyer@example.by' },
      },
    });
  });

  it('ЕРИП: payment_method erip with the account number (the order number’s digits) and the service number', () => {
    const r = eripRequest(req, cfg).request;
    expect(r).toMatchObject({ amount: 12345, currency: 'BYN', order_id: 'ИН-20001', notification_url: req.notificationUrl, payment_method: { type: 'erip', account_number: '20001', service_no: '248' } });
  });

  it('startCard posts to /ctp/api/checkouts with Basic auth and X-API-Version 2, and answers the redirect_url', async () => {
    const { f, calls } = fakeFetch({ checkout: { token: 'tok123', redirect_url: 'https://checkout.bepaid.by/v2/checkout?token=tok123' } });
    const started = await createBepaid(f, () => cfg).startCard(req);
    expect(started).toEqual({ token: 'tok123', url: 'https://checkout.bepaid.by/v2/checkout?token=tok123' });
    expect(calls[0]!.url).toBe('https://checkout.bepaid.by/ctp/api/checkouts');
    const h = calls[0]!.init.headers as Record<string, string>;
    expect(h.authorization).toBe(basicAuth('361', cfg.secret));
    expect(h['x-api-version']).toBe('2');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(checkoutRequest(req, cfg));
  });

  it('startErip posts to /beyag/payments and reads the transaction’s ЕРИП data', async () => {
    const { f, calls } = fakeFetch({ transaction: { uid: 'e-1', status: 'pending', erip: { service_no: '248', account_number: '20001', instruction: ['Шаг 1', 'Шаг 2'] } } });
    const started = await createBepaid(f, () => cfg).startErip(req);
    expect(calls[0]!.url).toBe('https://api.bepaid.by/beyag/payments');
    expect(started).toEqual({ uid: 'e-1', status: 'pending', erip: { service_no: '248', account_number: '20001', instruction: ['Шаг 1', 'Шаг 2'] } });
  });

  it('refunds: the gateway for a card, the beyag API for ЕРИП; a refused refund throws', async () => {
    const ok = fakeFetch({ transaction: { uid: 'r-1', status: 'successful' } });
    const provider = createBepaid(ok.f, () => cfg);
    expect(await provider.refund({ uid: 'p-1', method: 'card', amountKopecks: 500, reason: 'Заказ отменён' })).toEqual({ uid: 'r-1', status: 'successful' });
    expect(ok.calls[0]!.url).toBe('https://gateway.bepaid.by/transactions/refunds');
    expect(JSON.parse(String(ok.calls[0]!.init.body))).toEqual({ request: { parent_uid: 'p-1', amount: 500, reason: 'Заказ отменён' } });
    await provider.refund({ uid: 'p-2', method: 'erip', amountKopecks: 500, reason: 'x' });
    expect(ok.calls[1]!.url).toBe('https://api.bepaid.by/beyag/transactions/refunds');
    const no = fakeFetch({ transaction: { uid: 'r-2', status: 'failed', message: 'Refund amount exceeds' } });
    await expect(createBepaid(no.f, () => cfg).refund({ uid: 'p-1', method: 'card', amountKopecks: 500, reason: 'x' })).rejects.toThrow(/refund failed/);
    const err = fakeFetch({ message: 'Unauthorized' }, 401);
    await expect(createBepaid(err.f, () => cfg).startCard(req)).rejects.toThrow(/HTTP 401/);
  });
});

describe('the sandbox speaks the same format', () => {
  it('its notification has what the store reads from bePaid’s: uid, status, amount in kopecks, currency, tracking_id', () => {
    const n = sandboxNotice({ uid: 'u-1', kind: 'card', request: { amount: 12345, currency: 'BYN', description: 'd', tracking_id: 'ИН-20001', notification_url: '', return_url: '', expired_at: '' } }, 'successful');
    expect(n.transaction).toMatchObject({ uid: 'u-1', type: 'payment', status: 'successful', amount: 12345, currency: 'BYN', tracking_id: 'ИН-20001', payment_method_type: 'credit_card' });
    const e = sandboxNotice({ uid: 'u-2', kind: 'erip', request: { amount: 100, currency: 'BYN', description: 'd', tracking_id: 'ИН-20002', notification_url: '', return_url: '', expired_at: '' } }, 'successful');
    expect(e.transaction).toMatchObject({ order_id: 'ИН-20002', payment_method_type: 'erip' });
  });
});
