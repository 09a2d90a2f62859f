// Starts the built server for e2e tests on a fresh PGlite directory (seeded on start); E2E_DATA_DIR
// gives a second server its own (scripts/test.mjs runs the accessibility scans on one beside the rest).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dir = path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e');
fs.rmSync(dir, { recursive: true, force: true });
const child = spawn(process.execPath, ['scripts/server.mjs'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '4399', HOST: process.env.HOST ?? '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '' } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
