/**
 * The links of alert e-mails: confirm (a guest's subscription) and unsubscribe (every message). Signed, not
 * stored: `<id>.<HMAC(purpose:id)>` with a key derived from AUTH_SECRET, so a link works without signing in
 * and a guessed id without its signature does nothing. The purposes differ: a confirm link cannot unsubscribe.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../http/secrets';
import { siteUrl } from '../config';

export type AlertLinkPurpose = 'confirm' | 'unsubscribe';

const signature = (purpose: AlertLinkPurpose, id: number) => createHmac('sha256', derivedKey('product-alert')).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);

export const alertKey = (purpose: AlertLinkPurpose, id: number) => `${id}.${signature(purpose, id)}`;

/** The alert id a link's key stands for, or null when it is not one this store signed for `purpose`. */
export function readAlertKey(purpose: AlertLinkPurpose, key: unknown): number | null {
  if (typeof key !== 'string') return null;
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(key.trim());
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const want = Buffer.from(signature(purpose, id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

export const confirmUrl = (id: number) => `${siteUrl()}/subscriptions/confirm/?key=${encodeURIComponent(alertKey('confirm', id))}`;
export const unsubscribeUrl = (id: number) => `${siteUrl()}/subscriptions/unsubscribe/?key=${encodeURIComponent(alertKey('unsubscribe', id))}`;
