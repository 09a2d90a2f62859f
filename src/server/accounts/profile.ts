/**
 * The profile (spec §7 Profile): GET /web/profile/get/, POST /api/profile/update/ and
 * POST /api/profile/sendOrderStatus/. A new e-mail or phone takes effect only after the code sent
 * to that NEW address or number comes back; an e-mail that belongs to another account gets the
 * same answer (its owner gets a notice instead of a code), so the call tells nobody who is registered.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, orderStatuses, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { scopeOf } from '../auth/permissions';
import { t } from '../../i18n';
import { codeNotRequested, issueCode } from './codes';
import { deliverCodeByEmail, deliverCodeBySms } from './delivery';
import { findAccount } from './credentials';
import { mailAddressTaken, mailEmailChanged, sendLater } from './mails';
import { joinRequestOf } from './join-requests';
import { countCodeSend, takeCode } from './verify';

/** The "sms" box of the spec's `checkboxes` turns on SMS copies; the others are status codes. */
export const SMS_CHECKBOX = 'sms';

export async function getProfile(db: Db, viewer: Viewer) {
  const [u] = await db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  const [company] = viewer.companyId
    ? await db.select({ id: companies.id, name: companies.name, unp: companies.unp, legalAddress: companies.legalAddress }).from(companies).where(eq(companies.id, viewer.companyId)).limit(1)
    : [];
  const { can: _can, ownerKey: _owner, ...user } = viewer;
  return {
    user: {
      ...user,
      position: u?.position ?? null,
      scope: scopeOf(viewer),
      send_status: u?.sendStatus ? 'Y' : 'N',
      checkboxes: [...(u?.notifyStatuses ?? []), ...(u?.notifySms ? [SMS_CHECKBOX] : [])],
    },
    company: company ?? null,
    joinRequest: viewer.companyId ? null : await joinRequestOf(db, viewer.id),
  };
}

export type ContactChange = { type: 'email' | 'phone'; target: string; resendAfter: number };

const fieldError = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);

export async function updateProfile(
  db: Db,
  viewer: Viewer,
  input: { name?: string; email?: string; phone?: string; code?: string },
  ip: string,
): Promise<{ saved: string[]; confirm: ContactChange | null }> {
  if (input.email && input.phone) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('ACC_ONE_CONTACT') }]);
  if (!input.name && !input.email && !input.phone) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('ACC_NOTHING_TO_SAVE') }]);
  if (input.email && input.email === viewer.email) throw fieldError('email', `Email: ${t('ACC_SAME_EMAIL')}`);
  if (input.phone && input.phone === viewer.phone) throw fieldError('phone', `Телефон: ${t('ACC_SAME_PHONE')}`);

  const saved: string[] = [];
  if (input.name) {
    await db.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, viewer.id));
    saved.push('name');
  }
  const type = input.email ? 'email' : input.phone ? 'phone' : null;
  if (!type) return { saved, confirm: null };
  const target = (input.email ?? input.phone)!;
  if (!input.code) return { saved, confirm: await sendContactCode(db, viewer, type, target, ip) };
  await applyContactChange(db, viewer, type, target, input.code, ip);
  saved.push(type);
  return { saved, confirm: null };
}

async function sendContactCode(db: Db, viewer: Viewer, type: 'email' | 'phone', target: string, ip: string): Promise<ContactChange> {
  await countCodeSend(db, target, ip, viewer.id);
  const event = type === 'email' ? 'CHANGE_EMAIL' : 'CHANGE_PHONE';
  const taken = type === 'email' && (await findAccount(db, target)) !== null;
  const issued = await issueCode(db, { target, event, payload: taken ? {} : { userId: viewer.id, purpose: 'profile' } });
  if (taken) sendLater('address-taken notice', () => mailAddressTaken(target));
  else if (type === 'email') sendLater('e-mail change code', () => deliverCodeByEmail(target, issued.code, 'change_email'));
  else sendLater('phone change code', () => deliverCodeBySms(target, issued.code, 'change_phone'));
  return { type, target, resendAfter: issued.resendAfter };
}

async function applyContactChange(db: Db, viewer: Viewer, type: 'email' | 'phone', target: string, code: string, ip: string): Promise<void> {
  const payload = await takeCode(db, { target, event: type === 'email' ? 'CHANGE_EMAIL' : 'CHANGE_PHONE', code, ip });
  if (payload.userId !== viewer.id || payload.purpose !== 'profile') throw codeNotRequested();
  if (type === 'phone') {
    await db.update(users).set({ phone: target, updatedAt: new Date() }).where(eq(users.id, viewer.id));
    return;
  }
  try {
    await db.update(users).set({ email: target, updatedAt: new Date() }).where(eq(users.id, viewer.id));
  } catch (e) {
    // Only a race can get here (the address was free when the code went out): the unique index decides.
    if (String((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) === '23505') throw new HttpError(409, [{ code: ERR.CONFLICT, field: 'email', message: t('ACC_EMAIL_TAKEN') }]);
    throw e;
  }
  sendLater('e-mail-changed notice', () => mailEmailChanged(viewer.email, target));
}

/** The statuses a customer may be told about, as the settings form lists them. */
export async function orderStatusOptions(db: Db): Promise<{ code: string; name: string }[]> {
  return db.select({ code: orderStatuses.code, name: orderStatuses.name }).from(orderStatuses).orderBy(asc(orderStatuses.sort));
}

/** POST /api/profile/sendOrderStatus/ {send_status, checkboxes}. */
export async function saveOrderStatusSettings(db: Db, viewer: Viewer, input: { send_status: boolean; checkboxes: string[] }): Promise<{ send_status: 'Y' | 'N'; checkboxes: string[] }> {
  const known = new Set((await orderStatusOptions(db)).map((s) => s.code));
  const boxes = [...new Set(input.checkboxes)];
  if (boxes.some((b) => b !== SMS_CHECKBOX && !known.has(b))) throw fieldError('checkboxes', `Статусы для уведомлений: ${t('ACC_UNKNOWN_STATUS')}`);
  const statuses = boxes.filter((b) => b !== SMS_CHECKBOX);
  const sms = boxes.includes(SMS_CHECKBOX);
  await db.update(users).set({ sendStatus: input.send_status, notifyStatuses: statuses, notifySms: sms, updatedAt: new Date() }).where(eq(users.id, viewer.id));
  return { send_status: input.send_status ? 'Y' : 'N', checkboxes: [...statuses, ...(sms ? [SMS_CHECKBOX] : [])] };
}
