// Runs the TypeScript seed CLI through tsx so that it shares code with the server.
import { spawnSync } from 'node:child_process';
const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
