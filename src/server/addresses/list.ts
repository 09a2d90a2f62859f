/**
 * The address book of spec §7 `GET /web/personal/addresses/` (spec §3: id, status,
 * deletionRequested; the response carries the addresses and a sessid), as the page and the
 * endpoint both show it.
 */
import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, deliveryAddresses, users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { authSecret } from '../auth/auth';
import { CODE_RESEND_SECONDS } from '../accounts/codes';
import { addressesOf, mayManageAddresses } from './scope';
import { parseLegacy, type AddressInput } from '../geo/address';

/** At most this many addresses per company or retail customer (a delivery list, not an archive). */
export const ADDRESS_LIMIT = 50;

export type AddressStatus = 'pending' | 'active' | 'deletion_requested';

export type AddressView = {
  id: number;
  /** The display line composed of the fields (or, unstructured, the line as saved). */
  address: string;
  /** Issue 30: the fields (null in an unstructured address). */
  city: string | null;
  region: string | null;
  street: string | null;
  house: string | null;
  building: string | null;
  flat: string | null;
  entrance: string | null;
  /** Saved as one line before addresses had fields: the page asks to complete it. */
  unstructured: boolean;
  /** For an unstructured address: the fields guessed from its line, to pre-fill the form (nothing saved). */
  guess: (Partial<AddressInput> & { region?: string }) | null;
  /** A pending address completing this unstructured one. */
  replacesId: number | null;
  status: AddressStatus;
  deletionRequested: boolean;
  /** Contacts for delivery notifications, each switchable. */
  email: string | null;
  phone: string | null;
  emailNotify: boolean;
  phoneNotify: boolean;
  createdAt: string;
  /** Who added it (a company's addresses are added by several people). */
  addedBy: string | null;
};

export type AddressBook = {
  addresses: AddressView[];
  /** May this viewer add, delete and edit (company admin, an employee with the right, a retail customer). */
  canManage: boolean;
  /** The company the addresses belong to, or null for a retail customer's own. */
  company: { id: number; name: string } | null;
  /** Where a confirmation code may go besides the address's own contacts. */
  own: { email: string; phone: string | null };
  limit: number;
  resendSeconds: number;
  /** Spec §3. Requests are protected by the session cookie's SameSite and Astro's origin check; this is an opaque per-user value for clients that echo it. */
  sessid: string;
};

export const addressColumns = {
  id: deliveryAddresses.id,
  address: deliveryAddresses.address,
  city: deliveryAddresses.city,
  region: deliveryAddresses.region,
  street: deliveryAddresses.street,
  house: deliveryAddresses.house,
  building: deliveryAddresses.building,
  unstructured: deliveryAddresses.unstructured,
  replacesId: deliveryAddresses.replacesId,
  flat: deliveryAddresses.flat,
  entrance: deliveryAddresses.entrance,
  status: deliveryAddresses.status,
  deletionRequested: deliveryAddresses.deletionRequested,
  email: deliveryAddresses.email,
  phone: deliveryAddresses.phone,
  emailNotify: deliveryAddresses.emailNotify,
  phoneNotify: deliveryAddresses.phoneNotify,
  createdAt: deliveryAddresses.createdAt,
};

type Row = { [K in keyof typeof addressColumns]: unknown } & { addedBy?: unknown };

export function toView(r: Row): AddressView {
  return {
    id: r.id as number,
    address: r.address as string,
    city: (r.city as string | null) ?? null,
    region: (r.region as string | null) ?? null,
    street: (r.street as string | null) ?? null,
    house: (r.house as string | null) ?? null,
    building: (r.building as string | null) ?? null,
    unstructured: r.unstructured as boolean,
    guess: r.unstructured ? parseLegacy(r.address as string) : null,
    replacesId: (r.replacesId as number | null) ?? null,
    flat: (r.flat as string | null) ?? null,
    entrance: (r.entrance as string | null) ?? null,
    status: r.status as AddressStatus,
    deletionRequested: r.deletionRequested as boolean,
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    emailNotify: r.emailNotify as boolean,
    phoneNotify: r.phoneNotify as boolean,
    createdAt: (r.createdAt as Date).toISOString(),
    addedBy: (r.addedBy as string | null | undefined) ?? null,
  };
}

export function sessidFor(viewer: Pick<Viewer, 'id'>): string {
  return createHmac('sha256', authSecret()).update(`sessid\n${viewer.id}`).digest('hex').slice(0, 32);
}

export async function listAddresses(db: Db, viewer: Viewer): Promise<AddressBook> {
  const [rows, company] = await Promise.all([
    db
      .select({ ...addressColumns, addedBy: users.name })
      .from(deliveryAddresses)
      .leftJoin(users, eq(users.id, deliveryAddresses.userId))
      .where(addressesOf(viewer))
      .orderBy(asc(deliveryAddresses.id)),
    viewer.companyId ? db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, viewer.companyId)).limit(1) : Promise.resolve([]),
  ]);
  return {
    addresses: rows.map(toView),
    canManage: mayManageAddresses(viewer),
    company: company[0] ?? null,
    own: { email: viewer.email, phone: viewer.phone },
    limit: ADDRESS_LIMIT,
    resendSeconds: CODE_RESEND_SECONDS,
    sessid: sessidFor(viewer),
  };
}
