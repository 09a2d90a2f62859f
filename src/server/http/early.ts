/**
 * Refusals made before Astro sees a request (scripts/server.mjs runs them first), in Russian:
 *
 * - A URL with broken percent-encoding (`/%E0%A4%A/`, `%FF`) or a control character in its path
 *   (`/qr/%00/`): the @astrojs/node adapter would answer a bare English «Bad request.» and a NUL
 *   would reach PostgreSQL. Calls (/api, /web) get the JSON envelope; pages are rewritten to the
 *   400 view of /error/ so the visitor sees the site's own error page. A NUL in the query string
 *   (`?city=%00`) is simply dropped, for pages and calls alike.
 * - What Node's HTTP parser refuses (a NUL or a bare CR in a header, headers over 16 KB): the
 *   'clientError' answer, JSON for calls, a short Russian page otherwise.
 *
 * Node runs this file directly (type stripping): erasable TypeScript, `.ts` imports, no framework.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { securityDict as ru } from '../../i18n/ru-security.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

const isCall = (url: string) => /^\/(api|web)\//.test(url);

/** Broken percent-encoding anywhere, or a control character (NUL…) in the path once decoded. */
export function malformedUrl(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // Without a '%' nothing can be badly encoded, and decoding changes nothing (the common case: no decoding work).
  if (!url.includes('%')) return /[\u0000-\u001f\u007f]/.test(path);
  try {
    decodeURIComponent(url.replace(/\+/g, ' '));
    return /[\u0000-\u001f\u007f]/.test(decodeURIComponent(path));
  } catch {
    return true;
  }
}

/** The URL with encoded NUL bytes removed from its query string: a NUL is no character anyone typed, and PostgreSQL refuses it. */
export function withoutQueryNul(url: string): string {
  if (!url.includes('%')) return url;
  const q = url.indexOf('?');
  return q < 0 || !/%00/i.test(url.slice(q)) ? url : url.slice(0, q) + url.slice(q).replace(/%00/gi, '');
}

function envelope(code: number, message: string): string {
  return JSON.stringify({ status: 'error', data: null, errors: [{ code, message }] });
}

/**
 * 'answered' when the request was refused here; 'continue' otherwise (a page with a broken
 * address continues as /error/?code=400, rendered by Astro).
 */
export function refuseMalformed(req: IncomingMessage, res: ServerResponse): 'answered' | 'continue' {
  const url = req.url ?? '/';
  if (!malformedUrl(url)) {
    req.url = withoutQueryNul(url);
    return 'continue';
  }
  if (isCall(url)) {
    const body = envelope(100, ru.ERR_BAD_URL);
    res.writeHead(400, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return 'answered';
  }
  req.method = req.method === 'HEAD' ? 'HEAD' : 'GET';
  req.url = '/error/?code=400';
  // Astro reads no body on GET; what the client sent is dropped.
  delete req.headers['content-type'];
  delete req.headers['content-length'];
  delete req.headers['transfer-encoding'];
  return 'continue';
}

const PAGE = (title: string, text: string) =>
  `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Инструмент.by</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">На главную</a></p></main></body></html>`;

/** Node's 'clientError': the request could not even be parsed. Answers in Russian and closes. */
export function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const packet = err.rawPacket?.toString('latin1') ?? '';
  // rawPacket is the chunk the parser choked on: for a request longer than one network read it is
  // the middle of the request, with no request line, and where it was sent is unknown. Then the
  // envelope is the answer (programs send such addresses to /api and /web), and the page only when
  // the chunk shows a browser's navigation (it asks for HTML). Remembering each connection's first
  // bytes would take them off Node's native parsing path for every request.
  const requestLine = /^[A-Z]+ (\S+) HTTP\/1\.[01]$/.exec(packet.split('\r\n', 1)[0] ?? '');
  const browser = /\r\n(accept:[^\r\n]*text\/html|sec-fetch-mode:\s*navigate)/i.test(packet);
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? 431 : timeout ? 408 : 400;
  const message = tooLarge ? ru.ERR_HEADERS_TOO_LARGE : ru.ERR_BAD_REQUEST;
  const json = requestLine ? isCall(requestLine[1]!) : !browser;
  const body = json ? envelope(100, message) : PAGE(message, ru.ERROR_400_TEXT);
  const reason = tooLarge ? 'Request Header Fields Too Large' : timeout ? 'Request Timeout' : 'Bad Request';
  const headers = Object.entries({ ...SECURITY_HEADERS, 'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close', 'content-length': String(Buffer.byteLength(body)) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${body}`);
}

/** How long and how much of an unread body is drained after a refusal before the socket is cut. */
const LINGER = { ms: 3_000, bytes: 16 * 1024 * 1024 };

/**
 * After an answer that left the request body unread (413, 415, a cross-site refusal), the rest is
 * read and thrown away for a short while before the connection is cut: closing a socket that still
 * has unread data sends a TCP reset, and the client would lose the Russian answer it was sent.
 */
export function drainAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  // No Content-Length and no Transfer-Encoding (every GET and HEAD a browser sends): no body, nothing to drain.
  const length = req.headers['content-length'];
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return;
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    let drained = 0;
    const cut = () => req.socket?.destroy();
    const timer = setTimeout(cut, LINGER.ms);
    timer.unref();
    req.removeAllListeners('readable');
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER.bytes) cut();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}
