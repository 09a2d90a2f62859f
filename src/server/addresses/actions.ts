/**
 * Adding and deleting delivery addresses (spec §4: request-add, request-delete with a cancel step,
 * confirmation by a code). The life of an address:
 *
 *   requestAdd → pending ──code──► active ──requestDelete──► deletion_requested ──code──► deleted
 *                   │                  ▲                              │
 *                   └─requestDelete─► deleted (never confirmed)       └──cancelDelete──► active
 *
 * A deletion is "done" when it is confirmed by a code (codes.ts): the row is deleted then, and
 * orders keep their own copy of the address text. Until then it can be cancelled. Every statement
 * carries the viewer's scope (scope.ts), so "not yours" and "not found" both answer 404.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryAddresses as A } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { hit } from '../http/rate-limit';
import { t } from '../../i18n';
import { composeAddress, type AddressFields } from '../geo/address';
import { addressColumns, ADDRESS_LIMIT, toView, type AddressView } from './list';
import { managedBy } from './scope';

/** `fields`: checked and normalised (geo/address.ts); `replaces`: an unstructured address of the scope this one completes. */
export type NewAddress = { fields: AddressFields; phone?: string; email?: string; replaces?: number };

const conflict = (message: string) => new HttpError(409, [{ code: ERR.CONFLICT, message }]);

/** Collapses spaces and case so that «г. Минск,  ул. Лесная 7» and «г. минск, ул. лесная 7» are one address. */
export function addressKey(address: string, flat?: string | null): string {
  const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/[\s,.]+/g, ' ').trim();
  return `${norm(address)}|${norm(flat ?? '')}`;
}

/** Adds an address waiting for confirmation by a code; contacts default to the viewer's own. */
export async function requestAdd(db: Db, viewer: Viewer, input: NewAddress): Promise<AddressView> {
  const scope = managedBy(viewer);
  await hit(db, [{ key: `addr:add:${viewer.id}`, max: 30, windowSeconds: 3600 }]);
  const existing = await db.select({ id: A.id, address: A.address, flat: A.flat, unstructured: A.unstructured }).from(A).where(scope);
  if (input.replaces !== undefined) {
    const old = existing.find((e) => e.id === input.replaces);
    if (!old) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
    if (!old.unstructured) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'replaces', message: t('ADDR_ERR_REPLACES') }]);
  }
  // Completing an unstructured address takes no new place in the list.
  if (existing.length - (input.replaces !== undefined ? 1 : 0) >= ADDRESS_LIMIT) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('ADDR_ERR_LIMIT').replace('{n}', String(ADDRESS_LIMIT)) }]);
  const { fields } = input;
  const address = composeAddress(fields);
  const key = addressKey(address, fields.flat);
  // Unstructured lines are not compared: completing one may well give the same text.
  if (existing.some((e) => !e.unstructured && addressKey(e.address, e.flat) === key)) throw conflict(t('ADDR_ERR_DUPLICATE'));
  const email = input.email ?? viewer.email;
  const phone = input.phone ?? viewer.phone ?? null;
  const [row] = await db
    .insert(A)
    .values({
      userId: viewer.id,
      companyId: viewer.companyId,
      address,
      city: fields.city,
      region: fields.region,
      street: fields.street,
      house: fields.house,
      building: fields.building,
      flat: fields.flat,
      entrance: fields.entrance,
      unstructured: false,
      replacesId: input.replaces ?? null,
      status: 'pending',
      deletionRequested: false,
      email,
      phone,
      emailNotify: !!email,
      phoneNotify: false,
    })
    .returning(addressColumns);
  return { ...toView(row!), addedBy: viewer.name };
}

export type DeleteResult = { id: number; status: 'deletion_requested' | 'deleted'; deletionRequested: boolean };

/**
 * An active address: deletion is requested and waits for a code. A pending one (never confirmed,
 * never delivered to) goes at once: there is nothing to protect.
 */
export async function requestDelete(db: Db, viewer: Viewer, id: number): Promise<DeleteResult> {
  const scope = managedBy(viewer);
  const [asked] = await db
    .update(A)
    .set({ status: 'deletion_requested', deletionRequested: true })
    .where(and(eq(A.id, id), scope, eq(A.status, 'active')))
    .returning({ id: A.id });
  if (asked) return { id, status: 'deletion_requested', deletionRequested: true };
  const [gone] = await db
    .delete(A)
    .where(and(eq(A.id, id), scope, eq(A.status, 'pending')))
    .returning({ id: A.id });
  if (gone) return { id, status: 'deleted', deletionRequested: false };
  const [row] = await db.select({ status: A.status }).from(A).where(and(eq(A.id, id), scope)).limit(1);
  if (!row) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
  throw conflict(t('ADDR_ERR_ALREADY_DELETING'));
}

/** Takes a requested deletion back (any time before it is confirmed). */
export async function cancelDelete(db: Db, viewer: Viewer, id: number): Promise<AddressView> {
  const scope = managedBy(viewer);
  const [row] = await db
    .update(A)
    .set({ status: 'active', deletionRequested: false })
    .where(and(eq(A.id, id), scope, eq(A.status, 'deletion_requested')))
    .returning(addressColumns);
  if (row) return toView(row);
  const [exists] = await db.select({ n: count() }).from(A).where(and(eq(A.id, id), scope));
  if (!exists?.n) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
  throw conflict(t('ADDR_ERR_NOT_DELETING'));
}

/** One address of the viewer's scope that they may change, or 404. */
export async function managedAddress(db: Db, viewer: Viewer, id: number): Promise<AddressView> {
  const [row] = await db.select(addressColumns).from(A).where(and(eq(A.id, id), managedBy(viewer))).limit(1);
  if (!row) throw notFoundError(t('ADDR_ERR_NOT_FOUND'));
  return toView(row);
}

/**
 * Applies a confirmed code: a pending address becomes active, a requested deletion is done. The
 * status in the WHERE makes a change that happened meanwhile (a cancelled deletion) lose cleanly.
 */
export async function applyConfirmation(db: Db, viewer: Viewer, address: AddressView): Promise<{ id: number; status: 'active' | 'deleted' }> {
  const scope = managedBy(viewer);
  if (address.status === 'pending') {
    const rows = await db
      .update(A)
      .set({ status: 'active', deletionRequested: false, replacesId: null })
      .where(and(eq(A.id, address.id), scope, eq(A.status, 'pending')))
      .returning({ id: A.id });
    if (rows.length) {
      // A completed unstructured address: the confirmed fields take its place (orders keep their own copy of the line).
      if (address.replacesId) await db.delete(A).where(and(eq(A.id, address.replacesId), scope, eq(A.unstructured, true)));
      return { id: address.id, status: 'active' };
    }
  } else if (address.status === 'deletion_requested') {
    const rows = await db.delete(A).where(and(eq(A.id, address.id), scope, eq(A.status, 'deletion_requested'), sql`${A.deletionRequested}`)).returning({ id: A.id });
    if (rows.length) return { id: address.id, status: 'deleted' };
  }
  throw conflict(t('ADDR_ERR_CHANGED_MEANWHILE'));
}
