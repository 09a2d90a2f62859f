#!/usr/bin/env node
/**
 * `npm test`: every layer — Chromium present, build, types beside unit, then end-to-end in Chromium beside
 * the integration suite, then Lighthouse CI — stopping after the first step that fails.
 *
 * The integration suite runs once, on the real database server production uses when one answers
 * (TEST_DATABASE_URL, else PostgreSQL at 127.0.0.1:5432 as the postgres user), else on PGlite; after a
 * PostgreSQL run, the files that prove the embedded default (EMBEDDED below) run again on PGlite.
 * TEST_DB=pglite runs the whole suite on PGlite. The e2e suite always runs on PGlite, the default a
 * fresh clone starts (decision 0230).
 *
 * e2e drives two browsers and one server; the integration suite runs beside it, so never more than two
 * suites share the machine. Lighthouse runs last and alone, because it measures time. Each layer's time
 * is printed at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const times = [];
/** A prefixed layer's output, kept to print its failures again at the end (CI shows only the tail). */
const outputs = new Map();

/** Runs `npm run <script>` (or a node script); lines are prefixed when two layers share the terminal. */
function run(label, command, args, { env = {}, prefix = '' } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      const kept = [];
      outputs.set(label, kept);
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            kept.push(line);
            process.stdout.write(`${prefix}${line}\n`);
          }
        });
        stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
      }
    }
    child.on('close', (code) => {
      times.push(`${label}: ${((Date.now() - started) / 1000).toFixed(0)} s${code ? ` (exit ${code})` : ''}`);
      resolve(code ?? 1);
    });
  });
}

/** vitest's "Failed Tests" block (from its header to the summary), or at most the last 60 lines. */
function failures(lines) {
  const plain = lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
  const start = plain.findIndex((line) => /Failed Tests \d+/.test(line));
  const end = plain.findIndex((line, i) => i > start && /^\s*Test Files\s/.test(line));
  const block = start >= 0 ? plain.slice(start, end > start ? end : undefined) : plain.slice(-60);
  return block.slice(0, 200);
}

function finish(code) {
  for (const [label, lines] of outputs) {
    if (!times.some((t) => t.startsWith(`${label}:`) && t.includes('(exit'))) continue;
    console.log(`\n── ${label}: what failed ──\n${failures(lines).join('\n')}`);
  }
  console.log(`\ntest: ${times.join(' · ')}`);
  process.exit(code);
}

const npm = (script) => ['npm', ['run', '--silent', script]];
const first = [
  ['chromium', process.execPath, ['scripts/chromium.mjs']],
  ['build', ...npm('build')],
  // The build has just written Astro's generated types (.astro/), so tsc needs no `astro sync` of its own.
  ['typecheck', 'npx', ['--no-install', 'tsc', '--noEmit', '-p', '.']],
  ['unit', ...npm('test:unit')],
];
// TEST_FROM=e2e (or unit, typecheck…): start at that layer, the earlier ones already passed on this build
// (TEST_FROM=e2e or integration runs both of the parallel step); TEST_UNTIL=e2e: stop before Lighthouse.
const start = process.env.TEST_FROM ?? '';
const from = start ? first.findIndex(([label]) => label.startsWith(start)) : 0;
const todo = first.slice(from < 0 ? first.length : from);
const step = (label, opts) => {
  const found = todo.find(([l]) => l === label);
  return found ? run(...found, opts) : 0;
};

let code = (await step('chromium')) || (await step('build'));
if (code) finish(code);
// The type check (one core) beside the unit tests.
code = (await Promise.all([step('typecheck', { prefix: '[typecheck] ' }), step('unit')])).find((c) => c) ?? 0;
if (code) finish(code);

// Two at a time, never three: a third process (the axe scans apart, on their own server: E2E_DATA_DIR)
// was tried, and on two cores the PostgreSQL suite's timing tests then failed.

/** Files whose subject is the embedded database itself: start-up, seeding, durability, the imports holding it (1C's, the desk's price list), SQL money. */
const EMBEDDED = ['seed', 'seed-guard', 'production-start', 'order-durability', 'catalog-changes', 'exchange-import', 'pricelist-import', 'money-property', 'basket-db', 'checkout-money'].map((f) => `tests/integration/${f}.test.ts`);
/** Embedded files that start their own PGlite server whatever DATABASE_URL says: on the PostgreSQL leg they would run the same test a second time. */
const PGLITE_ONLY = ['order-durability'].map((f) => `tests/integration/${f}.test.ts`);

/** The PostgreSQL server the integration suite runs on, or '' for PGlite. */
async function postgres() {
  if (process.env.TEST_DB === 'pglite') return '';
  const given = process.env.TEST_DATABASE_URL;
  const url = given || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (e) {
    // A server that was named must answer; one only looked for may be absent.
    if (given) {
      console.error(`test: TEST_DATABASE_URL does not answer (${e.message})`);
      process.exit(1);
    }
    return '';
  } finally {
    await client.end().catch(() => {});
  }
}

const pg = await postgres();
console.log(pg ? `test: integration on PostgreSQL (${pg.replace(/\/\/[^@]*@/, '//')}), then the embedded files on PGlite` : 'test: integration on PGlite (no PostgreSQL server answered)');
// The embedded files on PGlite follow e2e, beside the rest of the PostgreSQL run (e2e ends first): two suites at a time.
const embedded = () => run('integration (PGlite: embedded)', 'npx', ['--no-install', 'vitest', 'run', '--project', 'integration', ...EMBEDDED], { env: { DATABASE_URL: '', TEST_SHARED_SERVER: '0' }, prefix: '[pglite] ' });
/** e2e's freshly seeded directory, kept for Lighthouse's server (scripts/e2e-server.mjs): one seed, not two. */
const SEEDED = 'data/e2e-seeded';
fs.rmSync(SEEDED, { recursive: true, force: true });
async function e2eThenEmbedded() {
  const e2e = await run('e2e', ...npm('test:e2e'), { env: { E2E_KEEP_SEEDED: SEEDED } });
  return e2e || (pg ? embedded() : 0);
}
const integration = () =>
  pg
    ? run('integration (PostgreSQL)', 'npm', ['run', '--silent', 'test:integration', '--', ...PGLITE_ONLY.map((f) => `--exclude=${f}`)], { env: { DATABASE_URL: pg }, prefix: '[pg] ' })
    : run('integration (PGlite)', ...npm('test:integration'), { prefix: '[integration] ' });
const codes = await Promise.all([e2eThenEmbedded(), integration()]);
const failed = codes.find((c) => c);
if (failed) finish(failed);

if (process.env.TEST_UNTIL !== 'e2e') {
  const code = await run('lighthouse', ...npm('lhci'), { env: { E2E_SEEDED_FROM: SEEDED } });
  fs.rmSync(SEEDED, { recursive: true, force: true });
  finish(code);
}
finish(0);
