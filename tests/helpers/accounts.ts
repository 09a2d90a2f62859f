/**
 * Account tests: read what the server "sent" (the outbox of DATA_DIR), and call the server from a
 * loopback address of the test's own (127.x.y.z), so that per-address limits one test uses up
 * never touch another test or another file.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { inject } from 'vitest';
import { base, Visitor } from './http';

export type OutboxMessage = { file: string; to: string; subject?: string; text: string; html?: string; kind?: 'sms' };

const seen = new Set<string>();

function readOutbox(dir: string): OutboxMessage[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => {
      let raw;
      try {
        raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch {
        return []; // still being written
      }
      const to = typeof raw.to === 'string' ? raw.to : Array.isArray(raw.to) ? raw.to.map((a: { address: string }) => a.address).join(',') : raw.envelope?.to?.join(',') ?? '';
      return [{ file, to, subject: raw.subject, text: raw.text, html: raw.html, kind: raw.kind }];
    });
}

export const outboxDir = () => path.join(inject('dataDir'), 'outbox');

/** Every message to `to` written so far (delivery does not hold the answer up, so callers may wait). */
export function messagesTo(to: string): OutboxMessage[] {
  return readOutbox(outboxDir()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits for a message to `to` that no earlier call returned, and returns it. Codes are sent after the
 * answer (accounts/mails.ts sendLater), so on a loaded machine they may come seconds later: the wait is
 * generous, it costs nothing when the message is there.
 */
export async function nextMessageTo(to: string, timeoutMs = 20_000): Promise<OutboxMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const fresh = messagesTo(to).find((m) => !seen.has(m.file));
    if (fresh) {
      seen.add(fresh.file);
      return fresh;
    }
    if (Date.now() > until) throw new Error(`no new message to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of the next message to `to`. */
export async function nextCodeTo(to: string): Promise<string> {
  const m = await nextMessageTo(to);
  const code = /\b(\d{6})\b/.exec(m.kind === 'sms' ? m.text : (m.subject ?? ''))?.[1];
  if (!code) throw new Error(`no code in the message to ${to}: ${m.subject ?? m.text}`);
  return code;
}

/** Marks everything to `to` so far as read (for "nothing new arrives" checks). */
export function markRead(to: string): void {
  for (const m of messagesTo(to)) seen.add(m.file);
}

/**
 * Where this test file's addresses start: random, so two files running at once (each in its own
 * process) do not share addresses and so per-address limits. (It was the process id modulo 200, and
 * two concurrent workers whose ids differ by a multiple of 200 got the same addresses.)
 */
let ipCounter = randomInt(0, 254 * 256 * 200 - 1_000_000);
/** A fresh loopback source address per call (Linux routes the whole 127/8 to lo): 127.10–209.x.1–254, each once. */
export function freshIp(): string {
  const n = ipCounter++;
  const block = Math.floor(n / 254);
  return `127.${10 + (Math.floor(block / 256) % 200)}.${block % 256}.${(n % 254) + 1}`;
}

/** A Visitor whose requests leave from its own loopback address. */
export class IpVisitor extends Visitor {
  constructor(readonly ip: string = freshIp()) {
    super();
  }

  override async raw(p: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(base() + p);
    const headers: Record<string, string> = { ...this.headers, ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...(init.headers as Record<string, string>) };
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, localAddress: this.ip }, resolve);
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, one);
    for (const c of out.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const status = res.statusCode ?? 500;
    return new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out });
  }
}

/** A unique e-mail for one test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.by`;
}

/**
 * A new retail customer of this test alone (registered and confirmed through the API): for tests
 * that change an account's basket or lists, which the shared demo accounts cannot offer while other
 * test files use them at the same time.
 */
export async function freshCustomer(password = 'Strong2026pass'): Promise<{ email: string; password: string }> {
  const { solveCaptcha } = await import('./captcha');
  const v = new IpVisitor();
  const email = uniqueEmail('own');
  const sent = await v.post('/api/registration/', { type: 'retail', name: 'Тест Покупатель', email, phone: '8 029 555 77 88', password, confirm_password: password, agree: 'Y', captcha: await solveCaptcha(v) });
  if (sent.body.status !== 'success') throw new Error(`registration failed: ${JSON.stringify(sent.body.errors)}`);
  const confirmed = await v.post('/api/registration/confirm/', { email, code: await nextCodeTo(email) });
  if (confirmed.body.status !== 'success') throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body.errors)}`);
  return { email, password };
}
