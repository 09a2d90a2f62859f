/**
 * The pieces of the HTTP fuzz suite (tests/integration/fuzz.test.ts): the routes of spec §7 as the
 * source tree declares them, a deterministic generator of malformed calls, a raw-socket client for
 * what fetch refuses to send (NUL bytes and right-to-left marks in headers, broken percent-encoding),
 * and the checks every answer must pass.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { rng } from '../../src/server/seed/generate';

export type Route = {
  /** URL path with every parameter filled by a plausible value, e.g. `/web/brands/makita/`. */
  path: string;
  /** The path with `{P}` where a parameter goes (empty when the route has none). */
  template: string;
  methods: string[];
  /** Field names its schema mentions (plus the shared pool). */
  fields: string[];
};

const PARAM_SAMPLE: Record<string, string> = { code: 'makita', id: '1', filter: 'clear/apply', article: 'DEMO-1' };

/** Field names any schema under src/ declares: `name: z…` / `name: zId` and friends. */
export function schemaFieldPool(root: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) walk(full);
      else if (/\.ts$/.test(d.name)) for (const m of fs.readFileSync(full, 'utf8').matchAll(/(?:^|[{,\s])([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(?:z\.|z[A-Z][A-Za-z]*\b)/g)) names.add(m[1]!);
    }
  };
  walk(path.join(root, 'src/server'));
  walk(path.join(root, 'src/pages/api'));
  walk(path.join(root, 'src/pages/web'));
  return [...names].filter((n) => n.length > 1 && !/^(z|ctx|input|error|message)$/.test(n)).sort();
}

/** Every endpoint file of src/pages/api and src/pages/web with its exported methods. */
export function listRoutes(root: string): Route[] {
  const out: Route[] = [];
  for (const top of ['api', 'web']) {
    const base = path.join(root, 'src/pages', top);
    const walk = (dir: string) => {
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, d.name);
        if (d.isDirectory()) {
          walk(full);
          continue;
        }
        if (!/\.ts$/.test(d.name)) continue;
        const src = fs.readFileSync(full, 'utf8');
        const methods = [...src.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) => m[1]!);
        let rel = '/' + top + '/' + path.relative(base, full).replace(/\.ts$/, '').split(path.sep).join('/');
        rel = rel.replace(/\/index$/, '');
        const template = /\[/.test(rel) ? rel.replace(/\[(?:\.\.\.)?(\w+)\]/, '{P}') + '/' : '';
        const filled = rel.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => PARAM_SAMPLE[name] ?? '1') + '/';
        const fields = [...new Set([...src.matchAll(/(?:^|[{,\s])([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(?:z\.|z[A-Z][A-Za-z]*\b)/g)].map((m) => m[1]!))];
        out.push({ path: filled, template, methods, fields });
      }
    };
    walk(base);
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The seed generator's mulberry32: the same calls on every run, so a failure can be replayed. */
export function prng(seed: number) {
  const r = rng(seed);
  return { next: r.next, pick: r.pick, int: (n: number) => Math.floor(r.next() * n) };
}

const LONG = 'Ж'.repeat(60_000);
/** Hostile values for a field: wrong types, control characters, bidi marks, emoji, sizes. */
export const NASTY_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  '%00',
  '\u202eтекст\u202c',
  '\u200f\u200e',
  '🔨🪛🧰',
  '👨‍👩‍👧‍👦'.repeat(50),
  '\ud800',
  '\udfff\ud800',
  LONG,
  'x'.repeat(3000),
  '',
  ' ',
  '\t\n\r',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '1.5',
  '0x10',
  'Y',
  'N',
  'true',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  [null],
  ['a\u0000'],
  [1, 2, 3],
  Array.from({ length: 2000 }, (_, i) => i),
  {},
  { $gt: '' },
  { product: 1, quantity: 'a\u0000' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { x: 1 } } },
];

export const PLAUSIBLE: Record<string, unknown> = { id: 1, product: 1, productId: 1, quantity: 1, page: 1, code: 'makita', email: 'client@demo.by', login: 'client@demo.by', q: 'дрель', query: 'дрель', search: 'DEMO-1' };

export const BAD_JSON = [
  '{',
  '{"a":',
  '[]',
  'null',
  '"строка"',
  '123',
  '{"a":1,"a":2}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":' + '['.repeat(3000) + ']'.repeat(3000) + '}',
  '\uFEFF{"a":1}',
  '{"a":1}garbage',
  '\u0000',
] as const;

export type Call = {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** Send over a raw socket (bytes fetch will not send). */
  raw?: Buffer;
  as?: 'guest' | 'admin' | 'staff';
};

