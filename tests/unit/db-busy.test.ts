/** Issue 22: a database that waited too long is told from a broken one, and answers 503 «try again», not 500. */
import { describe, expect, it, vi } from 'vitest';
import { dbBusy } from '../../src/server/db/busy';
import { dbTimeouts } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/config';
import { endpoint } from '../../src/server/http/api';
import { t } from '../../src/i18n';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle-orm wraps a driver error. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: SELECT …'), { cause });

describe('dbBusy', () => {
  it('names lock, statement and pool timeouts, also inside drizzle\'s wrapper', () => {
    expect(dbBusy(pgError('55P03', 'canceling statement due to lock timeout'))).toBe('lock');
    expect(dbBusy(wrapped(pgError('55P03')))).toBe('lock');
    expect(dbBusy(wrapped(pgError('57014', 'canceling statement due to statement timeout')))).toBe('statement');
    expect(dbBusy(new Error('timeout exceeded when trying to connect'))).toBe('acquire');
    expect(dbBusy(wrapped(new Error('Connection terminated due to connection timeout')))).toBe('acquire');
  });

  it('leaves every other error alone', () => {
    expect(dbBusy(pgError('23505', 'duplicate key'))).toBeNull();
    expect(dbBusy(wrapped(pgError('42P01')))).toBeNull();
    expect(dbBusy(new Error('boom'))).toBeNull();
    expect(dbBusy(null)).toBeNull();
    expect(dbBusy('text')).toBeNull();
  });
});

describe('bounded-wait settings', () => {
  it('have defaults and read the environment; a bad value stops the start, naming the variable (issue 23)', () => {
    expect(dbTimeouts(parseEnv({}))).toEqual({ acquireMs: 5000, lockMs: 3000, statementMs: 15000, checkoutLockMs: 2000 });
    expect(dbTimeouts(parseEnv({ DB_ACQUIRE_TIMEOUT_MS: '800', DB_LOCK_TIMEOUT_MS: '0' }))).toEqual({ acquireMs: 800, lockMs: 0, statementMs: 15000, checkoutLockMs: 2000 });
    // Until issue 23 these two fell back to the default silently; now the configuration refuses them.
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/^DB_STATEMENT_TIMEOUT_MS="soon": expected a whole number/);
    expect(() => parseEnv({ CHECKOUT_LOCK_TIMEOUT_MS: '-5' })).toThrow(/^CHECKOUT_LOCK_TIMEOUT_MS="-5": expected a whole number/);
  });
});

describe('endpoint()', () => {
  it('answers a database timeout with 503 and the Russian «try again», never a 500', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const ctx = { request: new Request('http://x/api/header/'), url: new URL('http://x/api/header/') } as never;
      const res = await endpoint(async () => {
        throw wrapped(pgError('57014'));
      })(ctx);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'error', data: null, errors: [{ code: 503, message: t('ERR_BUSY') }] });
      expect(error).not.toHaveBeenCalled();
      const broken = await endpoint(async () => {
        throw new Error('boom');
      })(ctx);
      expect(broken.status).toBe(500);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
