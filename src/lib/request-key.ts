/**
 * A fresh idempotency key for one user action (server/http/idempotency.ts): 32 hex characters.
 * crypto.randomUUID() exists only on secure pages (https, localhost); getRandomValues everywhere.
 */
export function freshRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request header the store's writes carry their key in. */
export const REQUEST_KEY_HEADER = 'Idempotency-Key';
