/** Issue 23: one configuration module — typed, defaulted, failing loudly, and the README's table in step with it. */
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, ConfigError, describeConfig, parseEnv, productionSecretProblem, reloadConfig, startupConfig } from '../../src/server/config';

afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

/** Splits a cell on the commas between its values, not on those inside `code`. */
function splitValues(cell: string): string[] {
  const out: string[] = [];
  let cur = '';
  let code = false;
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i]!;
    if (ch === '`') code = !code;
    if (!code && ch === ',' && cell[i + 1] === ' ') {
      out.push(cur.trim());
      cur = '';
      i++;
      continue;
    }
    cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** README's «Configuration» table as [variable, default] pairs, in order. */
function readmeTable(): [string, string][] {
  const readme = fs.readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration\n'));
  const body = section.slice(0, section.indexOf('\n## ', 3));
  const rows = body.split('\n').filter((l) => l.startsWith('| `'));
  const out: [string, string][] = [];
  for (const row of rows) {
    const [names, defaults] = row.split(' | ').map((c) => c.replace(/^\| /, ''));
    const vars = [...names!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    const values = vars.length > 1 ? splitValues(defaults!) : [defaults!];
    expect(values.length === 1 || values.length === vars.length, `${row}: one default, or one per variable`).toBe(true);
    vars.forEach((v, i) => out.push([v, values.length === 1 ? values[0]! : values[i]!]));
  }
  return out;
}

describe('the configuration module', () => {
  it('is what README.md documents: the same variables, in the same order, with the same defaults', () => {
    const expected = describeConfig().map((v) => [v.name, v.default]);
    expect(readmeTable()).toEqual(expected);
  });

  it('types and defaults every variable; an empty value is an unset one', () => {
    const c = parseEnv({});
    expect(c).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: './data', SEED_ON_START: true, TRUST_PROXY: 0, OUTBOX_WORKER: true, PAGE_CACHE_MB: 64, RECAPTCHA_MIN_SCORE: 0.5, SEARCH_ENGINE: 'memory', SMS_PROVIDER: 'outbox' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SITE_URL).toBeUndefined();
    expect(parseEnv({ PORT: ' 0 ', DATABASE_URL: '', TRUST_PROXY: '1', SEED_ON_START: '0', SEARCH_ENGINE: 'postgres' })).toMatchObject({ PORT: 0, DATABASE_URL: undefined, TRUST_PROXY: 1, SEED_ON_START: false, SEARCH_ENGINE: 'postgres' });
    // Secrets are kept exactly as given.
    expect(parseEnv({ AUTH_SECRET: ' x ' }).AUTH_SECRET).toBe(' x ');
  });

  it('refuses a value that does not parse, one line per variable naming it, never echoing a secret', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/^PORT="abc": expected a whole number from 0 to 65535$/);
    let problems: string[] = [];
    try {
      parseEnv({ PORT: '70000', TRUST_PROXY: 'yes', SEARCH_ENGINE: 'elastic', SITE_URL: 'shop.example', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://user:hunter2@mail', PAGE_CACHE_MB: '-1', SMS_PROVIDER: 'nope' });
    } catch (e) {
      problems = (e as ConfigError).problems;
    }
    expect(problems.map((p) => p.split(/[=:]/)[0])).toEqual(['DATABASE_URL', 'PAGE_CACHE_MB', 'PORT', 'SITE_URL', 'TRUST_PROXY', 'SEARCH_ENGINE', 'SMTP_URL', 'SMS_PROVIDER']);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems.find((p) => p.startsWith('SMS_PROVIDER'))).toMatch(/not a known provider/);
  });

  it('reads process.env once, and again after reloadConfig()', () => {
    vi.stubEnv('PAGE_CACHE_MB', '8');
    reloadConfig();
    expect(config().PAGE_CACHE_MB).toBe(8);
    vi.stubEnv('PAGE_CACHE_MB', '16');
    expect(config().PAGE_CACHE_MB).toBe(8);
    reloadConfig();
    expect(config().PAGE_CACHE_MB).toBe(16);
  });

  it('keeps the production rule: no start without a real AUTH_SECRET', () => {
    expect(productionSecretProblem(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: '' }))).toMatch(/^AUTH_SECRET is not set/);
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('AUTH_SECRET', '');
    reloadConfig();
    expect(() => startupConfig()).toThrow(/^AUTH_SECRET is not set/);
    vi.stubEnv('AUTH_SECRET', 'z'.repeat(40));
    reloadConfig();
    expect(startupConfig().AUTH_SECRET).toBe('z'.repeat(40));
  });
});
