/**
 * Logins and the rest of the node (issue 28 #5): 40 correct password logins at once while a probe
 * asks /api/health/ every 20 ms. Baseline in the same run: the same probe with nothing else going on.
 * Printed: how long the 40 logins took, and the probe's p50 / p95 / max during them against the idle
 * baseline (ratios). At most two hashes share libuv's thread pool at a time (src/server/auth/password-hash.ts),
 * so compression and file reads — what every other answer needs — never wait behind 40 of them.
 * Measured before that gate (2 cores, quiet): the probe waited up to 1.8 s (PGlite) and 0.9 s (PostgreSQL).
 *
 * Starts the built server (run `npm run build` first) on 127.0.0.1:$BENCH_PORT (default 4426) with a
 * fresh PGlite directory; with DATABASE_URL set, also against a fresh PostgreSQL database.
 */
import pg from 'pg';
import { startBuiltServer } from './built-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4426);
const BASE = `http://127.0.0.1:${PORT}`;
const LOGINS = 40;

const startServer = (extraEnv) => startBuiltServer({ port: PORT, name: 'logins', products: 200, env: extraEnv });

const login = () =>
  fetch(`${BASE}/api/authentication/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ login: 'client@demo.by', password: 'Demo2026pass' }) }).then((r) => r.status);

/** Health answers (ms) while `work` runs, one probe every 20 ms. */
async function probeDuring(work) {
  const times = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${BASE}/api/health/`);
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  done = true;
  await probe;
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { result, ms, n: times.length, p50: q(0.5), p95: q(0.95), max: times[times.length - 1] };
}

async function run(label, env) {
  const stop = await startServer(env);
  try {
    await login(); // the pool's worker and the session code warmed up
    const idle = await probeDuring(() => new Promise((r) => setTimeout(r, 2000)));
    const busy = await probeDuring(() => Promise.all(Array.from({ length: LOGINS }, login)));
    const statuses = [...new Set(busy.result)].join(',');
    const f = (x) => `${x.toFixed(1)} ms`;
    console.log(`${label}: ${LOGINS} concurrent logins in ${busy.ms.toFixed(0)} ms (answers ${statuses})`);
    console.log(`${label}:   /api/health/ idle    p50 ${f(idle.p50)}  p95 ${f(idle.p95)}  max ${f(idle.max)}  (n=${idle.n})`);
    console.log(`${label}:   /api/health/ logging p50 ${f(busy.p50)}  p95 ${f(busy.p95)}  max ${f(busy.max)}  (n=${busy.n})  ratios p50 ×${(busy.p50 / idle.p50).toFixed(1)}, max ×${(busy.max / idle.max).toFixed(1)}`);
  } finally {
    await stop();
  }
}

await run('PGlite', {});
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `bench_logins_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    await run('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
