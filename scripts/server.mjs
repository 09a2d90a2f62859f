/**
 * Production entry: the page cache in front (src/server/page-cache/front.ts: cached guest pages and
 * static files answered from memory, precompressed), then the @astrojs/node standalone handler
 * behind gzip/brotli compression for everything else. Opens the database right at boot instead of
 * on the first visitor's request, and prints "Store ready" once it answers (tests and lhci wait for
 * that line). SIGTERM/SIGINT: stop accepting, let requests in flight finish, close the database (its background work
 * stops first: DbHandle.beforeClose), exit.
 *
 * Demo data: outside production, a freshly migrated database (no row any migration did not write:
 * no user, order, basket, company, product…) is first filled with the demo catalogue and accounts by
 * the seed CLI's `--if-empty` (SEED_ON_START=0 turns that off); a database holding anything else is
 * left alone, with one log line saying why. With NODE_ENV=production the demo is never written —
 * its accounts have a published password.
 */
import http from 'node:http';
import v8 from 'node:v8';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { ConfigError, isProduction, startupConfig } from '../src/server/config/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The configuration (src/server/config) is checked before anything else: a value that does not parse,
// or production without a real AUTH_SECRET (sessions, codes, captcha and guest ids are signed with
// it), stops the start with one line per problem. Modules that read it load only after this check.
let config;
try {
  config = startupConfig();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
// V8 lets the heap grow to as much as four times what is live before a full collection; a 1C exchange's garbage
// then held 400–700 MB of RSS more than the node needed. Set before the app loads, while the heap is small
// (decision 0200, sixth session); 0 leaves V8's own choice.
if (config.HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWING_PERCENT}`);
const { createFront } = await import('../src/server/page-cache/front.ts');
const { registerPageCache } = await import('../src/server/page-cache/registry.ts');
const { answerClientError, drainAfterAnswer, refuseMalformed } = await import('../src/server/http/early.ts');
const production = isProduction(config);
if (production) {
  console.log('Production start: demo data and demo accounts are never created.');
} else if (config.SEED_ON_START) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', '--if-empty'], { stdio: 'inherit', env: process.env, cwd: root });
  if (seeded.status !== 0) {
    console.error('Demo seeding failed: see above.');
    process.exit(1);
  }
}

// React's CommonJS entry points choose their development build — several times slower to render,
// with prop validation on every element — unless NODE_ENV is 'production' when they are first
// loaded. Here NODE_ENV means "a real deployment" (no demo data, real secrets), which a demo, a test
// run or a benchmark is not, yet all of them serve the built app: load React's production build
// explicitly, whatever NODE_ENV says, and leave NODE_ENV as it was.
{
  const require = createRequire(import.meta.url);
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const m of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(m);
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// The address is a variable so that the type check (allowJs) does not follow it into the build: the 595 built chunks
// were a third of what tsc read and most of its time.
const ENTRY = '../dist/server/entry.mjs';
const { handler } = await import(ENTRY);

const { HOST: host, PORT: port } = config;
// Streamed bodies (export feeds) pace themselves on the socket: Astro writes a Response body without
// waiting for 'drain', so the request's ServerResponse is made reachable to them (src/server/exports/stream.ts).
const nodeResponses = new AsyncLocalStorage();
globalThis.__storeNodeResponse = nodeResponses;

const front = createFront({
  // Only what Astro answers runs inside it: cached pages and static files need no async context.
  handler: (req, res) => nodeResponses.run(res, () => handler(req, res)),
  compress: compression({ threshold: 1024 }),
  clientDir: path.join(root, 'dist/client'),
  maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
});
registerPageCache(front);

/**
 * Spec §2 add-slash. Astro (trailingSlash: 'always') already answers GET/HEAD with a 301 that
 * keeps the query, but it does the same for POST, which clients replay as a GET without the body.
 * Other methods therefore get a 308 here, before Astro sees them.
 */
function slashRedirect(req) {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const q = req.url.indexOf('?');
  const p = q < 0 ? req.url : req.url.slice(0, q);
  if (p.endsWith('/') || p.slice(p.lastIndexOf('/') + 1).includes('.')) return null;
  return p + '/' + (q < 0 ? '' : req.url.slice(q));
}

const server = http.createServer((req, res) => {
  // A broken percent-encoding or a NUL byte in the address: refused in Russian before the adapter's English «Bad request.».
  if (refuseMalformed(req, res) === 'answered') return;
  // A refused upload is drained briefly so that its client reads the answer instead of a reset.
  drainAfterAnswer(req, res);
  const target = slashRedirect(req);
  if (target) {
    res.writeHead(308, { location: target }).end();
    return;
  }
  front.handle(req, res);
});
server.keepAliveTimeout = 65_000;
// What Node's parser refuses (a NUL in a header, 16 KB of headers) is answered in Russian too.
server.on('clientError', answerClientError);
server.listen(port, host, async () => {
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  console.log(`Server listening on ${base}`);
  const started = Date.now();
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health/`);
      if (r.ok) break;
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`Store ready on ${base}/ (database ready in ${Date.now() - started} ms)`);
  // Behind a TLS-terminating proxy the browser's Origin is https://…, the request here http://…: without the
  // public address every form post is refused as cross-site (issue 28). Said once, at start.
  if (!config.SITE_URL) console.log('SITE_URL is not set: behind an https proxy every form and call from the browser will be refused as cross-site — set SITE_URL=https://<your domain> (and TRUST_PROXY=<number of proxies>)');
  // Search keeps an in-process index (docs/decisions/0030-search.md): build it now, not on the first visitor's query.
  fetch(`${base}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":""}' }).catch(() => {});
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then closing the database`);
  const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
  force.unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  try {
    const db = await globalThis.__storeDb;
    await db?.close();
  } catch (e) {
    console.error('closing the database failed', e);
  }
  process.exit(0);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(sig));
