/** The signed keys of the alert e-mails' links (issue 30, src/server/alerts/tokens.ts). */
import { describe, expect, it } from 'vitest';
import { alertKey, readAlertKey } from '../../src/server/alerts/tokens';

describe('alert link keys', () => {
  it('a key reads back as its alert, for its own purpose only', () => {
    const k = alertKey('unsubscribe', 42);
    expect(k).toMatch(/^42\.[A-Za-z0-9_-]{32}$/);
    expect(readAlertKey('unsubscribe', k)).toBe(42);
    expect(readAlertKey('confirm', k)).toBeNull();
    expect(readAlertKey('confirm', alertKey('confirm', 42))).toBe(42);
  });

  it('another id with the same signature, a changed signature or garbage is refused', () => {
    const sig = alertKey('unsubscribe', 42).split('.')[1]!;
    expect(readAlertKey('unsubscribe', `43.${sig}`)).toBeNull();
    expect(readAlertKey('unsubscribe', `42.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '42', '42.', 'abc.def', `0.${sig}`, `99999999999.${sig}`, null, 42, {}]) expect(readAlertKey('unsubscribe', bad)).toBeNull();
  });
});
