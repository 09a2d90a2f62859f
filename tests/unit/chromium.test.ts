/** `npm test` on a fresh machine: Chromium is found where it is, or one line says what to run. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, INSTALL_HINT, playwrightDisabledFeatures, QUIET_FEATURES } from '../../scripts/chromium.mjs';

const nowhere = { PATH: '/nonexistent', CHROMIUM_SYSTEM_DIRS: '/nonexistent', CHROMIUM_SKIP_PLAYWRIGHT: '1' };

describe('finding Chromium', () => {
  it('takes CHROMIUM_PATH, then PATH; finds nothing on a machine without one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
    const fake = path.join(dir, 'chromium');
    fs.writeFileSync(fake, '#!/bin/sh\n', { mode: 0o755 });
    expect(findChromium({ ...nowhere, PATH: dir })).toBe(fake);
    expect(findChromium({ ...nowhere, CHROMIUM_PATH: fake })).toBe(fake);
    expect(findChromium(nowhere)).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });

  it('without Chromium and without installing, the test command stops with one line saying what to run', () => {
    const r = spawnSync(process.execPath, ['scripts/chromium.mjs'], { env: { ...nowhere, CHROMIUM_NO_INSTALL: '1' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(INSTALL_HINT);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the test browsers’ flags', () => {
  it("Playwright's Chromium keeps Playwright's own disabled features and also drops the omnibox popup's renderers", async () => {
    const { default: config } = await import('../../playwright.config');
    const args = (config.use?.launchOptions?.args ?? []) as string[];
    const disabled = args.filter((a) => a.startsWith('--disable-features='));
    // Chromium reads only the last --disable-features, and Playwright puts ours after its own.
    expect(disabled).toHaveLength(1);
    const features = disabled[0]!.slice('--disable-features='.length).split(',');
    for (const f of [...playwrightDisabledFeatures(), ...QUIET_FEATURES]) expect(features).toContain(f);
    expect(playwrightDisabledFeatures()).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades', 'ThirdPartyStoragePartitioning']));
  });
});
