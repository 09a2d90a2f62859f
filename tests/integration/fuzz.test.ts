/**
 * The HTTP fuzz suite (issue 18): more than 10,000 malformed calls across every spec §7 endpoint
 * the source tree declares (src/pages/api/**, src/pages/web/**) — every method, broken JSON, wrong
 * types, huge strings, NUL bytes, bidi marks, emoji, lone surrogates, wrong content types, multipart
 * junk, chunked bodies without a length, garbage `token` headers, cookies and query parameters,
 * broken percent-encoding and path parameters — as a guest, a company admin and a staff member.
 *
 * Every answer: no 5xx, no stack trace; on /api and /web the {status, data, errors} envelope with a
 * Russian message; 405 carries Allow. Afterwards /api/health/ still answers. The calls are the
 * same on every run (seeded), so a failure names the call to replay.
 *
 * It runs on its own server (random writes must not disturb other files' data), 24 calls at a time.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsFor, listRoutes, PAGE_TEMPLATES, problemsOf, schemaFieldPool, sendRaw, type Answer, type Call } from '../helpers/fuzz';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';

/** The file's own data set (tests/helpers/fixtures.ts), written into its own server's database: its admin and staff member fuzz the signed-in calls. */
const acc = fixture('fuzz');

const ROOT = path.resolve(import.meta.dirname, '../..');
const PARALLEL = 24;
const RANDOM_CALLS_PER_ROUTE = 80;

let srv: OwnServer;
let port: number;
const cookies: Record<'guest' | 'admin' | 'staff', string> = { guest: '', admin: '', staff: '' };

async function login(email: string): Promise<string> {
  const res = await fetch(`${srv.base}/api/authentication/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password: PASSWORD }) });
  expect(res.status, `login ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function send(call: Call): Promise<Answer> {
  if (call.raw) return sendRaw(port, call.raw);
  const body = typeof call.body === 'function' ? call.body() : call.body;
  const headers: Record<string, string> = { ...call.headers, origin: srv.base };
  const who = call.as ?? 'guest';
  if (cookies[who]) headers.cookie = cookies[who];
  const res = await fetch(srv.base + call.path, { method: call.method, headers, body: body as BodyInit | undefined, redirect: 'manual', ...(typeof call.body === 'function' ? { duplex: 'half' } : {}) } as RequestInit);
  const h: Record<string, string> = {};
  res.headers.forEach((v, k) => (h[k] = v));
  return { status: res.status, headers: h, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  srv = await startOwnServer({ products: 120, prepare: (db) => writeFixture(db, acc) });
  port = Number(new URL(srv.base).port);
  cookies.admin = await login(acc.admin.email);
  cookies.staff = await login(acc.staff.email);
}, 180_000);

afterAll(async () => {
  await srv?.stop();
});

describe('fuzzing every §7 endpoint', () => {
  it('answers more than 10,000 malformed calls without a 5xx, always in Russian, and stays healthy', async () => {
    const routes = listRoutes(ROOT);
    const pool = schemaFieldPool(ROOT);
    expect(routes.length, 'endpoint files found').toBeGreaterThan(80);

    const calls: Call[] = [];
    routes.forEach((r, i) => {
      // A session must not end halfway through the run: the logouts are fuzzed as a guest only.
      const own = callsFor(r, pool, 1000 + i, RANDOM_CALLS_PER_ROUTE);
      calls.push(...(r.path.startsWith('/api/logout/') ? own.map((c) => ({ ...c, as: 'guest' as const })) : own));
    });
    for (const t of PAGE_TEMPLATES)
      for (const v of ['%00', '%E2%80%AE', '%F0%9F%94%A8', 'a'.repeat(3000), '..%2F..%2Fetc', '-1', '99999999999999999999', '%FF', '%E0%A4%A', '%'])
        calls.push({ kind: 'page param', method: 'GET', path: t.replaceAll('{P}', v), raw: Buffer.from(`GET ${t.replaceAll('{P}', v)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1') });
    expect(calls.length).toBeGreaterThanOrEqual(10_000);

    const started = Date.now();
    const failures: { call: Call; problems: string[]; status: number }[] = [];
    const slowest: { ms: number; what: string }[] = [];
    let next = 0;
    let sent = 0;
    const worker = async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        sent++;
        let answer: Answer;
        const t0 = Date.now();
        try {
          answer = await send(call);
          slowest.push({ ms: Date.now() - t0, what: `${call.method} ${call.path.slice(0, 60)} [${call.kind}]` });
          if (slowest.length > 40) slowest.sort((a, b) => b.ms - a.ms).splice(20);
        } catch (e) {
          // The server may close the socket of an oversize upload after answering 413 before the
          // client has finished sending: that is a refusal, not a failure.
          if (/oversize/.test(call.kind)) continue;
          failures.push({ call, problems: [`no answer: ${(e as Error).message}`], status: 0 });
          continue;
        }
        const problems = problemsOf(call, answer);
        if (problems.length) failures.push({ call, problems, status: answer.status });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = (Date.now() - started) / 1000;

    const groups = new Map<string, number>();
    for (const f of failures) {
      const key = `${f.call.method} ${f.call.path.replace(/\?.*/, '').slice(0, 60)} [${f.call.kind}] ${f.problems[0]}`;
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
    const report = [...groups].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${String(n).padStart(5)} × ${k}`);
    console.log(`fuzz: ${sent} calls over ${routes.length} endpoints in ${seconds.toFixed(1)} s, ${failures.length} failed${report.length ? ':\n' + report.slice(0, 80).join('\n') : ''}`);
    console.log(`fuzz: slowest answers:\n${slowest.sort((a, b) => b.ms - a.ms).slice(0, 8).map((x) => `${String(x.ms).padStart(6)} ms ${x.what}`).join('\n')}`);
    const fiveXX = failures.filter((f) => f.status >= 500).length;
    console.log(`fuzz: ${fiveXX} answered 5xx${fiveXX ? ':\n' + failures.filter((f) => f.status >= 500).slice(0, 10).map((f) => `${f.call.method} ${f.call.path} ${f.call.body ?? ''}`.slice(0, 400)).join('\n') : ''}`);

    const health = await fetch(`${srv.base}/api/health/`);
    expect(health.status, 'healthy afterwards').toBe(200);
    expect((await health.json()).status).toBe('success');
    expect(report, 'every malformed call answered properly').toEqual([]);
    // 80–100 s in a full CI run (beside the e2e suite on two cores); a slower machine must not run out of time.
  }, 480_000);
});
