/**
 * The one place the app reads its environment (issue 23). Every variable is named, typed, checked
 * and defaulted here; everything else asks `config()` for typed values. README.md's «Configuration»
 * table lists exactly these variables with these defaults (tests/unit/config.test.ts checks it).
 *
 * - Parsed lazily, once per process, at the first `config()`: tests and scripts set the environment
 *   before they start a server. Code that changes `process.env` inside one process (a few tests)
 *   calls `reloadConfig()` afterwards.
 * - A value that does not parse stops the app with one line per variable, naming it
 *   (`PORT="abc": expected a whole number from 0 to 65535`); scripts/server.mjs checks before it
 *   listens, with `startupConfig()`, which also applies the production rule (AUTH_SECRET).
 * - An empty value is the same as an unset one; surrounding spaces are ignored (not in secrets).
 *
 * Node runs this file directly (scripts/server.mjs and the page cache in front of Astro, with type
 * stripping), so it is erasable TypeScript and imports nothing of the framework but `astro/zod`,
 * which is a plain re-export of `zod` that Node loads as it is.
 */
import { z } from 'astro/zod';

/** The secret that signs everything outside production when AUTH_SECRET is unset (never accepted in production). */
export const DEV_AUTH_SECRET = 'dev-only-secret-change-me-in-production-0123456789';
export const MIN_SECRET_LENGTH = 32;
/** The public origin assumed when SITE_URL is unset (links in e-mails, auth). */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

type Raw = Record<string, string | undefined>;

