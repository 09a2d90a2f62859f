/**
 * Java for the Nu Html Checker (vnu.jar). Found on JAVA_HOME or PATH; missing, it is installed from
 * Debian's packages when running as root with apt (a fresh CI machine), as scripts/chromium.mjs does
 * for Chromium. Otherwise one line says what to install — the check never passes silently.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const JAVA_HINT = 'Nu Html Checker needs Java: install it (Debian/Ubuntu: sudo apt-get install -y default-jre-headless) or set JAVA_HOME.';

function find(): string | null {
  const candidates = [process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : '', 'java'].filter(Boolean);
  return candidates.find((c) => spawnSync(c, ['-version'], { stdio: 'ignore' }).status === 0) ?? null;
}

export function ensureJava(): string {
  const found = find();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (root && apt && process.env.JAVA_NO_INSTALL !== '1') {
    console.log('Java не найдена: устанавливаю пакет Debian default-jre-headless (apt-get)…');
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null'], { stdio: 'inherit' });
    const installed = find();
    if (installed) return installed;
  }
  throw new Error(JAVA_HINT);
}