const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v.replace(/[\ud800-\udfff]/g, '\ufffd') : JSON.stringify(v));

export function queryOf(obj: Record<string, unknown>): string {
  return Object.entries(obj)
    .map(([k, v]) => `${encodeURIComponent(k)}=${enc(typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');
}

function multipart(fields: Record<string, unknown>, boundary: string): string {
  let s = '';
  for (const [k, v] of Object.entries(fields)) s += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`;
  return s + `--${boundary}--\r\n`;
}

/** A chunked body (fetch sends a stream without Content-Length) of `bytes` bytes in 64 KB pieces. */
export function chunked(bytes: number, fill = 0x20): () => ReadableStream<Uint8Array> {
  return () => {
    let left = bytes;
    return new ReadableStream({
      pull(c) {
        if (left <= 0) return c.close();
        const n = Math.min(left, 65_536);
        left -= n;
        const chunk = new Uint8Array(n).fill(fill);
        if (left === bytes - n) chunk[0] = 0x7b; // '{'
        c.enqueue(chunk);
      },
    });
  };
}

function rawRequest(method: string, target: string, headerLines: string[], body = ''): Buffer {
  const head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headerLines.map((h) => h + '\r\n').join('')}${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]);
}

/** Header values fetch refuses: raw bytes of NUL, bidi marks, emoji, junk. */
const BAD_TOKENS: Buffer[] = [
  Buffer.from('abc\u0000def', 'latin1'),
  Buffer.from('\u200fabcdefghijklmnopqrstu', 'utf8'),
  Buffer.from('🔨🔨🔨🔨🔨🔨🔨🔨', 'utf8'),
  Buffer.from('x'.repeat(8000)),
  Buffer.from([0xff, 0xfe, 0x80, 0x81, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41]),
  Buffer.from('Bearer \u202eabcdefghijklmnopq', 'utf8'),
];

