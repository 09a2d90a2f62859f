/**
 * Production entry: the @astrojs/node standalone handler (SSR + static files with immutable
 * caching) behind gzip/brotli compression, which the adapter itself does not do. Opens the
 * database right at boot instead of on the first visitor's request, and prints "Store ready" once
 * it answers (tests and lhci wait for that line).
 *
 * Demo data: outside production, an empty database is first filled with the demo catalogue and
 * accounts by the seed CLI (SEED_ON_START=0 turns that off). With NODE_ENV=production the demo
 * is never written — its accounts have a published password.
 */
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import compression from 'compression';

const production = process.env.NODE_ENV === 'production';
if (production) {
  console.log('Production start: demo data and demo accounts are never created.');
} else if (process.env.SEED_ON_START !== '0') {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', '--if-empty'], { stdio: 'inherit', env: process.env });
  if (seeded.status !== 0) {
    console.error('Demo seeding failed: see above.');
    process.exit(1);
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const compress = compression({ threshold: 1024 });

// Streamed bodies (export feeds) pace themselves on the socket: Astro writes a Response body without
// waiting for 'drain', so the request's ServerResponse is made reachable to them (src/server/exports/stream.ts).
const nodeResponses = new AsyncLocalStorage();
globalThis.__storeNodeResponse = nodeResponses;

/**
 * Spec §2 add-slash. Astro (trailingSlash: 'always') already answers GET/HEAD with a 301 that
 * keeps the query, but it does the same for POST, which clients replay as a GET without the body.
 * Other methods therefore get a 308 here, before Astro sees them.
 */
function slashRedirect(req) {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (path.endsWith('/') || path.slice(path.lastIndexOf('/') + 1).includes('.')) return null;
  return path + '/' + (q < 0 ? '' : req.url.slice(q));
}

const server = http.createServer((req, res) => {
  const target = slashRedirect(req);
  if (target) {
    res.writeHead(308, { location: target }).end();
    return;
  }
  compress(req, res, () => nodeResponses.run(res, () => handler(req, res)));
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, async () => {
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  console.log(`Server listening on ${base}`);
  const started = Date.now();
  for (;;) {
    try {
      const r = await fetch(`${base}/api/header/`);
      if (r.ok) break;
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`Store ready on ${base}/ (database ready in ${Date.now() - started} ms)`);
  // Search keeps an in-process index (docs/decisions/0030-search.md): build it now, not on the first visitor's query.
  fetch(`${base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":""}' }).catch(() => {});
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
