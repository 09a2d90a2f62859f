#!/usr/bin/env node
/**
 * `npm run lhci`: Lighthouse CI as lighthouserc.json describes it — the budgeted guest pages up to seven times,
 * then (additively) its `signedIn.urls` with a contractor's session cookie up to `signedIn.numberOfRuns` times and
 * its `contentUrls` once each — then the assertions and the reports in .lighthouseci/reports.
 * `lhci autorun` takes one run count for every URL; this is the same three steps with two counts.
 *
 * Collecting is done here, in one process with one Chromium (`collect` below), not by `lhci collect`, which starts a
 * new Node process with Lighthouse and a new Chromium for every run: 36 runs spent about 5 s each starting up
 * (13 s a run against 7.5 s here). Each run still gets a browser context of its own (no cookie, cache or storage
 * of another run), and its report is saved where `lhci collect` saves it, for `lhci assert` and `lhci upload`.
 *
 * The server (the config's `startServerCommand`: scripts/e2e-server.mjs, which seeds a fresh database) is
 * started once here for both collects; left to `lhci collect`, each would seed its own.
 *
 * JSON reads no environment, so what depends on the machine is passed on here:
 * - Chromium: `CHROME_PATH` (LHCI's own variable) when set, otherwise what scripts/chromium.mjs finds.
 * - `LHCI_PORT` moves the server off 4399 (another checkout's e2e or lhci may be using it): the URLs and
 *   assertion patterns of the config's copy name that port.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { generateReport } from 'lighthouse';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { BROWSER_FLAGS, findChromium, QUIET_FEATURES } from './chromium.mjs';
import { withinMedianBudgets } from './lhci-budgets.mjs';

const RC = fileURLToPath(new URL('../lighthouserc.json', import.meta.url));
const DEFAULT_PORT = '4399';

const port = process.env.LHCI_PORT ?? DEFAULT_PORT;
if (!/^\d{1,5}$/.test(port)) throw new Error(`LHCI_PORT must be a port number, not ${port}`);
const text = fs.readFileSync(RC, 'utf8').replaceAll(`127.0.0.1:${DEFAULT_PORT}`, `127.0.0.1:${port}`).replaceAll(`127\\\\.0\\\\.0\\\\.1:${DEFAULT_PORT}`, `127\\\\.0\\\\.0\\\\.1:${port}`);
const config = JSON.parse(text);
const { startServerCommand, startServerReadyPattern, startServerReadyTimeout } = config.ci.collect;
if (!/^PORT=\d+ node scripts\/e2e-server\.mjs$/.test(startServerCommand)) throw new Error(`lhci.mjs starts scripts/e2e-server.mjs itself; lighthouserc.json names ${startServerCommand}`);
delete config.ci.collect.startServerCommand;
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lhci-rc-'));
const configPath = path.join(tmpDir, 'lighthouserc.json');
fs.writeFileSync(configPath, JSON.stringify(config, null, 2));
const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH || findChromium() || '/usr/bin/chromium' };

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], { env: { ...process.env, PORT: port }, stdio: ['ignore', 'pipe', 'inherit'] });
const stop = (code) => {
  server.kill('SIGTERM');
  fs.rmSync(tmpDir, { recursive: true, force: true });
  process.exit(code);
};
await new Promise((resolve) => {
  const timer = setTimeout(() => {
    console.error(`lhci: the server did not print «${startServerReadyPattern}» within ${startServerReadyTimeout} ms`);
    stop(1);
  }, startServerReadyTimeout);
  let seen = '';
  server.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    seen = (seen + chunk).slice(-4000);
    if (seen.includes(startServerReadyPattern)) {
      clearTimeout(timer);
      resolve();
    }
  });
  server.on('exit', (code) => {
    console.error(`lhci: the server exited (${code}) before it was ready`);
    stop(1);
  });
});
server.stdout.on('data', () => {});

/**
 * Lighthouse measures time on this machine, so it starts once the CPU has settled after the layers
 * before it (their servers and databases wind down for a while): at most a minute, until two
 * successive seconds are less than a quarter busy. It never skips a measurement, only delays it.
 */
