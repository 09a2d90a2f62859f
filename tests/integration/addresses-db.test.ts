/**
 * The ownership suite with a second contractor company (the demo seed has one): the address
 * services, called exactly as the endpoint calls them, refuse another company's and another user's
 * address ids with 404 and change nothing; company addresses belong to the company; the employee
 * right `manage_addresses` is what lets a non-admin change them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../src/server/db/schema';
import { createTestDb, dbKind, type TestDb } from '../helpers/db';
import { viewerFrom, type Viewer } from '../../src/server/http/guard';
import { HttpError } from '../../src/server/http/api';
import { listAddresses } from '../../src/server/addresses/list';
import { applyConfirmation, managedAddress } from '../../src/server/addresses/actions';
import { usableAddresses } from '../../src/server/addresses/usable';
import { runAddressAction } from '../../src/server/addresses/run';
import { deliveryContacts, switchedOnWithoutContact } from '../../src/server/addresses/contacts';
import { parseAddressAction, type ActionInput } from '../../src/server/addresses/input';
import { reloadConfig } from '../../src/server/config';

let h: TestDb;
let other: { companyId: number; admin: Viewer; employee: Viewer; addressId: number };
let demo: { admin: Viewer; retail: Viewer; companyAddressId: number; retailAddressId: number };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'addr-db-'));

function viewer(u: typeof t.users.$inferSelect): Viewer {
  return viewerFrom({ user: { id: u.id, name: u.name, email: u.email, phone: u.phone, companyId: u.companyId, isContragentAdmin: u.isContragentAdmin, isStaff: u.isStaff, permissions: u.permissions, orderLimit: null }, staleSession: false } as App.Locals)!;
}
const userRow = async (id: string) => (await h.db.select().from(t.users).where(eq(t.users.id, id)))[0]!;
const addressRows = () => h.db.select().from(t.deliveryAddresses).orderBy(t.deliveryAddresses.id);
// Adding goes through the endpoint's parser (it turns the fields into checked ones); the rest is passed as the endpoint passes it after parsing.
const run = (v: Viewer, input: Record<string, unknown>) => runAddressAction(h.db, v, input.action === 'requestAdd' ? parseAddressAction(input) : (input as ActionInput));

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof HttpError) return e.status;
    throw e;
  }
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  reloadConfig();
  h = await createTestDb({ products: 120 });
  const [company] = await h.db.insert(t.companies).values({ name: 'ОДО «ДругаяФирма»', unp: '291111111', discountPercent: '3' }).returning();
  await h.db.insert(t.users).values([
    { id: 'other-admin', name: 'Павел Другой', email: 'admin@drugaya.by', phone: '+375 29 900-00-01', companyId: company!.id, isContragentAdmin: true },
    { id: 'other-employee', name: 'Мария Снабженец', email: 'snab@drugaya.by', phone: '+375 29 900-00-02', companyId: company!.id, permissions: ['place_orders', 'manage_addresses'] },
  ]);
  const [addr] = await h.db.insert(t.deliveryAddresses).values({ userId: 'other-admin', companyId: company!.id, address: 'г. Брест, ул. Московская, 1', status: 'active', email: 'admin@drugaya.by', phone: '+375 29 900-00-01' }).returning();
  other = { companyId: company!.id, admin: viewer(await userRow('other-admin')), employee: viewer(await userRow('other-employee')), addressId: addr!.id };
  const admin = viewer(await userRow('demo-admin'));
  const retail = viewer(await userRow('demo-retail'));
  demo = {
    admin,
    retail,
    companyAddressId: (await listAddresses(h.db, admin)).addresses[0]!.id,
    retailAddressId: (await listAddresses(h.db, retail)).addresses[0]!.id,
  };
});
afterAll(async () => {
  await h?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const idCalls = (id: number): Record<string, unknown>[] => [
  { action: 'requestDelete', id },
  { action: 'cancelDelete', id },
  { action: 'sendVerifyCodeEmail', id },
  { action: 'sendVerifyCodeSMS', id, phone: '+375 29 900-00-01' },
  { action: 'checkVerifyCode', id, code: '123456' },
  { action: 'setEmailNotifyStatus', id, status: false },
  { action: 'setPhoneNotifyStatus', id, status: true },
  { action: 'changeEmail', id, email: 'thief@evil.by' },
  { action: 'changePhone', id, phone: '+375 29 666-66-66' },
];

describe(`address ownership with two companies on ${dbKind()}`, () => {
  it('each company sees only its own addresses, and so does checkout (usableAddresses)', async () => {
    const mine = (await listAddresses(h.db, other.admin)).addresses.map((a) => a.id);
    expect(mine).toEqual([other.addressId]);
    expect((await usableAddresses(h.db, other.employee)).map((a) => a.id)).toEqual([other.addressId]);
    const demoIds = (await usableAddresses(h.db, demo.admin)).map((a) => a.id);
    expect(demoIds).not.toContain(other.addressId);
    expect(demoIds).not.toContain(demo.retailAddressId);
    expect((await usableAddresses(h.db, demo.retail)).map((a) => a.id)).toEqual([demo.retailAddressId]);
  });

  it('another company\'s admin and employee get 404 for every id-taking action on the demo company\'s and the retail customer\'s addresses, and nothing changes', async () => {
    const before = await addressRows();
    for (const who of [other.admin, other.employee]) {
      for (const id of [demo.companyAddressId, demo.retailAddressId]) {
        for (const call of idCalls(id)) expect(await statusOf(run(who, call)), `${who.id} ${call.action} ${id}`).toBe(404);
      }
    }
    expect(await addressRows()).toEqual(before);
  });

  it('the demo company\'s admin and the retail customer get 404 for the other company\'s address, and nothing changes', async () => {
    const before = await addressRows();
    for (const who of [demo.admin, demo.retail]) {
      for (const call of idCalls(other.addressId)) expect(await statusOf(run(who, call)), `${who.id} ${call.action}`).toBe(404);
    }
    expect(await addressRows()).toEqual(before);
  });

  it('"for all addresses" changes stay inside the caller\'s company', async () => {
    const demoBefore = (await addressRows()).filter((a) => a.companyId !== other.companyId);
    const result = await run(other.employee, { action: 'changeEmailAll', email: 'all@drugaya.by', status: true });
    expect(result).toEqual({ updated: 1, withoutContact: 0 });
    expect((await addressRows()).filter((a) => a.companyId !== other.companyId)).toEqual(demoBefore);
    expect((await addressRows()).find((a) => a.id === other.addressId)!.email).toBe('all@drugaya.by');
  });

  it('an employee granted manage_addresses changes company addresses; the same employee without it gets 403', async () => {
    const added = (await run(other.employee, { action: 'requestAdd', city: 'Брест', street: 'ул. Советская', house: '2' })) as { address: { id: number; status: string } };
    expect(added.address.status).toBe('pending');
    const row = (await addressRows()).find((a) => a.id === added.address.id)!;
    expect(row).toMatchObject({ companyId: other.companyId, userId: 'other-employee' });
    const withoutRight = { ...other.employee, can: () => false } as Viewer;
    expect(await statusOf(run(withoutRight, { action: 'requestDelete', id: added.address.id }))).toBe(403);
    expect(await statusOf(run(other.employee, { action: 'requestDelete', id: added.address.id }))).toBe(200);
  });

  it('delivery notices go only to switched-on contacts, and no switch is on without a contact', async () => {
    await run(other.admin, { action: 'setPhoneNotifyStatus', id: other.addressId, status: false });
    expect(await deliveryContacts(h.db, other.addressId)).toEqual({ email: 'all@drugaya.by', phone: null });
    await run(other.admin, { action: 'changeEmail', id: other.addressId, email: null });
    expect(await deliveryContacts(h.db, other.addressId)).toEqual({ email: null, phone: null });
    expect(await switchedOnWithoutContact(h.db)).toBe(0);
  });
});

describe('an address saved as one line before addresses had fields (migration 0036)', () => {
  it('is kept whole, flagged, pre-filled for completion; the completed one replaces it only once confirmed, and only in its own scope', async () => {
    const [legacy] = await h.db
      .insert(t.deliveryAddresses)
      .values({ userId: 'other-admin', companyId: other.companyId, address: 'г. Брест, ул. Гоголя, 7, кв. 3', flat: null, status: 'active', unstructured: true, email: 'admin@drugaya.by' })
      .returning();
    const seen = (await listAddresses(h.db, other.admin)).addresses.find((a) => a.id === legacy!.id)!;
    expect(seen).toMatchObject({ address: 'г. Брест, ул. Гоголя, 7, кв. 3', unstructured: true, city: null, guess: { city: 'Брест', region: 'Брестская обл.', street: 'ул. Гоголя', house: '7', flat: '3' } });
    // Still deliverable (it was confirmed): checkout lists it.
    expect((await usableAddresses(h.db, other.admin)).some((a) => a.id === legacy!.id)).toBe(true);

    // Another company cannot complete (replace) it; a structured address is not "completed".
    const rowsBefore = await addressRows();
    expect(await statusOf(run(demo.admin, { action: 'requestAdd', city: 'Брест', street: 'ул. Гоголя', house: '7', flat: '3', replaces: String(legacy!.id) }))).toBe(404);
    expect(await statusOf(run(other.admin, { action: 'requestAdd', city: 'Брест', street: 'ул. Гоголя', house: '8', replaces: String(other.addressId) }))).toBe(422);
    expect(await addressRows()).toEqual(rowsBefore);

    // The same text as the legacy line is no duplicate of it.
    const added = (await run(other.admin, { action: 'requestAdd', city: 'Брест', street: 'ул. Гоголя', house: '7', flat: '3', replaces: String(legacy!.id) })) as { address: { id: number; replacesId: number; address: string } };
    expect(added.address).toMatchObject({ replacesId: legacy!.id, address: 'Брестская обл., г. Брест, ул. Гоголя, д. 7' });
    expect((await addressRows()).some((a) => a.id === legacy!.id)).toBe(true);
    await applyConfirmation(h.db, other.admin, await managedAddress(h.db, other.admin, added.address.id));
    const after = await addressRows();
    expect(after.some((a) => a.id === legacy!.id)).toBe(false);
    expect(after.find((a) => a.id === added.address.id)).toMatchObject({ status: 'active', unstructured: false, replacesId: null, city: 'Брест', street: 'ул. Гоголя', house: '7', flat: '3' });
  });
});
