/**
 * What `POST /api/deliveryAddresses/` accepts (spec §7): one `action` and its fields. The action is
 * checked first, so a wrong or missing one gets one clear message instead of every field's.
 */
import { z } from 'astro/zod';
import { ERR, HttpError, zodErrors } from '../http/api';
import { addressFromFields, zAddressPart, zEmail, zFlag, zId, zPhone, zVerifyCode } from '../http/zod';
import { fieldName, t } from '../../i18n';
import { checkAddress } from '../geo/address';

export const ADDRESS_ACTIONS = [
  'requestAdd',
  'requestDelete',
  'cancelDelete',
  'sendVerifyCodeEmail',
  'sendVerifyCodeSMS',
  'checkVerifyCode',
  'setEmailNotifyStatus',
  'setPhoneNotifyStatus',
  'changeEmail',
  'changePhone',
  'changeEmailAll',
  'changePhoneAll',
] as const;
export type AddressAction = (typeof ADDRESS_ACTIONS)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalEmail = z.preprocess(blankToUndefined, zEmail.optional());
const optionalPhone = z.preprocess(blankToUndefined, zPhone.optional());
/** A contact to set or, when empty, to clear (null). */
const emailOrClear = z.preprocess((v) => (v === '' ? null : v), zEmail.nullable());
const phoneOrClear = z.preprocess((v) => (v === '' ? null : v), zPhone.nullable());
const ADDRESS_NAMES = { address: 'address', city: 'city', street: 'street', house: 'house', building: 'building', flat: 'flat', entrance: 'entrance' } as const;
const common = { sessid: z.string().max(100).optional() };
const byId = { id: zId, ...common };

export const actionSchemas = {
  /**
   * Structured fields (issue 30, decision 0280); `region` comes with a picked suggestion (names repeat
   * across regions). `address` alone (an old client) is refused with a 422 naming the missing fields.
   * `replaces`: the unstructured address this one completes (deleted when this one is confirmed).
   */
  requestAdd: z
    .object({
      address: zAddressPart,
      city: zAddressPart,
      region: zAddressPart,
      street: zAddressPart,
      house: zAddressPart,
      building: zAddressPart,
      flat: zAddressPart,
      entrance: zAddressPart,
      phone: optionalPhone,
      email: optionalEmail,
      replaces: z.preprocess(blankToUndefined, zId.optional()),
      ...common,
    })
    // A check (not a transform): the address fields are named even when a contact is wrong too.
    .superRefine((v, ctx) => void addressFromFields(v, ctx, ADDRESS_NAMES))
    .transform((v) => {
      const r = checkAddress(v, v.region);
      return { fields: 'fields' in r ? r.fields : (null as never), phone: v.phone, email: v.email, replaces: v.replaces };
    }),
  requestDelete: z.object(byId),
  cancelDelete: z.object(byId),
  sendVerifyCodeEmail: z.object({ ...byId, email: optionalEmail }),
  sendVerifyCodeSMS: z.object({ ...byId, phone: zPhone }),
  checkVerifyCode: z.object({ ...byId, code: zVerifyCode }),
  setEmailNotifyStatus: z.object({ ...byId, status: zFlag }),
  setPhoneNotifyStatus: z.object({ ...byId, status: zFlag }),
  changeEmail: z.object({ ...byId, email: emailOrClear }),
  changePhone: z.object({ ...byId, phone: phoneOrClear }),
  changeEmailAll: z.object({ email: optionalEmail, status: zFlag.optional(), ...common }),
  changePhoneAll: z.object({ phone: optionalPhone, status: zFlag.optional(), ...common }),
} satisfies Record<AddressAction, z.ZodType>;

export type ActionInput = { [A in AddressAction]: { action: A } & z.output<(typeof actionSchemas)[A]> }[AddressAction];

const actionOnly = z.object({ action: z.enum(ADDRESS_ACTIONS) });

/** Parses a raw request body into one action with its fields, or throws a Russian 422. */
export function parseAddressAction(raw: Record<string, unknown>): ActionInput {
  if (raw.action === undefined || raw.action === null || raw.action === '') throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'action', message: `${fieldName('action')}: ${t('FIELD_REQUIRED')}` }]);
  const head = actionOnly.safeParse(raw);
  if (!head.success) throw new HttpError(422, zodErrors(head.error));
  const action = head.data.action;
  const body = actionSchemas[action].safeParse(raw);
  if (!body.success) throw new HttpError(422, zodErrors(body.error));
  const data = body.data as Record<string, unknown>;
  if ((action === 'changeEmailAll' || action === 'changePhoneAll') && data[action === 'changeEmailAll' ? 'email' : 'phone'] === undefined && data.status === undefined) {
    throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'status', message: t('ADDR_ERR_ALL_NOTHING') }]);
  }
  return { action, ...data } as ActionInput;
}
