/**
 * The demo's Markdown is the first content of a fresh database (decision 0210): a new promotion file
 * in src/content/promotions, a build and a first start on an empty database (the start-up seed imports
 * src/content once), and the promotion is on the home page, in /actions/ and in GET /web/actions/.
 * Editors publish from the desk instead (docs/CONTENT.md; content-desk.test.ts). Runs on a copy of the
 * project so the working tree and its dist/ (used by the other tests) are never touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'store-publish-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  fs.rmSync(copy, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('the demo’s Markdown is imported into a fresh database', () => {
  it('a new Markdown file appears on /, /actions/ and in web/actions/ after build and restart', { timeout: 240_000 }, async () => {
    for (const f of ['src', 'public', 'scripts', 'astro.config.mjs', 'tsconfig.json', 'package.json']) fs.cpSync(path.join(root, f), path.join(copy, f), { recursive: true });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const code = 'redaktorskaya-akciya-proverka';
    fs.writeFileSync(
      path.join(copy, 'src/content/promotions', `${code}.md`),
      [
        '---',
        'title: Редакторская акция — проверка публикации',
        'preview: Эта акция опубликована по инструкции для редакторов.',
        "color: '#0b5ea8'",
        `starts: ${iso(Date.now() - day)}`,
        `ends: ${iso(Date.now() + 30 * day)}`,
        'products:',
        '  sections: [krugi-i-diski]',
        '---',
        '',
        'Текст **акции**.',
        '',
      ].join('\n'),
    );

    // As `npm run build` runs it: vitest's NODE_ENV=test would compile JSX for React's development runtime.
    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: copy, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } });
    expect(build.status, build.stderr + build.stdout).toBe(0);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(copy, 'data'), SEED_PRODUCTS: '150', SITE_URL: `http://127.0.0.1:${port}` };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['scripts/server.mjs'], { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout!.on('data', (d) => (log += d));
    server.stderr!.on('data', (d) => (log += d));
    const until = Date.now() + 150_000;
    while (!log.includes('Store ready')) {
      if (server.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const base = `http://127.0.0.1:${port}`;
    // A failed call names its address and brings the server's log, not only "fetch failed".
    const fetch = (url: string) => globalThis.fetch(url).catch((e: Error) => {
      throw new Error(`${url}: ${e.message} (${String((e as { cause?: unknown }).cause)})\n${log}`);
    });

    const list = await (await fetch(`${base}/web/actions/`)).json();
    expect(list.data.items.map((p: { code: string }) => p.code)).toContain(code);
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain(`href="/actions/${code}/"`);
    expect(home).toContain('Редакторская акция — проверка публикации');
    expect(await (await fetch(`${base}/actions/`)).text()).toContain(`href="/actions/${code}/"`);
    const detail = await (await fetch(`${base}/web/actions/${code}/`)).json();
    expect(detail.data.html).toContain('<strong>акции</strong>');
    // A section of the second level: every disc below it takes part.
    expect(detail.data.products.length).toBeGreaterThan(0);
    expect(detail.data.products.every((p: { name: string }) => /^(Круг|Диск)/.test(p.name))).toBe(true);
  });
});
