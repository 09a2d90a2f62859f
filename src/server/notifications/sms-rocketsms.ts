/**
 * SMS through RocketSMS (rocketsms.by), a Belarusian SMS gateway, selected with SMS_PROVIDER=rocketsms.
 * Its "simple" HTTP API: POST https://api.rocketsms.by/simple/send as a form with `username`, the
 * MD5 hex of the password as `password`, `phone` (digits with the 375 country code), `text`, an
 * optional approved alpha name `sender`, and `priority=true` for codes. It answers JSON:
 * `{id, status: 'SENT' | 'QUEUED' | …}` or `{error: '…'}`.
 *
 * Written from the gateway's public API description and unit-tested against a fake fetch only:
 * it has NOT been run against the real service (no account, no internet here).
 *
 * Environment: ROCKETSMS_USERNAME, ROCKETSMS_PASSWORD (or ROCKETSMS_PASSWORD_MD5), optional
 * ROCKETSMS_SENDER, ROCKETSMS_URL, ROCKETSMS_TIMEOUT_MS (defaults in src/server/config).
 */
import { createHash } from 'node:crypto';
import { phoneDigits } from '../auth/validation';
import type { Sms, SmsProvider } from './sms-provider';
import { config, parseEnv, type Config } from '../config';

/** The gateway's address unless ROCKETSMS_URL says otherwise (the default lives in src/server/config). */
export const ROCKETSMS_URL = parseEnv({}).ROCKETSMS_URL;

export type RocketSmsConfig = { url: string; username: string; passwordMd5: string; sender: string | null; timeoutMs: number };

export function rocketSmsConfig(env: Config = config()): RocketSmsConfig {
  const username = env.ROCKETSMS_USERNAME ?? '';
  const passwordMd5 = env.ROCKETSMS_PASSWORD_MD5 ?? (env.ROCKETSMS_PASSWORD ? createHash('md5').update(env.ROCKETSMS_PASSWORD, 'utf8').digest('hex') : '');
  if (!username || !passwordMd5) throw new Error('SMS_PROVIDER=rocketsms needs ROCKETSMS_USERNAME and ROCKETSMS_PASSWORD (or ROCKETSMS_PASSWORD_MD5)');
  return { url: env.ROCKETSMS_URL, username, passwordMd5, sender: env.ROCKETSMS_SENDER || null, timeoutMs: env.ROCKETSMS_TIMEOUT_MS };
}

/** The request RocketSMS expects for one message. */
export function rocketSmsRequest(sms: Sms, config: RocketSmsConfig): { url: string; init: RequestInit } {
  const digits = phoneDigits(sms.to);
  if (!digits) throw new Error(`rocketsms: not a Belarusian phone number: ${sms.to}`);
  const form = new URLSearchParams({ username: config.username, password: config.passwordMd5, phone: `375${digits}`, text: sms.text, priority: 'true' });
  if (config.sender) form.set('sender', config.sender);
  return {
    url: config.url,
    init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' }, body: form.toString(), signal: AbortSignal.timeout(config.timeoutMs) },
  };
}

const ACCEPTED = new Set(['SENT', 'QUEUED', 'DELIVERED']);

/** A provider over any fetch (the real one in production, a fake in tests). */
export function createRocketSms(fetchImpl: typeof fetch = fetch, config: () => RocketSmsConfig = () => rocketSmsConfig()): SmsProvider {
  return {
    name: 'rocketsms',
    async send(sms) {
      const { url, init } = rocketSmsRequest(sms, config());
      const res = await fetchImpl(url, init);
      const text = await res.text();
      let body: { id?: number | string; status?: string; error?: string };
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`rocketsms: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
      }
      if (!res.ok || body.error || body.id === undefined || (body.status && !ACCEPTED.has(body.status))) {
        throw new Error(`rocketsms: HTTP ${res.status}, ${body.error ?? `status ${body.status ?? 'unknown'}`}`);
      }
      return { id: String(body.id) };
    },
  };
}

// Say so at start-up rather than at the first code someone waits for.
if (config().SMS_PROVIDER === 'rocketsms') {
  try {
    rocketSmsConfig();
  } catch (e) {
    console.error(`[sms] ${(e as Error).message}`);
  }
}