/** Every malformed call of one route: a fixed part, then `randomCalls` random field mixes. */
export function callsFor(route: Route, pool: string[], seed: number, randomCalls: number): Call[] {
  const r = prng(seed);
  const calls: Call[] = [];
  const mainMethod = route.methods.includes('POST') ? 'POST' : 'GET';
  const p = route.path;
  const json = { 'content-type': 'application/json' };

  for (const m of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'])
    calls.push({ kind: `method ${m}`, method: m, path: p, headers: m === 'GET' || m === 'HEAD' ? {} : json, body: m === 'GET' || m === 'HEAD' ? undefined : '{}' });
  calls.push({ kind: 'method PUT form', method: 'PUT', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });

  if (mainMethod === 'POST') {
    for (const b of BAD_JSON) calls.push({ kind: 'bad json', method: 'POST', path: p, headers: json, body: b });
    const boundary = '----fuzz' + r.int(1e9);
    calls.push({ kind: 'multipart junk', method: 'POST', path: p, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: 'this is not multipart at all \u0000' });
    calls.push({ kind: 'multipart no boundary', method: 'POST', path: p, headers: { 'content-type': 'multipart/form-data' }, body: '--x\r\n\r\n' });
    calls.push({ kind: 'multipart well-formed', method: 'POST', path: p, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart({ ...PLAUSIBLE, [r.pick(pool)]: 'a\u0000b' }, boundary) });
    calls.push({ kind: 'json labelled multipart', method: 'POST', path: p, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: JSON.stringify(PLAUSIBLE) });
    calls.push({ kind: 'multipart labelled json', method: 'POST', path: p, headers: json, body: multipart(PLAUSIBLE, boundary) });
    calls.push({ kind: 'urlencoded nul', method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${route.fields[0] ?? 'id'}=%00&id=1&product=1&q=%00` });
    calls.push({ kind: 'urlencoded many fields', method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Array.from({ length: 3000 }, (_, i) => `f${i}=%00`).join('&') });
    calls.push({ kind: 'text/plain', method: 'POST', path: p, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(PLAUSIBLE) });
    calls.push({ kind: 'xml', method: 'POST', path: p, headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' });
    calls.push({ kind: 'octet-stream', method: 'POST', path: p, headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 1, 2, 3, 255, 254]) });
    calls.push({ kind: 'no content type', method: 'POST', path: p, body: JSON.stringify(PLAUSIBLE) });
    calls.push({ kind: 'json koi8', method: 'POST', path: p, headers: { 'content-type': 'application/json; charset=koi8-r' }, body: JSON.stringify(PLAUSIBLE) });
    calls.push({ kind: 'json invalid utf-8', method: 'POST', path: p, headers: json, body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]) });
    calls.push({ kind: 'chunked json', method: 'POST', path: p, headers: json, body: () => new Blob([JSON.stringify(PLAUSIBLE)]).stream() });
    calls.push({ kind: 'chunked oversize json', method: 'POST', path: p, headers: json, body: chunked(1_300_000) });
    calls.push({ kind: 'chunked oversize form', method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: chunked(1_300_000, 0x61) });
    calls.push({ kind: 'declared oversize', method: 'POST', path: p, headers: json, body: '{"a":"' + 'x'.repeat(1_100_000) + '"}' });
  } else {
    calls.push({ kind: 'query nul', method: 'GET', path: p + '?' + queryOf({ ...Object.fromEntries(route.fields.map((f) => [f, '\u0000'])), q: '\u0000' }) });
    calls.push({ kind: 'query repeated', method: 'GET', path: p + '?' + Array.from({ length: 500 }, () => `${route.fields[0] ?? 'page'}=1`).join('&') });
    calls.push({ kind: 'query huge', method: 'GET', path: p + '?' + queryOf({ [route.fields[0] ?? 'q']: 'Ж'.repeat(6000) }) });
    calls.push({ kind: 'get with body', method: 'POST', path: p, headers: json, body: '{}' });
  }

  // token header / query garbage, over a raw socket
  for (const t of BAD_TOKENS) {
    const head = Buffer.from(`${mainMethod} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\ntoken: `, 'latin1');
    calls.push({ kind: 'token header garbage', method: mainMethod, path: p, raw: Buffer.concat([head, t, Buffer.from('\r\n\r\n{}', 'latin1')]) });
  }
  calls.push({ kind: 'authorization garbage', method: mainMethod, path: p, raw: Buffer.concat([Buffer.from(`${mainMethod} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\nAuthorization: Bearer `, 'latin1'), BAD_TOKENS[1]!, Buffer.from('\r\n\r\n{}', 'latin1')]) });
  calls.push({ kind: 'cookie garbage', method: mainMethod, path: p, raw: Buffer.concat([Buffer.from(`${mainMethod} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\nCookie: instr.session_token=`, 'latin1'), BAD_TOKENS[2]!, Buffer.from('; guest=\u0000zz\r\n\r\n{}', 'latin1')]) });
  for (const q of ['%00', '%E2%80%8Fabcdefghijklmnopqrstuvwx', '%F0%9F%94%A8', '%FF%FE', 'x'.repeat(4000), '%', '%zz'])
    calls.push({ kind: 'token query garbage', method: mainMethod, path: `${p}?token=${q}`, raw: rawRequest(mainMethod, `${p}?token=${q}`, ['Content-Type: application/json'], mainMethod === 'POST' ? '{}' : '') });
  for (const bad of ['%E0%A4%A', '%', '%C0%AF', '%FF'])
    calls.push({ kind: 'malformed url', method: mainMethod, path: p + bad, raw: rawRequest(mainMethod, `${p}${bad}/`, ['Content-Type: application/json'], mainMethod === 'POST' ? '{}' : '') });

  if (route.template) {
    for (const v of ['%00', '%E2%80%AE', '%F0%9F%94%A8', 'a'.repeat(3000), '..%2F..%2Fetc', '-1', '0', '99999999999999999999', '1.5', '%20', 'NaN'])
      calls.push({ kind: 'path param', method: mainMethod, path: route.template.replace('{P}', v), headers: json, body: mainMethod === 'POST' ? '{}' : undefined });
  }

  const fields = [...route.fields, ...route.fields, ...pool];
  for (let i = 0; i < randomCalls; i++) {
    const obj: Record<string, unknown> = {};
    if (r.next() < 0.5) Object.assign(obj, PLAUSIBLE);
    const n = 1 + r.int(4);
    for (let k = 0; k < n; k++) obj[r.pick(fields)] = r.pick(NASTY_VALUES);
    const as = (['guest', 'admin', 'staff'] as const)[i % 3];
    const style = r.next();
    if (mainMethod === 'GET' || style < 0.15) calls.push({ kind: 'query fields', method: mainMethod, path: `${p}?${queryOf(obj)}`, headers: mainMethod === 'POST' ? json : {}, body: mainMethod === 'POST' ? '{}' : undefined, as });
    else if (style < 0.3) calls.push({ kind: 'form fields', method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: queryOf(obj), as });
    else calls.push({ kind: 'json fields', method: 'POST', path: p, headers: json, body: JSON.stringify(obj), as });
  }
  return calls;
}

/** Page routes with path parameters (spec §2 addresses), fuzzed through their parameter. */
export const PAGE_TEMPLATES = ['/qr/{P}/', '/checkout/{P}/', '/checkout/{P}/print/', '/checkout/{P}/receipt/', '/personal/orders/{P}/', '/catalog/{P}/', '/brands/{P}/', '/actions/{P}/', '/filial/{P}/', '/media/{P}/', '/{P}/', '/img/p/{P}/480.webp', '/feed/{P}.csv', '/personal/requests/files/{P}/', '/search/?q={P}', '/search/?query={P}', '/catalog/?sort={P}&page={P}', '/login/?backurl={P}', '/callback/{P}/'];

export type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * One request over a fresh socket, the bytes exactly as given (Connection: close). `pieces` writes
 * them a few KB at a time with pauses, as a slow network delivers them: the server then reads the
 * request in several chunks.
 */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 30_000, pieces?: { bytes: number; pauseMs: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('raw request timed out'));
    }, timeoutMs);
    socket.on('connect', async () => {
      if (!pieces) return void socket.write(bytes);
      for (let at = 0; at < bytes.length && !socket.destroyed; at += pieces.bytes) {
        socket.write(bytes.subarray(at, at + pieces.bytes));
        await new Promise((r) => setTimeout(r, pieces.pauseMs));
      }
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseRaw(Buffer.concat(chunks)));
      } catch (e) {
        reject(e);
      }
    });
  });
}

function parseRaw(buf: Buffer): Answer {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no HTTP answer: ${JSON.stringify(buf.toString('latin1').slice(0, 200))}`);
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1]);
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = buf.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const nl = body.indexOf('\r\n', at);
      if (nl < 0) break;
      const size = parseInt(body.subarray(at, nl).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(nl + 2, nl + 2 + size));
      at = nl + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body };
}

