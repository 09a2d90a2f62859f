/**
 * The Content-Security-Policy of pages (docs/decisions/0180-security.md). Astro (security.csp in
 * astro.config.mjs) writes it as a response header with SHA-256 hashes of the scripts and styles it
 * renders — hashes, not nonces, so a page kept whole by the page cache still passes. The fixed
 * directives live in CSP_DIRECTIVES (used by the config); what depends on the environment — the map
 * tile server, reCAPTCHA when configured — is added per page by the middleware.
 */
import { config, type Config } from '../config/index.ts';

/** Directives for every page beyond script-src/style-src (Astro's own). */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
] as const;

/** The origin of a tile URL template (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`). */
export function tileOrigin(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!.replace(/\{[a-z]+\}/gi, '*');
  return /^[a-z0-9.*-]+(?::\d+)?$/i.test(host) ? `${m[1]!.toLowerCase()}://${host.toLowerCase()}` : null;
}

const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/** Adds sources to one directive of a policy (the directive is created when missing). */
function addSources(policy: string, directive: string, sources: string[]): string {
  const parts = policy.split(';').map((p) => p.trim()).filter(Boolean);
  const i = parts.findIndex((p) => p.split(/\s+/)[0] === directive);
  if (i < 0) parts.push(`${directive} ${sources.join(' ')}`);
  else {
    const have = new Set(parts[i]!.split(/\s+/).slice(1));
    parts[i] = [parts[i], ...sources.filter((s) => !have.has(s))].join(' ');
  }
  return parts.join('; ') + ';';
}

/**
 * The page's policy as Astro wrote it plus what this environment needs: the map tile server, and
 * reCAPTCHA's script and frame when it is configured. (Astro's `csp.insertDirective` cannot be
 * used from middleware: the page's render state does not exist yet there.)
 */
export function withRuntimeCsp(policy: string, env: Pick<Config, 'MAP_TILE_URL' | 'RECAPTCHA_SITE_KEY' | 'RECAPTCHA_SECRET'> = config()): string {
  let out = policy;
  const tiles = tileOrigin(env.MAP_TILE_URL);
  if (tiles) out = addSources(out, 'img-src', [tiles]);
  if (env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET) {
    out = addSources(out, 'script-src', RECAPTCHA);
    out = addSources(out, 'frame-src', [RECAPTCHA[0]!, 'https://recaptcha.google.com/recaptcha/']);
    out = addSources(out, 'connect-src', [RECAPTCHA[0]!]);
  }
  return out;
}
