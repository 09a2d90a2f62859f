#!/usr/bin/env node
/**
 * `npm run lhci`: Lighthouse CI as lighthouserc.json describes it — the budgeted pages three times, then
 * (additively) its `contentUrls` once each — then the assertions and the reports in .lighthouseci/reports.
 * `lhci autorun` takes one run count for every URL; this is the same three steps with two counts.
 *
 * JSON reads no environment, so what depends on the machine is passed on here:
 * - Chromium: `CHROME_PATH` (LHCI's own variable) when set, otherwise what scripts/chromium.mjs finds.
 * - `LHCI_PORT` moves the server off 4399 (another checkout's e2e or lhci may be using it): a copy of
 *   lighthouserc.json with the port replaced (server command, URLs, assertion patterns) is used instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const RC = fileURLToPath(new URL('../lighthouserc.json', import.meta.url));
const DEFAULT_PORT = '4399';

const text = fs.readFileSync(RC, 'utf8');
const port = process.env.LHCI_PORT ?? DEFAULT_PORT;
if (!/^\d{1,5}$/.test(port)) throw new Error(`LHCI_PORT must be a port number, not ${port}`);
let configPath = RC;
let tmpDir = null;
if (port !== DEFAULT_PORT) {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lhci-rc-'));
  configPath = path.join(tmpDir, 'lighthouserc.json');
  fs.writeFileSync(configPath, text.replaceAll(`127.0.0.1:${DEFAULT_PORT}`, `127.0.0.1:${port}`).replaceAll(`127\\\\.0\\\\.0\\\\.1:${DEFAULT_PORT}`, `127\\\\.0\\\\.0\\\\.1:${port}`).replaceAll(`PORT=${DEFAULT_PORT} `, `PORT=${port} `));
}
const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH || findChromium() || '/usr/bin/chromium' };

const lhci = (args) => {
  const r = spawnSync('lhci', [...args, `--config=${configPath}`], { stdio: 'inherit', shell: false, env });
  if (r.status !== 0) {
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
};

lhci(['collect']);
lhci(['collect', '--additive', '--numberOfRuns=1', ...config.contentUrls.map((u) => `--url=${u}`)]);
lhci(['assert']);
lhci(['upload']);
if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
