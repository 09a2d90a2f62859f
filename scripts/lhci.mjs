#!/usr/bin/env node
/**
 * `npm run lhci`: Lighthouse CI as lighthouserc.cjs describes it — the budgeted pages three times, then
 * (additively) the content pages once — then the assertions and the reports in .lighthouseci/reports.
 * `lhci autorun` takes one run count for every URL; this is the same three steps with two counts.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const config = require('../lighthouserc.cjs');
const lhci = (args) => {
  const r = spawnSync('lhci', args, { stdio: 'inherit', shell: false, env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

lhci(['collect']);
lhci(['collect', '--additive', '--numberOfRuns=1', ...config.CONTENT_URLS.map((u) => `--url=${u}`)]);
lhci(['assert']);
lhci(['upload']);
