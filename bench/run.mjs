// `npm run bench`: runs every `bench:<area>` script of package.json in turn. Benchmarks print
// numbers (with ratios against a baseline measured in the same run); they never pass or fail.
// Run one area with `npm run bench:<area>`; pass `--only catalog,search` to pick several.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const scripts = Object.keys(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts).filter((s) => s.startsWith('bench:'));
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',').map((s) => `bench:${s}`)) : null;
let failed = 0;
for (const script of scripts) {
  if (only && !only.has(script)) continue;
  console.log(`\n━━━ npm run ${script} ━━━`);
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
