/**
 * The production image's runtime stage, without Docker: a temporary directory is assembled from the
 * Dockerfile's own lines — the runtime stage's COPY lines, its WORKDIR, ENV and CMD; `/app/runtime` of
 * the build stage made by the same `node scripts/runtime-files.mjs` RUN line — and the server is
 * started from there on a fresh PostgreSQL database with NODE_ENV=production. A file the server
 * imports at run time that the image lacks (say a new import in src/server/page-cache/front.ts that a
 * hand-kept list forgot) stops it from starting, and this test with it.
 *
 * What differs from a real image: node_modules is a link to this checkout's (not pruned of dev
 * dependencies), and the Node binary is the one running the tests.
 * PostgreSQL only: production runs on it, and migrating an empty database at boot is part of the check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/own-server';
import { createEmptyDatabase } from '../helpers/db';

const ROOT = process.cwd();
const pgOnly = !process.env.DATABASE_URL;

type Stage = { name: string | null; lines: string[] };

/** The Dockerfile's stages with their instructions (continuation lines joined, comments dropped). */
function stages(dockerfile: string): Stage[] {
  const out: Stage[] = [];
  const joined = dockerfile.replace(/\\\r?\n/g, ' ');
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) out.push({ name: from[1] ?? null, lines: [] });
    else out.at(-1)!.lines.push(line);
  }
  return out;
}

const instruction = (stage: Stage, name: string) => stage.lines.filter((l) => l.toUpperCase().startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());

/** `A=1 B=2` of an ENV line. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of instruction(stage, 'ENV')) for (const m of line.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
  return env;
}

let appDir = '';
let runtimeDir = '';
let dataDir = '';
let dropDatabase = async () => {};
let child: ChildProcess | undefined;
let log = '';
let base = '';
let copies: string[] = [];

/** Builds the runtime stage's /app in a temporary directory, as `docker build` would. */
function assemble(): { workdir: string; env: Record<string, string>; cmd: string[] } {
  const all = stages(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const build = all.find((s) => s.name === 'build');
  const runtime = all.at(-1)!;
  expect(build, 'a build stage named "build"').toBeDefined();
  expect(runtime).not.toBe(build);
  const buildWorkdir = instruction(build!, 'WORKDIR').at(-1)!;
  const workdir = instruction(runtime, 'WORKDIR').at(-1)!;

  // The build stage's `node scripts/runtime-files.mjs <dir>`, run here into a directory of our own.
  const made = instruction(build!, 'RUN')
    .flatMap((r) => [...r.matchAll(/node\s+scripts\/runtime-files\.mjs\s+(\S+)/g)])
    .map((m) => path.posix.resolve(buildWorkdir, m[1]!));
  expect(made, 'the build stage runs scripts/runtime-files.mjs once').toHaveLength(1);
  const script = spawnSync(process.execPath, ['scripts/runtime-files.mjs', runtimeDir], { cwd: ROOT, encoding: 'utf8' });
  expect(script.status, script.stderr).toBe(0);

  /** A path of the build stage → where it is here. */
  const fromBuild = (p: string): string => {
    const abs = path.posix.resolve(buildWorkdir, p);
    if (abs === made[0] || abs.startsWith(`${made[0]}/`)) return path.join(runtimeDir, path.posix.relative(made[0]!, abs));
    expect(abs.startsWith(`${buildWorkdir}/`), `${p} lies in the build stage's ${buildWorkdir}`).toBe(true);
    return path.join(ROOT, path.posix.relative(buildWorkdir, abs));
  };

  for (const line of instruction(runtime, 'COPY')) {
    const words = line.split(/\s+/);
    const flags = words.filter((w) => w.startsWith('--'));
    const args = words.filter((w) => !w.startsWith('--'));
    expect(flags, `COPY ${line}: only from the build stage`).toContain('--from=build');
    const dest = path.posix.resolve(workdir, args.at(-1)!);
    const intoDir = args.at(-1)!.endsWith('/') || args.length > 2;
    for (const src of args.slice(0, -1)) {
      const from = fromBuild(src);
      const stat = fs.statSync(from);
      const to = path.join(appDir, path.posix.relative(workdir, dest), intoDir && !stat.isDirectory() ? path.basename(from) : '');
      if (path.basename(from) === 'node_modules' && stat.isDirectory()) {
        // Copying a gigabyte proves nothing more than a link does.
        fs.symlinkSync(fs.realpathSync(from), to.replace(/\/$/, ''));
      } else if (stat.isDirectory()) {
        fs.cpSync(from, to, { recursive: true }); // Docker copies a directory's contents
      } else {
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(from, to);
      }
      copies.push(`${src} → ${path.relative(appDir, to) || '.'}`);
    }
  }

  const cmd = JSON.parse(instruction(runtime, 'CMD').at(-1)!) as string[];
  return { workdir, env: envOf(runtime), cmd };
}

beforeAll(async () => {
  if (pgOnly) return;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-image-'));
  appDir = path.join(tmp, 'app');
  runtimeDir = path.join(tmp, 'build-runtime');
  dataDir = path.join(tmp, 'data');
  fs.mkdirSync(appDir);
  const { env: imageEnv, cmd } = assemble();
  expect(cmd[0]).toBe('node');

  const created = await createEmptyDatabase(process.env.DATABASE_URL!);
  dropDatabase = created.drop;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...imageEnv,
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: base,
  };
  delete env.MIGRATIONS_DIR;
  child = spawn(process.execPath, cmd.slice(1), { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const until = Date.now() + 120_000;
  while (!log.includes('Store ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the runtime image's server did not start from ${appDir}:\n${copies.join('\n')}\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await dropDatabase();
  if (appDir) fs.rmSync(path.dirname(appDir), { recursive: true, force: true });
});

describe.skipIf(pgOnly)('the Dockerfile runtime stage, assembled and started (PostgreSQL; skipped on PGlite-only runs: production runs on PostgreSQL)', () => {
  it('holds what scripts/runtime-files.mjs lists, and none of the sources Astro bundled into dist/', () => {
    const listed = spawnSync(process.execPath, ['scripts/runtime-files.mjs', '--list'], { cwd: ROOT, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    const files = listed.stdout.trim().split('\n');
    expect(files).toEqual(expect.arrayContaining(['scripts/server.mjs', 'src/server/page-cache/front.ts', 'src/server/db/migrations/meta/_journal.json']));
    for (const f of files) expect(fs.existsSync(path.join(appDir, f)), f).toBe(true);
    expect(fs.existsSync(path.join(appDir, 'dist/server/entry.mjs'))).toBe(true);
    // The layout is the image's, not this checkout: pages and the catalogue code live only in dist/.
    expect(fs.existsSync(path.join(appDir, 'src/pages'))).toBe(false);
    expect(fs.existsSync(path.join(appDir, 'src/server/catalog'))).toBe(false);
  });

  it('starts in production (migrating the empty database, seeding nothing) and answers the health call', async () => {
    expect(log).toContain('Production start: demo data and demo accounts are never created.');
    const res = await fetch(`${base}/api/health/`);
    expect(res.status).toBe(200);
  });

  it('renders the home page and the catalogue on an empty catalogue', async () => {
    for (const p of ['/', '/catalog/']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html, p).toMatch(/^<!DOCTYPE html>/i);
      expect(html, p).toContain('<html lang="ru"');
      expect(html, p).toMatch(/<h1[^>]*>[^<]+/);
    }
  });
});
