// Where Chromium is, for Playwright and Lighthouse — and, run as a script (`npm test` does it first),
// makes sure there is one: Debian's package is installed when running as root with apt, otherwise
// one line says what to run. Playwright's own browser download is not used (it is not reachable here).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** The first usable Chromium: CHROMIUM_PATH, then PATH, then /usr/bin, then Playwright's own download. */
export function findChromium(env = process.env) {
  const candidates = [];
  if (env.CHROMIUM_PATH) candidates.push(env.CHROMIUM_PATH);
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) for (const n of NAMES) candidates.push(path.join(dir, n));
  // CHROMIUM_SYSTEM_DIRS exists for the tests of this file (a machine "without /usr/bin/chromium").
  for (const dir of (env.CHROMIUM_SYSTEM_DIRS ?? '/usr/bin').split(path.delimiter).filter(Boolean)) for (const n of NAMES) candidates.push(path.join(dir, n));
  if (env.CHROMIUM_SKIP_PLAYWRIGHT !== '1') {
    try {
      const pw = spawnSync(process.execPath, ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8' });
      if (pw.status === 0 && pw.stdout) candidates.push(pw.stdout.trim());
    } catch {
      /* playwright-core not installed */
    }
  }
  return candidates.find((c) => {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return fs.statSync(c).isFile();
    } catch {
      return false;
    }
  }) ?? null;
}

/**
 * The flags every test browser starts with (Playwright's e2e, Lighthouse): no sandbox (root in a container),
 * no GPU, no background traffic to Google, no QUIC (the store speaks HTTP/1.1 and 2 here).
 */
export const BROWSER_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Chromium's new headless mode (the only one Debian's Chromium has) builds the omnibox popup, two WebUI
 * renderers, for every window, and every browser context is a window: measured on this machine (2026-11-30),
 * about 1.4 s of CPU beside the page under test and 0.25 s of wall time per Playwright context. On two cores
 * that CPU is taken from the page Lighthouse times and from the suite running beside e2e.
 */
export const QUIET_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own --disable-features list. Chromium keeps only the last --disable-features it is given and
 * Playwright puts the caller's after its own without merging (Puppeteer merges), so a caller who adds features
 * must repeat Playwright's. Read from playwright-core itself, never copied; if its shape changes this throws.
 */
export function playwrightDisabledFeatures() {
  const require = createRequire(import.meta.url);
  const bundle = fs.readFileSync(path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = list ? [...list.replace(/\/\/[^\n]*/g, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]) : [];
  if (!names.includes('PaintHolding')) throw new Error('scripts/chromium.mjs: playwright-core no longer lists its disabled features where this reads them; update playwrightDisabledFeatures()');
  return names;
}

export const INSTALL_HINT = 'Chromium не найден: установите его (Debian/Ubuntu: sudo apt-get install -y chromium) или укажите путь в CHROMIUM_PATH.';

function ensure() {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (root && apt && process.env.CHROMIUM_NO_INSTALL !== '1') {
    console.log('Chromium не найден: устанавливаю пакет Debian chromium (apt-get)…');
    const r = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'], { stdio: 'inherit' });
    const installed = r.status === 0 ? findChromium() : null;
    if (installed) return installed;
  }
  console.error(INSTALL_HINT);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`Chromium: ${ensure()}`);
}
