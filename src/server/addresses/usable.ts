/**
 * Delivery addresses other domains may read: the confirmed addresses a viewer can deliver to — the
 * company's for a company user, their own for a retail customer. (Managing addresses is this
 * domain's personal-area work; checkout only reads.)
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryAddresses } from '../db/schema';
import type { Viewer } from '../http/guard';
import { addressesOf } from './scope';
import { addressColumns, type AddressView } from './list';

/** `address`: the display line without flat and entrance; the fields are null in an unstructured (legacy) address. */
export type UsableAddress = Pick<AddressView, 'id' | 'address' | 'city' | 'region' | 'street' | 'house' | 'building' | 'flat' | 'entrance' | 'unstructured' | 'phone' | 'email'>;

/** The view's own columns (list.ts), so the two reads never map a field differently. */
const { id, address, city, region, street, house, building, flat, entrance, unstructured, phone, email } = addressColumns;

export async function usableAddresses(db: Db, viewer: Viewer): Promise<UsableAddress[]> {
  return db
    .select({ id, address, city, region, street, house, building, flat, entrance, unstructured, phone, email })
    .from(deliveryAddresses)
    .where(and(addressesOf(viewer), eq(deliveryAddresses.status, 'active')))
    .orderBy(asc(deliveryAddresses.id));
}
