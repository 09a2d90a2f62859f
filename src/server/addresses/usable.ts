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

export type UsableAddress = { id: number; address: string; flat: string | null; entrance: string | null; phone: string | null; email: string | null };

export async function usableAddresses(db: Db, viewer: Viewer): Promise<UsableAddress[]> {
  return db
    .select({ id: deliveryAddresses.id, address: deliveryAddresses.address, flat: deliveryAddresses.flat, entrance: deliveryAddresses.entrance, phone: deliveryAddresses.phone, email: deliveryAddresses.email })
    .from(deliveryAddresses)
    .where(and(addressesOf(viewer), eq(deliveryAddresses.status, 'active')))
    .orderBy(asc(deliveryAddresses.id));
}
