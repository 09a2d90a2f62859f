/**
 * bePaid's notification checks, as its docs describe them (docs.bepaid.by «Автоматические
 * уведомления»): the request carries HTTP Basic auth with the shop id and secret key, and the
 * header `Content-Signature` holds an RSA signature of the raw request body — SHA-256, PKCS#1 v1.5,
 * base64 — made with the shop's private key that only bePaid holds; the shop verifies it with the
 * public key from its back office (given there as bare base64, wrapped into PEM at 64 characters as
 * bePaid's PHP example does). The sandbox signs with a key pair of its own in exactly this way.
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';

/** The public key as bePaid's back office shows it (bare base64) or as PEM. */
export function publicKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n').trim();
  return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`);
}

export function signBody(raw: string, privateKeyPem: string | KeyObject): string {
  const key = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
  return createSign('sha256').update(raw, 'utf8').sign(key, 'base64');
}

/** True only for a well-formed base64 signature that the key verifies over exactly these bytes. */
export function verifyBody(raw: string, signature: string | null, publicKey: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return createVerify('sha256').update(raw, 'utf8').verify(publicKey, Buffer.from(signature.replace(/\s+/g, ''), 'base64'));
  } catch {
    return false;
  }
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** Compares the Authorization header with the shop's credentials in constant time. */
export function basicAuthMatches(header: string | null, user: string, password: string): boolean {
  if (!header) return false;
  const a = Buffer.from(header.trim(), 'utf8');
  const b = Buffer.from(basicAuth(user, password), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
