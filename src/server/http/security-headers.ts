/**
 * Headers every answer carries — pages, calls, static files and cached copies alike. Pure (the front
 * in scripts/server.mjs imports it). HSTS only when the public address is https (SITE_URL): a plain
 * http deployment must stay reachable.
 */
import { config } from '../config/index.ts';

const https = /^https:\/\//i.test(config().SITE_URL ?? '');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  // Nothing here needs the camera, the microphone, USB, payment handlers or the shopper's location (issue 28).
  'permissions-policy': 'camera=(), microphone=(), usb=(), payment=(), geolocation=()',
  ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
};

/** True when cookies must carry `Secure` (the site is served over https). */
export const secureCookies = (): boolean => /^https:\/\//i.test(config().SITE_URL ?? '');