async function quietMachine(limitMs = 60_000) {
  const sample = () => {
    try {
      const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
      const n = cpu.trim().split(/\s+/).slice(1).map(Number);
      return { idle: n[3] + (n[4] ?? 0), total: n.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const started = Date.now();
  let calm = 0;
  let prev = sample();
  if (!prev) return;
  while (Date.now() - started < limitMs && calm < 2) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = sample();
    const busy = 1 - (now.idle - prev.idle) / Math.max(1, now.total - prev.total);
    calm = busy < 0.25 ? calm + 1 : 0;
    prev = now;
  }
  console.log(`lhci: machine ${calm >= 2 ? 'quiet' : 'still busy'} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * One load of `url` before its measured runs, in the phone Lighthouse emulates (its mobile screen and user agent, the
 * same headers), not measured. The server encodes a picture's variant the first time it is asked for and keeps it
 * (images/product-image.ts); on this machine that encoding shares the two cores with the browser being measured, which
 * no phone does. Measured cold, a listing's first run took 1.3 s of server CPU against 0.15 s for the runs after it,
 * and its TBT was 170 ms against 0 and 14 ms (2026-12-02). Each measured run still starts in a fresh context: no HTTP
 * cache, no cookies but the session's.
 */
async function warm(browser, url, extraHeaders) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const { width, height, deviceScaleFactor, mobile } = screenEmulationMetrics.mobile;
    await page.setViewport({ width, height, deviceScaleFactor, isMobile: mobile, hasTouch: mobile });
    await page.setUserAgent(userAgents.mobile);
    if (extraHeaders) await page.setExtraHTTPHeaders(extraHeaders);
    const res = await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    if (!res?.ok()) console.error(`lhci: warming ${url} answered ${res?.status()}`);
  } finally {
    await context.close();
  }
}

/** Where `lhci collect` keeps its reports, which `lhci assert` and `lhci upload` read (@lhci/utils saved-reports). */
const LHCI_DIR = path.join(process.cwd(), '.lighthouseci');
const REPORT = /^lhr-\d+\.(json|html)$/;

/**
 * `lhci collect [--additive] --numberOfRuns=n --url=…`: Lighthouse up to `runs` times on each URL, with the config's
 * collect settings (mobile) and `extraHeaders`, each run in a fresh browser context of one Chromium, after one load of
 * each page that is not measured (`warm()`).
 *
 * The pages take turns: run 1 of every page, then run 2 of every page, and so on. This machine slows down now and then
 * for tens of seconds, whatever runs on it (Lighthouse's host index falls from about 2,500 to 1,500–1,700, and TBT
 * rises with it); run page after page, such a stretch fell on three or four runs of the same page and decided its
 * median (2026-12-02: the signed-in orders page 108, 269, 236, 195, 19 ms). In turns, a stretch touches one run of
 * several pages.
 *
 * A page's median is within its budgets once more than half of its planned runs are each within all of them: no
 * later run can change the verdict `lhci assert` reaches, so the page gets no more runs. A page with runs over budget
 * keeps taking turns, up to `runs`.
 */
async function collect(urls, runs, { additive = false, extraHeaders } = {}) {
  fs.mkdirSync(LHCI_DIR, { recursive: true });
  if (!additive) for (const f of fs.readdirSync(LHCI_DIR)) if (REPORT.test(f)) fs.rmSync(path.join(LHCI_DIR, f));
  const settings = config.ci.collect.settings ?? {};
  // Puppeteer merges this --disable-features with its own list (Playwright does not: playwright.config.ts).
  const args = [...BROWSER_FLAGS, `--disable-features=${QUIET_FEATURES.join(',')}`];
  const browser = await puppeteer.launch({ executablePath: env.CHROME_PATH, headless: true, args, defaultViewport: null });
  try {
    for (const url of urls) await warm(browser, url, extraHeaders);
    console.log(`Running Lighthouse up to ${runs} time(s) on each of ${urls.length} page(s), in turns`);
    const within = new Map(urls.map((url) => [url, 0]));
    for (let i = 1; i <= runs; i++) {
      for (const url of urls) {
        if (within.get(url) > runs / 2) continue;
        const context = await browser.createBrowserContext();
        try {
          const page = await context.newPage();
          const result = await lighthouse(url, { ...settings, ...(extraHeaders ? { extraHeaders } : {}), output: 'json', logLevel: 'error' }, undefined, page);
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError) {
            console.error(`lhci: Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
            stop(1);
          }
          const base = path.join(LHCI_DIR, `lhr-${Date.now()}`);
          fs.writeFileSync(`${base}.json`, JSON.stringify(lhr));
          fs.writeFileSync(`${base}.html`, generateReport(lhr, 'html'));
          if (withinMedianBudgets(config.ci.assert.assertMatrix, url, lhr)) within.set(url, within.get(url) + 1);
          // The host's speed as Lighthouse measured it before this run: its 4× CPU slowdown assumes 1,500–2,000 (docs/throttling.md).
          console.log(`Run #${i} of ${url}...done (performance ${lhr.categories.performance?.score}, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN)} ms, host index ${Math.round(lhr.environment.benchmarkIndex)}).`);
          // Two reports saved within one millisecond would share a name.
          await new Promise((r) => setTimeout(r, 2));
        } finally {
          await context.close();
        }
        if (within.get(url) > runs / 2 && i < runs) console.log(`${within.get(url)} of the ${i} runs of ${url} are within all its median budgets, so the median of ${runs} would be too: the other ${runs - i} not made.`);
      }
    }
  } finally {
    await browser.close();
  }
}

const lhci = (args) => {
  const r = spawnSync('lhci', [...args, `--config=${configPath}`], { stdio: 'inherit', shell: false, env });
  if (r.status !== 0) stop(r.status ?? 1);
};

/**
 * The signed-in pages (issue 29) are measured with a real session: the config's `signedIn.login` (an e2e
 * fixture account: its own company, orders and basket, in the seeded copy this server started from) signs in
 * through the store's API, and every request of those runs carries its cookies.
 */
async function sessionCookie(login) {
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/authentication/`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ login, password: 'Demo2026pass' }) });
  const body = await res.json().catch(() => null);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (body?.status !== 'success' || !cookies.some((c) => c.startsWith('instr.session_token='))) {
    console.error(`lhci: signing in as ${login} failed (${res.status} ${JSON.stringify(body?.errors ?? body)})`);
    stop(1);
  }
  return cookies.join('; ');
}

try {
  await quietMachine();
  await collect(config.ci.collect.url, config.ci.collect.numberOfRuns);
  const cookie = await sessionCookie(config.signedIn.login);
  await collect(config.signedIn.urls, config.signedIn.numberOfRuns, { additive: true, extraHeaders: { Cookie: cookie } });
  await collect(config.contentUrls, 1, { additive: true });
} catch (e) {
  // Lighthouse or Chromium failing must not leave the store's server holding the port for the next run.
  console.error(`lhci: ${e?.stack ?? e}`);
  stop(1);
}
lhci(['assert']);
lhci(['upload']);
stop(0);
