/**
 * Production entry: the @astrojs/node standalone handler (SSR + static files with immutable
 * caching) behind gzip/brotli compression, which the adapter itself does not do. Also opens and
 * seeds the database right at boot instead of on the first visitor's request, and prints
 * "Store ready" once it answers (tests and lhci wait for that line).
 */
import http from 'node:http';
import compression from 'compression';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const compress = compression({ threshold: 1024 });

const server = http.createServer((req, res) => compress(req, res, () => handler(req, res)));
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
