import { describe, expect, it } from 'vitest';
import { addManagerInput, contractRequestInput, updateUserInput, usersListInput } from '../../src/server/company/input';
import { outboxSettings } from '../../src/server/company/crm-outbox';
import { backoffMs } from '../../src/server/db/worker';
import { parseEnv } from '../../src/server/config';

describe('company calls: input', () => {
  it('a spending limit is typed any common way and kept with two decimals; empty means none', () => {
    const limit = (v: unknown) => addManagerInput.parse({ name: 'Иван', email: 'ivan@firma.by', orderLimit: v }).orderLimit;
    expect(limit('1 500,5')).toBe('1500.50');
    expect(limit(2500)).toBe('2500.00');
    expect(limit('')).toBeNull();
    expect(limit(undefined)).toBeNull();
    for (const bad of ['-1', '0', '1,234', '12.345', 'много', 10_000_001]) expect(addManagerInput.safeParse({ name: 'Иван', email: 'ivan@firma.by', orderLimit: bad }).success, String(bad)).toBe(false);
  });

  it('an edit leaves out what it does not send, and clears what it sends empty', () => {
    expect(updateUserInput.parse({ userId: 'demo-foreman' })).toEqual({ userId: 'demo-foreman', name: undefined, phone: undefined, position: undefined, permissions: undefined, orderLimit: undefined });
    expect(updateUserInput.parse({ userId: 'demo-foreman', phone: '', position: null, orderLimit: '' })).toMatchObject({ phone: null, position: null, orderLimit: null });
    expect(updateUserInput.parse({ userId: 'u', phone: '8029 111 22 33', permissions: ['place_orders', 'place_orders'] })).toMatchObject({ phone: '+375 29 111-22-33', permissions: ['place_orders'] });
  });

  it('unknown permissions and malformed user ids are refused', () => {
    expect(updateUserInput.safeParse({ userId: 'u', permissions: ['superuser'] }).success).toBe(false);
    expect(updateUserInput.safeParse({ userId: "u' or 1=1" }).success).toBe(false);
  });

  it('the users list takes page, the spec\'s inactive flag and a search', () => {
    expect(usersListInput.parse({})).toEqual({ page: 1, inactive: false, search: undefined });
    expect(usersListInput.parse({ page: '2', inactive: 'Y', search: ' прораб ' })).toEqual({ page: 2, inactive: true, search: 'прораб' });
  });

  it('requisites: IBAN and BIC are normalised and checked for the Belarusian format', () => {
    const base = { legalAddress: 'Минск', bankName: 'Банк', contactName: 'Иван', contactPhone: '+375291112233', contactEmail: 'i@firma.by', monthlyVolume: 'up_to_5k' };
    expect(contractRequestInput.parse({ ...base, iban: 'by20 alfa 3012 2345 6700 1027 0000', bic: 'alfaby2x' })).toMatchObject({ iban: 'BY20ALFA30122345670010270000', bic: 'ALFABY2X' });
    expect(contractRequestInput.safeParse({ ...base, iban: 'DE89370400440532013000', bic: 'ALFABY2X' }).success).toBe(false);
    expect(contractRequestInput.safeParse({ ...base, iban: 'BY20ALFA30122345670010270000', bic: 'ALFADE2X' }).success).toBe(false);
  });
});

describe('CRM outbox: retry schedule', () => {
  it('doubles the pause after each failure up to the cap, with at most 10 % jitter', () => {
    const s = { baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, s, 0))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(12, s, 0)).toBe(3_600_000);
    expect(backoffMs(1000, s, 0)).toBe(3_600_000);
    expect(backoffMs(1, s, 1)).toBe(33_000);
  });

  it('settings come from the environment with safe defaults', () => {
    expect(outboxSettings(parseEnv({}))).toMatchObject({ webhookUrl: null, salesMailTo: 'sales@instrument.by', baseDelayMs: 30_000, webhookAttempts: 10 });
    expect(outboxSettings(parseEnv({ CRM_WEBHOOK_URL: ' https://crm.example/hook ', SALES_MAIL_TO: 'opt@instrument.by' }))).toMatchObject({ webhookUrl: 'https://crm.example/hook', baseDelayMs: 30_000, salesMailTo: 'opt@instrument.by' });
    // Until issue 23 a bad number fell back to the default silently; now the configuration refuses it.
    expect(() => parseEnv({ CRM_RETRY_BASE_MS: 'abc' })).toThrow(/^CRM_RETRY_BASE_MS="abc": expected a whole number/);
  });
});