const CYRILLIC = /[А-Яа-яЁё]/;
/** zod's and JavaScript's own words, types, operators and internal field names never reach a user. */
const TECHNICAL = /\d{10,}|ожидал|получено|\bNaN\b|Infinity|undefined|\bnull\b|Invalid|expected|received|\bregex|\b(?:string|number|boolean|object|array|bigint)\b|<=|>=|\||^[a-z]+_?[A-Za-z_]*(?:\.\d+)*:/;
const STACK = /\n\s+at .+:\d+:\d+|\bat (?:async )?[\w.<>]+ \(.*:\d+:\d+\)|node_modules\//;

/**
 * The /web/ calls that answer a file when they succeed: the file's type, and the envelope (checked as any other)
 * whenever they refuse. Junk in the query of the desk's export is ignored like any unknown field, so it succeeds.
 */
const FILE_ANSWERS: [path: RegExp, type: RegExp][] = [[/^\/web\/desk\/orders\/export\/$/, /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/]];

/** What is wrong with an answer (empty when it is fine). */
export function problemsOf(call: Call, a: Answer): string[] {
  const p: string[] = [];
  if (a.status >= 500 || !a.status) p.push(`HTTP ${a.status}`);
  const text = a.body.toString('utf8');
  if (STACK.test(text)) p.push('stack trace in the body');
  const jsonRoute = /^\/(api|web)\//.test(call.path);
  if (a.status === 405 && !a.headers.allow) p.push('405 without Allow');
  if (call.method === 'HEAD' || a.status === 304 || (a.status >= 300 && a.status < 400) || a.status === 204) return p;
  if (jsonRoute) {
    const file = FILE_ANSWERS.find(([path]) => path.test(call.path.split('?')[0]!));
    if (file && a.status === 200 && file[1].test(a.headers['content-type'] ?? '')) return p;
    if (!/application\/json/.test(a.headers['content-type'] ?? '')) {
      p.push(`${a.status} not JSON (${a.headers['content-type'] ?? 'no content-type'})`);
      return p;
    }
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      p.push('unparsable JSON');
      return p;
    }
    if (!body || !['success', 'error'].includes(body.status) || !Array.isArray(body.errors) || !('data' in body)) p.push('not the {status, data, errors} envelope');
    else if (body.status === 'error') {
      if (!body.errors.length) p.push('error without a message');
      for (const e of body.errors) {
        if (typeof e?.message !== 'string' || !CYRILLIC.test(e.message)) p.push(`message not Russian: ${JSON.stringify(e?.message)}`);
        else if (TECHNICAL.test(e.message)) p.push(`technical message: ${JSON.stringify(e.message)}`);
      }
    }
  } else if (a.status >= 400) {
    if (!CYRILLIC.test(text)) p.push(`non-Russian ${a.status} page: ${JSON.stringify(text.slice(0, 80))}`);
  }
  return p;
}
