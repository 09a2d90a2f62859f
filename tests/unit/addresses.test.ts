import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/server/addresses/actions';
import { allowedDestinations } from '../../src/server/addresses/confirm';
import { codeOptions } from '../../src/islands/personal/AddressCodePanel';
import type { AddressView } from '../../src/server/addresses/list';

describe('delivery address rules', () => {
  it('treats spacing, case, ё and punctuation as the same address, but not another flat', () => {
    expect(addressKey('г. Минск,  ул. Лесная, 7', 'офис 12')).toBe(addressKey('г минск ул лесная 7', 'Офис 12'));
    expect(addressKey('ул. Кошёвого, 3')).toBe(addressKey('ул. Кошевого 3', null));
    expect(addressKey('ул. Лесная, 7', '1')).not.toBe(addressKey('ул. Лесная, 7', '2'));
  });

  it('sends a code only to the viewer or the address contacts, in canonical form, without repeats', () => {
    const viewer = { email: 'Ivan@Demo.BY', phone: '+375 29 111-22-33' };
    expect(allowedDestinations(viewer, { email: 'ivan@demo.by', phone: '80297001122' }, 'sms')).toEqual(['+375 29 111-22-33', '+375 29 700-11-22']);
    expect(allowedDestinations(viewer, { email: 'ivan@demo.by', phone: null }, 'email')).toEqual(['ivan@demo.by']);
    expect(allowedDestinations({ email: 'a@b.by', phone: null }, { email: null, phone: null }, 'sms')).toEqual([]);
  });

  it('offers the address\'s own phone first, then the account\'s, then the e-mails', () => {
    const a = { phone: '+375 29 700-11-22', email: 'obj@firma.by' } as AddressView;
    expect(codeOptions(a, { email: 'me@firma.by', phone: '+375 29 700-11-22' })).toEqual([
      { channel: 'sms', to: '+375 29 700-11-22' },
      { channel: 'email', to: 'obj@firma.by' },
      { channel: 'email', to: 'me@firma.by' },
    ]);
  });
});
