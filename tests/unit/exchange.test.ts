/** Issue 24: the 1C exchange's credentials rule and file-name rule. */
import { describe, expect, it } from 'vitest';
import { exchangeCredentials, parseEnv } from '../../src/server/config';
import { badFileName } from '../../src/server/exchange/files';

describe('exchange credentials', () => {
  it('use the configured pair, the demo pair only outside production with neither set, and nothing otherwise', () => {
    expect(exchangeCredentials(parseEnv({ EXCHANGE_LOGIN: 'site', EXCHANGE_PASSWORD: 'p4ss' }))).toEqual({ login: 'site', password: 'p4ss' });
    expect(exchangeCredentials(parseEnv({}))).toEqual({ login: '1c@demo.by', password: 'Demo2026pass' });
    expect(exchangeCredentials(parseEnv({ NODE_ENV: 'production' }))).toBeNull();
    expect(exchangeCredentials(parseEnv({ EXCHANGE_LOGIN: 'site' }))).toBeNull();
    expect(exchangeCredentials(parseEnv({ NODE_ENV: 'production', EXCHANGE_LOGIN: 'site', EXCHANGE_PASSWORD: 'p4ss' }))).toEqual({ login: 'site', password: 'p4ss' });
  });
});

describe('exchange file names', () => {
  it('stay inside the session folder', () => {
    for (const ok of ['import.xml', 'offers.xml', 'import_files/ab/abcdef.jpg', 'import0_1.xml']) expect(badFileName(ok), ok).toBeNull();
    for (const bad of ['', '../x.xml', 'a/../../x.xml', '/etc/passwd', 'C:/x.xml', 'a\\b.xml', 'a//b.xml', './x.xml', 'x\0.xml']) expect(badFileName(bad), bad).toMatch(/[а-я]/);
  });
});
