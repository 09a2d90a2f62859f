/**
 * The RocketSMS gateway (SMS_PROVIDER=rocketsms) against a fake fetch: the request it would send,
 * and how it reads the gateway's answers. Not run against the real service (no account here).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createRocketSms, rocketSmsConfig, rocketSmsRequest, ROCKETSMS_URL } from '../../src/server/notifications/sms-rocketsms';
import { sendSms, smsProvider } from '../../src/server/notifications/sms';
import { parseEnv, reloadConfig } from '../../src/server/config';

const env = parseEnv({ ROCKETSMS_USERNAME: '375291234567', ROCKETSMS_PASSWORD: 'secret-pass', ROCKETSMS_SENDER: 'Instrument' });

function fakeFetch(answer: { status?: number; body: string }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(answer.body, { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { impl, calls };
}

describe('RocketSMS gateway', () => {
  afterEach(() => {
    delete process.env.SMS_PROVIDER;
    reloadConfig();
  });

  it('posts a form with the login, the MD5 of the password, the phone as 375…, the text, the sender and priority', async () => {
    const { impl, calls } = fakeFetch({ body: '{"id":123456,"status":"SENT","cost":{"credits":1,"money":0.02}}' });
    const provider = createRocketSms(impl, () => rocketSmsConfig(env));
    const sent = await provider.send({ to: '+375 29 700-11-22', text: '845811 — код для подтверждения нового адреса доставки. Инструмент.by' }, 'code');
    expect(sent).toEqual({ id: '123456' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(ROCKETSMS_URL);
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      username: '375291234567',
      password: createHash('md5').update('secret-pass').digest('hex'),
      phone: '375297001122',
      text: '845811 — код для подтверждения нового адреса доставки. Инструмент.by',
      priority: 'true',
      sender: 'Instrument',
    });
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('accepts every Belarusian form of a number and a ready MD5, and leaves the sender out when none is set', () => {
    const config = rocketSmsConfig(parseEnv({ ROCKETSMS_USERNAME: 'u', ROCKETSMS_PASSWORD_MD5: 'abc123', ROCKETSMS_URL: 'http://gateway.test/send' }));
    for (const to of ['8 029 700 11 22', '80297001122', '+375297001122', '(029) 700-11-22']) {
      const { url, init } = rocketSmsRequest({ to, text: 'x' }, config);
      expect(url).toBe('http://gateway.test/send');
      const form = new URLSearchParams(String(init.body));
      expect(form.get('phone')).toBe('375297001122');
      expect(form.get('password')).toBe('abc123');
      expect(form.has('sender')).toBe(false);
    }
    expect(() => rocketSmsRequest({ to: '+7 999 123-45-67', text: 'x' }, config)).toThrow(/not a Belarusian phone/);
  });

  it('fails loudly on the gateway\'s error answers, HTTP errors, rejected statuses and non-JSON', async () => {
    const cases = [
      { body: '{"error":"WRONG_AUTH"}', match: /WRONG_AUTH/ },
      { status: 500, body: '{"error":"INTERNAL"}', match: /HTTP 500/ },
      { body: '{"id":5,"status":"ERROR"}', match: /status ERROR/ },
      { status: 502, body: '<html>Bad gateway</html>', match: /not JSON/ },
    ];
    for (const c of cases) {
      const provider = createRocketSms(fakeFetch(c).impl, () => rocketSmsConfig(env));
      await expect(provider.send({ to: '+375 29 700-11-22', text: 'x' }, 't')).rejects.toThrow(c.match);
    }
  });

  it('needs its credentials', () => {
    expect(() => rocketSmsConfig(parseEnv({}))).toThrow(/ROCKETSMS_USERNAME/);
  });

  it('registers itself: SMS_PROVIDER=rocketsms selects it, the default stays the outbox', () => {
    expect(smsProvider().name).toBe('outbox');
    process.env.SMS_PROVIDER = 'rocketsms';
    reloadConfig();
    expect(smsProvider().name).toBe('rocketsms');
    process.env.SMS_PROVIDER = 'nope';
    reloadConfig();
    return expect(sendSms({ to: '+375 29 700-11-22', text: 'x' })).rejects.toThrow(/not a known provider/);
  });
});
