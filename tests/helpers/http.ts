import { inject } from 'vitest';

export type Envelope<T = any> = { status: 'success' | 'error'; data: T; errors: { code: number; message: string; field?: string }[] };

export function base(): string {
  const url = inject('baseUrl');
  if (!url) throw new Error('no shared server in this run (TEST_SHARED_SERVER=0): give the Visitor its own server\'s address');
  return url;
}

/** A tiny cookie-keeping client, one per simulated visitor. */
export class Visitor {
  cookies = new Map<string, string>();
  headers: Record<string, string> = {};

  /** `root`: another server than the suite's (see helpers/own-server.ts); default the shared one. */
  constructor(private readonly root?: string) {}

  private origin(): string {
    return this.root ?? base();
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.origin() + path, {
      redirect: 'manual',
      ...init,
      headers: { ...this.headers, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...(init.headers as Record<string, string>) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get<T = any>(path: string): Promise<{ res: Response; body: Envelope<T> }> {
    const res = await this.raw(path);
    return { res, body: (await res.json()) as Envelope<T> };
  }

  async post<T = any>(path: string, body: unknown = {}): Promise<{ res: Response; body: Envelope<T> }> {
    const res = await this.raw(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: this.origin() }, body: JSON.stringify(body) });
    return { res, body: (await res.json()) as Envelope<T> };
  }
}

/**
 * Waits until the server has sent every e-mail and SMS queued so far (GET /api/health/: `messages.waiting` is 0;
 * notifications/outbox.ts). After it, a message a call did not leave in the outbox was never queued by that call.
 * `root`: another server than the suite's shared one.
 */
export async function messagesSent(root?: string, timeoutMs = 20_000): Promise<void> {
  const v = new Visitor(root);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await v.get<{ messages: { waiting: number } }>('/api/health/');
    if (body.data.messages.waiting === 0) return;
    if (Date.now() > until) throw new Error(`the outbox still had ${body.data.messages.waiting} message(s) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
