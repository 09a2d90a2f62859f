/**
 * The contacts of an address for delivery notifications (spec §4 "notification contact state
 * toggles for e-mail and phone"): each address has an e-mail and a phone, each with its own switch;
 * they can be changed per address (changeEmail, changePhone, set…NotifyStatus) or for every address
 * at once (changeEmailAll, changePhoneAll). A contact is not confirmed by a code: it is where the
 * courier's notices go, chosen by whoever manages the addresses. Notices never go to an empty
 * contact, so switching one on needs a contact first.
 */
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryAddresses as A } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';
import { addressColumns, toView, type AddressView } from './list';
import { managedBy } from './scope';

export type ContactKind = 'email' | 'phone';

const column = (kind: ContactKind) => (kind === 'email' ? A.email : A.phone);
const switchColumn = (kind: ContactKind) => (kind === 'email' ? A.emailNotify : A.phoneNotify);
const switchKey = (kind: ContactKind) => (kind === 'email' ? 'emailNotify' : 'phoneNotify');
const needContact = (kind: ContactKind) => new HttpError(422, [{ code: ERR.VALIDATION, field: kind, message: t(kind === 'email' ? 'ADDR_ERR_NOTIFY_NEEDS_EMAIL' : 'ADDR_ERR_NOTIFY_NEEDS_PHONE') }]);

async function existsOr404(db: Db, viewer: Viewer, id: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(A).where(and(eq(A.id, id), managedBy(viewer)));
  if (!row?.n) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
}

/** set{Email,Phone}NotifyStatus: one address's switch. */
export async function setNotify(db: Db, viewer: Viewer, id: number, kind: ContactKind, on: boolean): Promise<AddressView> {
  const scope = managedBy(viewer);
  const [row] = await db
    .update(A)
    .set({ [switchKey(kind)]: on })
    .where(and(eq(A.id, id), scope, on ? isNotNull(column(kind)) : undefined))
    .returning(addressColumns);
  if (row) return toView(row);
  await existsOr404(db, viewer, id);
  throw needContact(kind);
}

/** change{Email,Phone}: one address's contact; clearing it switches its notices off. */
export async function changeContact(db: Db, viewer: Viewer, id: number, kind: ContactKind, value: string | null): Promise<AddressView> {
  const scope = managedBy(viewer);
  const set = value === null ? { [kind]: null, [switchKey(kind)]: false } : { [kind]: value };
  const [row] = await db.update(A).set(set).where(and(eq(A.id, id), scope)).returning(addressColumns);
  if (!row) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
  return toView(row);
}

export type AllResult = { updated: number; /** Addresses left switched off because they have no such contact. */ withoutContact: number };

/**
 * change{Email,Phone}All: the same contact and/or switch for every address at once. Switching on
 * leaves addresses without a contact off (and counts them) unless a contact is given with it.
 */
export async function changeAll(db: Db, viewer: Viewer, kind: ContactKind, input: { value?: string; on?: boolean }): Promise<AllResult> {
  const scope = managedBy(viewer);
  const col = column(kind);
  const set: Record<string, unknown> = {};
  if (input.value !== undefined) set[kind] = input.value;
  if (input.on !== undefined) set[switchKey(kind)] = input.value !== undefined || !input.on ? input.on : sql`${col} IS NOT NULL`;
  const rows = await db.update(A).set(set).where(scope).returning({ id: A.id, on: switchColumn(kind), contact: col });
  const withoutContact = input.on ? rows.filter((r) => !r.contact).length : 0;
  return { updated: rows.length - withoutContact, withoutContact };
}

/**
 * For the orders domain: where the delivery notices of an order to this address go (only the
 * switched-on contacts). No ownership here: the caller already holds the order.
 */
export async function deliveryContacts(db: Db, addressId: number): Promise<{ email: string | null; phone: string | null }> {
  const [row] = await db.select({ email: A.email, phone: A.phone, emailNotify: A.emailNotify, phoneNotify: A.phoneNotify }).from(A).where(eq(A.id, addressId)).limit(1);
  if (!row) return { email: null, phone: null };
  return { email: row.emailNotify ? row.email : null, phone: row.phoneNotify ? row.phone : null };
}

/** Used by tests and the seed check: addresses with a switch on but no contact must not exist. */
export async function switchedOnWithoutContact(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(A)
    .where(sql`(${A.emailNotify} AND ${A.email} IS NULL) OR (${A.phoneNotify} AND ${A.phone} IS NULL)`);
  return row?.n ?? 0;
}
