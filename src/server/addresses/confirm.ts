/**
 * Confirmation of adding or deleting an address by a code (spec §7 sendVerifyCodeEmail,
 * sendVerifyCodeSMS {phone}, checkVerifyCode). The code goes to the viewer's own e-mail or phone,
 * or to the address's contact e-mail or phone — nowhere else, so the store never texts a number
 * nobody on this address book named. One code per address and step: its key is the address id,
 * so sending by SMS and then by e-mail waits for the same resend timer (spec §4).
 */
import type { Db } from '../db/client';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { hit } from '../http/rate-limit';
import { issueCode, verifyCode, type CodeEvent } from '../accounts/codes';
import { deliverCodeByEmail, deliverCodeBySms } from '../accounts/delivery';
import { normalizeEmail, normalizePhone } from '../auth/validation';
import { t } from '../../i18n';
import { applyConfirmation, managedAddress } from './actions';
import type { AddressView } from './list';
import { addressOwners, tellAddressOwners } from './notices';

export type Channel = 'email' | 'sms';

/** Sending limits beyond the resend timer: per person and per destination, per hour. */
export const CODE_SENDS_PER_USER_HOUR = 12;
export const CODE_SENDS_PER_DESTINATION_HOUR = 6;

const invalid = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);

function eventFor(address: AddressView): CodeEvent {
  if (address.status === 'pending') return 'ADDRESS_ADD';
  if (address.status === 'deletion_requested') return 'ADDRESS_DELETE';
  throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ADDR_ERR_NOTHING_TO_CONFIRM') }]);
}

const codeKey = (id: number) => `address:${id}`;

/** Where a code for this address may go over this channel. */
export function allowedDestinations(viewer: Pick<Viewer, 'email' | 'phone'>, address: Pick<AddressView, 'email' | 'phone'>, channel: Channel): string[] {
  const list = channel === 'email' ? [viewer.email, address.email].map((e) => (e ? normalizeEmail(e) : null)) : [viewer.phone, address.phone].map((p) => (p ? normalizePhone(p) : null));
  return [...new Set(list.filter((x): x is string => !!x))];
}

export type CodeSent = { id: number; channel: Channel; sentTo: string; resendAfter: number; event: CodeEvent };

export async function sendAddressCode(db: Db, viewer: Viewer, id: number, channel: Channel, to?: string): Promise<CodeSent> {
  const address = await managedAddress(db, viewer, id);
  const event = eventFor(address);
  const allowed = allowedDestinations(viewer, address, channel);
  const field = channel === 'email' ? 'email' : 'phone';
  const destination = to ?? allowed[0];
  if (!destination) throw invalid(field, t(channel === 'email' ? 'ADDR_ERR_NO_EMAIL' : 'ADDR_ERR_NO_PHONE'));
  if (!allowed.includes(destination)) throw invalid(field, t(channel === 'email' ? 'ADDR_ERR_EMAIL_NOT_ALLOWED' : 'ADDR_ERR_PHONE_NOT_ALLOWED'));
  await hit(db, [
    { key: `addr:code:user:${viewer.id}`, max: CODE_SENDS_PER_USER_HOUR, windowSeconds: 3600 },
    { key: `addr:code:to:${destination}`, max: CODE_SENDS_PER_DESTINATION_HOUR, windowSeconds: 3600 },
  ]);
  const { code, resendAfter } = await issueCode(db, { target: codeKey(id), event, payload: { channel, to: destination, by: viewer.id } });
  const purpose = event === 'ADDRESS_ADD' ? 'address_add' : 'address_delete';
  try {
    if (channel === 'email') await deliverCodeByEmail(destination, code, purpose);
    else await deliverCodeBySms(destination, code, purpose);
  } catch (e) {
    console.error('[addresses] code delivery failed', e);
    throw new HttpError(502, [{ code: ERR.INTERNAL, message: t(channel === 'email' ? 'ADDR_ERR_EMAIL_FAILED' : 'ADDR_ERR_SMS_FAILED') }]);
  }
  return { id, channel, sentTo: destination, resendAfter, event };
}

/** Checks the code and does what it confirms: the address becomes active, or its deletion is done. */
export async function checkAddressCode(db: Db, viewer: Viewer, id: number, code: string): Promise<{ id: number; status: 'active' | 'deleted' }> {
  const address = await managedAddress(db, viewer, id);
  const event = eventFor(address);
  await verifyCode(db, { target: codeKey(id), event, code, consume: true });
  // Read before applying: a finished deletion takes the row with it.
  const owners = await addressOwners(db, id);
  const done = await applyConfirmation(db, viewer, address);
  if (owners) await tellAddressOwners(db, viewer, owners, done.status);
  return done;
}
