/** The delivery addresses the demo and the fixture sets write: structured (issue 30), checked like a user's. */
import { addressLine, addressOrThrow, type AddressFields } from '../geo/address';

export const SEED_ADDRESSES = {
  office: addressOrThrow({ city: 'Минск', street: 'ул. Притыцкого', house: '156', flat: 'офис 12', entrance: '2' }),
  site: addressOrThrow({ city: 'Боровляны', street: 'ул. Лесная', house: '7' }),
  home: addressOrThrow({ city: 'Гомель', street: 'ул. Советская', house: '41', flat: '17', entrance: '1' }),
};

/** An order's copy of its delivery address (none for pickup). */
export function seedOrderAddress(f: AddressFields | null): { deliveryAddress: string | null; deliveryAddressFields: AddressFields | null } {
  return f ? { deliveryAddress: addressLine(f), deliveryAddressFields: f } : { deliveryAddress: null, deliveryAddressFields: null };
}