/** A value that fails its check: `ctx.addIssue` with this message, then `z.NEVER`. */
const reject = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const range = (min: number, max: number) => (max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`);

/** A whole number in [min, max]. */
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((v, ctx) => {
    const n = Number(v);
    return /^\d+$/.test(v) && n >= min && n <= max ? n : reject(ctx, `expected a whole number ${range(min, max)}`);
  });

/** A decimal number in [min, max]. */
const decimal = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((v, ctx) => {
    const n = Number(v);
    return /^\d+(\.\d+)?$/.test(v) && n >= min && n <= max ? n : reject(ctx, `expected a number ${range(min, max)}`);
  });

/** `1` on, `0` off. */
const flag = () => z.string().transform((v, ctx) => (v === '1' ? true : v === '0' ? false : reject(ctx, 'expected 1 (on) or 0 (off)')));

/**
 * Who may speak for the client: `0` nobody; `N` (1–10) the N nearest hops are this site's proxies; or the
 * proxies' own addresses, comma-separated. `0` is false, so `if (TRUST_PROXY)` reads «behind a proxy».
 */
const proxies = () =>
  z.string().transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
    const list = v.split(',').map((a) => a.trim()).filter(Boolean);
    return list.length && list.every((a) => /^[0-9a-fA-F:.]{2,45}$/.test(a)) ? list : reject(ctx, 'expected 0, a number of proxies (1–10) or the proxies’ addresses, comma-separated');
  });

const oneOf = <T extends string>(values: readonly T[], what = 'expected one of') =>
  z.string().transform((v, ctx) => ((values as readonly string[]).includes(v) ? (v as T) : reject(ctx, `${what}: ${values.join(', ')}`)));

const url = (protocols: RegExp, what: string) =>
  z.string().transform((v, ctx) => {
    try {
      if (protocols.test(new URL(v).protocol)) return v;
    } catch {
      /* not a URL */
    }
    return reject(ctx, `expected ${what}`);
  });

const text = () => z.string();

type Var = {
  /** Checks and converts the (trimmed, non-empty) value. */
  type: z.ZodType<unknown, string>;
  /** The value when unset, as it would be written in the environment; none: the variable is optional. */
  default?: string;
  /** What README.md shows as the default when it is not simply the value above (e.g. a derived one). */
  doc?: string;
  /** Never echoed in messages, never trimmed. */
  secret?: true;
};

/**
 * Every variable the app reads. The order is README's. Defaults are strings as in the environment,
 * parsed like any set value, so the README shows them exactly as one would write them.
 */
const VARS = {
  NODE_ENV: { type: text(), doc: '—' },
  DATABASE_URL: { type: url(/^postgres(ql)?:$/, 'a postgres://… URL') },
  DATA_DIR: { type: text(), default: './data' },
  MIGRATIONS_DIR: { type: text(), default: 'src/server/db/migrations' },
  SEED_ON_START: { type: flag(), default: '1' },
  SEED_PRODUCTS: { type: int(100, 1_000_000), default: '2000' },
  PAGE_CACHE_MB: { type: decimal(0), default: '64' },
  CHANGE_POLL_MS: { type: int(10), default: '500' },
  HOST: { type: text(), default: '127.0.0.1' },
  PORT: { type: int(0, 65535), default: '4321' },
  SHUTDOWN_GRACE_MS: { type: int(0), default: '10000' },
  SITE_URL: { type: url(/^https?:$/, 'an http(s):// URL'), doc: `\`${DEFAULT_SITE_URL}\`` },
  AUTH_SECRET: { type: text(), secret: true, doc: 'dev secret (not in production)' },
  TRUST_PROXY: { type: proxies(), default: '0' },
  DB_POOL_MAX: { type: int(1), default: '10' },
  DB_WRITE_POOL_MAX: { type: int(1), default: '4' },
  UV_THREADPOOL_SIZE: { type: int(1, 1024), default: '4' },
  HEAP_GROWING_PERCENT: { type: int(0, 1000), default: '35' },
  DB_ACQUIRE_TIMEOUT_MS: { type: int(0), default: '5000' },
  DB_LOCK_TIMEOUT_MS: { type: int(0), default: '3000' },
  DB_STATEMENT_TIMEOUT_MS: { type: int(0), default: '15000' },
  CHECKOUT_LOCK_TIMEOUT_MS: { type: int(0), default: '2000' },
  SEARCH_ENGINE: { type: oneOf(['memory', 'postgres'] as const), default: 'memory' },
  SMTP_URL: { type: url(/^smtps?:$/, 'an smtp:// or smtps:// URL'), secret: true },
  FORMS_MAIL_TO: { type: text(), default: 'info@instrument.by' },
  MAIL_FROM: { type: text(), default: 'Инструмент.by <no-reply@instrument.by>' },
  SALES_MAIL_TO: { type: text(), default: 'sales@instrument.by' },
  ORDERS_MAIL_TO: { type: text(), default: 'sales@instrument.by' },
  CRM_WEBHOOK_URL: { type: url(/^https?:$/, 'an http(s):// URL') },
  CRM_WEBHOOK_SECRET: { type: text(), secret: true },
  CRM_RETRY_BASE_MS: { type: int(10), default: '30000' },
  CRM_RETRY_MAX_MS: { type: int(10), default: '3600000' },
  CRM_WEBHOOK_ATTEMPTS: { type: int(1), default: '10' },
  CRM_LEASE_MS: { type: int(1000), default: '120000' },
  CRM_TIMEOUT_MS: { type: int(100), default: '10000' },
  OUTBOX_POLL_MS: { type: int(50), default: '5000' },
  OUTBOX_WORKER: { type: flag(), default: '1' },
  MAIL_RETRY_BASE_MS: { type: int(10), default: '60000' },
  MAIL_RETRY_MAX_MS: { type: int(10), default: '3600000' },
  MAIL_ATTEMPTS: { type: int(1), default: '12' },
  CAPTCHA_SECRET: { type: text(), secret: true, doc: 'derived from `AUTH_SECRET` (random per process without it, outside production)' },
  RECAPTCHA_SITE_KEY: { type: text() },
  RECAPTCHA_SECRET: { type: text(), secret: true },
  RECAPTCHA_MIN_SCORE: { type: decimal(0, 1), default: '0.5' },
  MAP_TILE_URL: { type: text(), default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
  MAP_TILE_ATTRIBUTION: { type: text(), default: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' },
  SMS_PROVIDER: { type: oneOf(['outbox', 'rocketsms'] as const, 'not a known provider, use one of'), default: 'outbox' },
  ROCKETSMS_USERNAME: { type: text() },
  ROCKETSMS_PASSWORD: { type: text(), secret: true },
  ROCKETSMS_PASSWORD_MD5: { type: text(), secret: true },
  ROCKETSMS_SENDER: { type: text() },
  ROCKETSMS_URL: { type: url(/^https?:$/, 'an http(s):// URL'), default: 'https://api.rocketsms.by/simple/send' },
  ROCKETSMS_TIMEOUT_MS: { type: int(1), default: '10000' },
  PAYMENT_PROVIDER: { type: oneOf(['sandbox', 'bepaid'] as const, 'not a known provider, use one of'), default: 'sandbox' },
  PAYMENT_DEADLINE_MINUTES: { type: decimal(0.01, 10080), default: '30' },
  PAYMENT_SWEEP_MS: { type: int(100), default: '60000' },
  PAYMENT_SANDBOX_KEY_FILE: { type: text(), doc: '`DATA_DIR/payments/sandbox-key.pem` (made on first use)' },
  BEPAID_SHOP_ID: { type: text() },
  BEPAID_SECRET_KEY: { type: text(), secret: true },
  BEPAID_PUBLIC_KEY: { type: text() },
  BEPAID_ERIP_SERVICE_NO: { type: text() },
  BEPAID_TEST: { type: flag(), default: '0' },
  BEPAID_CHECKOUT_URL: { type: url(/^https?:$/, 'an http(s):// URL'), default: 'https://checkout.bepaid.by' },
  BEPAID_GATEWAY_URL: { type: url(/^https?:$/, 'an http(s):// URL'), default: 'https://gateway.bepaid.by' },
  BEPAID_API_URL: { type: url(/^https?:$/, 'an http(s):// URL'), default: 'https://api.bepaid.by' },
  BEPAID_TIMEOUT_MS: { type: int(1), default: '15000' },
  EXCHANGE_LOGIN: { type: text(), doc: '`1c@demo.by` outside production' },
  EXCHANGE_PASSWORD: { type: text(), secret: true, doc: '`Demo2026pass` outside production' },
  EXCHANGE_FILE_LIMIT_MB: { type: decimal(0.1, 1024), default: '8' },
  EXCHANGE_MAX_FILE_MB: { type: decimal(1, 4096), default: '512' },
  EXCHANGE_STEP_SECONDS: { type: decimal(0.05, 600), default: '20' },
  EXCHANGE_STALE_SECONDS: { type: decimal(1, 3600), default: '60' },
  EXCHANGE_REST_RATIO: { type: decimal(0, 10), doc: '`1` on PostgreSQL, `1.5` on PGlite' },
  EXCHANGE_ZIP_MAX_MB: { type: decimal(1, 65536), default: '4096' },
  EXCHANGE_ZIP_MAX_RATIO: { type: decimal(2, 100000), default: '200' },
  EXCHANGE_ZIP_MAX_ENTRIES: { type: int(1), default: '200000' },
} satisfies Record<string, Var>;

type Vars = typeof VARS;
type Value<V> = V extends { type: z.ZodType<infer T, string> } ? T : never;
/** The typed configuration: one field per variable, named like it; optional ones are `undefined` when unset. */
export type Config = { readonly [K in keyof Vars]: Vars[K] extends { default: string } ? Value<Vars[K]> : Value<Vars[K]> | undefined };
export type ConfigName = keyof Vars;

/** One line per variable that does not parse. */
export class ConfigError extends Error {
  problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses an environment (process.env, or a test's own object); throws ConfigError naming every bad variable. */
export function parseEnv(env: Raw): Config {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(VARS) as [ConfigName, Var][]) {
    const given = env[name];
    const value = given === undefined ? undefined : spec.secret ? given : given.trim();
    const raw = value ? value : spec.default;
    if (raw === undefined) {
      out[name] = undefined;
      continue;
    }
    const r = spec.type.safeParse(raw);
    if (r.success) out[name] = r.data;
    else problems.push(`${name}${spec.secret ? '' : `=${JSON.stringify(raw)}`}: ${r.error.issues.map((i) => i.message).join('; ')}`);
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(out) as Config;
}

let current: Config | null = null;

/** This process's configuration, parsed from process.env at first use. */
export function config(): Config {
  return (current ??= parseEnv(process.env));
}

/** Parses process.env again at the next `config()` (for tests that change it inside one process). */
export function reloadConfig(): void {
  current = null;
}

/**
 * Why this environment may not run in production, as one line; null when it may. Production never
 * runs on a guessable secret: sessions, codes, captcha and guest ids are signed with AUTH_SECRET.
 */
export function productionSecretProblem(env: Partial<Pick<Config, 'NODE_ENV' | 'AUTH_SECRET' | 'CAPTCHA_SECRET'>>): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const secret = env.AUTH_SECRET ?? '';
  if (!secret) return 'AUTH_SECRET is not set: production refuses to start without it (use 32+ random characters, e.g. `openssl rand -base64 48`).';
  if (secret === DEV_AUTH_SECRET || secret.length < MIN_SECRET_LENGTH) return `AUTH_SECRET is too weak: production needs at least ${MIN_SECRET_LENGTH} random characters, not the development secret.`;
  if (env.CAPTCHA_SECRET !== undefined && env.CAPTCHA_SECRET.length < MIN_SECRET_LENGTH) return `CAPTCHA_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters, or leave it unset to derive it from AUTH_SECRET.`;
  return null;
}

/** What the server checks before it listens: every variable parses, and production has its secrets. */
export function startupConfig(): Config {
  const c = config();
  const problem = productionSecretProblem(c);
  if (problem) throw new ConfigError([problem]);
  return c;
}

/** The demo exchange account, accepted only outside production and only while EXCHANGE_LOGIN/EXCHANGE_PASSWORD are unset. */
export const DEMO_EXCHANGE_LOGIN = '1c@demo.by';
export const DEMO_EXCHANGE_PASSWORD = 'Demo2026pass';

/**
 * The login and password 1C's exchange signs in with (docs/decisions/0200-exchange-1c.md): the configured
 * pair whenever both are set; the demo pair outside production when neither is; otherwise null — the
 * exchange then refuses every request (production without credentials, or only one of the two set).
 */
export function exchangeCredentials(c: Pick<Config, 'NODE_ENV' | 'EXCHANGE_LOGIN' | 'EXCHANGE_PASSWORD'> = config()): { login: string; password: string } | null {
  if (c.EXCHANGE_LOGIN && c.EXCHANGE_PASSWORD) return { login: c.EXCHANGE_LOGIN, password: c.EXCHANGE_PASSWORD };
  if (c.EXCHANGE_LOGIN || c.EXCHANGE_PASSWORD || isProduction(c)) return null;
  return { login: DEMO_EXCHANGE_LOGIN, password: DEMO_EXCHANGE_PASSWORD };
}

/** NODE_ENV=production: a real deployment (real secrets, never demo data). */
export const isProduction = (c: Pick<Config, 'NODE_ENV'> = config()): boolean => c.NODE_ENV === 'production';

/** The public origin as configured, or the development default. */
export const siteUrl = (c: Pick<Config, 'SITE_URL'> = config()): string => c.SITE_URL ?? DEFAULT_SITE_URL;

/** Every variable with the default README.md shows for it (backquoted value, or a description, or «—»). */
export function describeConfig(): { name: ConfigName; default: string; secret: boolean }[] {
  return (Object.entries(VARS) as [ConfigName, Var][]).map(([name, v]) => ({
    name,
    default: v.doc ?? (v.default === undefined ? '—' : `\`${v.default}\``),
    secret: !!v.secret,
  }));
}
