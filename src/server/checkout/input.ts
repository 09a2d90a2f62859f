/**
 * The body of POST /api/order/create/: the spec's checkout state (deliveryTypeId, branchId,
 * addressId, deliveryDate, newAddress*, comment) plus contact, payment and the idempotency key.
 * Rules that need the database (dates, addresses, payer) are checked by submit.ts.
 */
import { z } from 'astro/zod';
import { addressFromFields, zAddressPart, zEmail, zId, zOptionalText, zPhone, zRequired } from '../http/zod';
import { checkAddress, type AddressFields } from '../geo/address';

/**
 * The contact fields of the checkout say what is wrong (issue 26): empty and malformed are told apart,
 * and a malformed value is answered with the format expected. Same rules as every other form (zPhone, zEmail).
 */
const blank = (v: unknown) => typeof v !== 'string' || !v.trim();
const contact = <S extends z.ZodType>(rule: S, example: string) =>
  z
    .string({ message: t('FIELD_REQUIRED') })
    .superRefine((v, ctx) => {
      if (blank(v)) ctx.addIssue({ code: 'custom', message: t('FIELD_REQUIRED') });
      else if (!rule.safeParse(v).success) ctx.addIssue({ code: 'custom', message: `${t('FILLED_INCORRECTLY')}, ожидается формат ${example}` });
    })
    .transform((v) => rule.parse(v) as z.output<S>);
export const PHONE_EXAMPLE = '+375 29 123-45-67';
export const EMAIL_EXAMPLE = 'ivan@example.by';
const zContactPhone = contact(zPhone, PHONE_EXAMPLE);
const zContactEmail = contact(zEmail, EMAIL_EXAMPLE);
import { t } from '../../i18n';

const zIdList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(zId).max(1000)).default([]);

export const orderInput = z
  .object({
    /** Client-chosen key (a UUID from GET /web/orderCheckout/ sessid): the same key never makes two orders. */
    idempotencyKey: z.string().trim().regex(/^[A-Za-z0-9-]{16,64}$/, { message: t('CHECKOUT_ERR_KEY') }),
    deliveryTypeId: z.enum(['1', '2']).default('2'),
    branchId: zId.optional(),
    addressId: zId.optional(),
    /**
     * A new address as fields (issue 30, decision 0280). `newAddressAddress` alone (an old client) is
     * refused with a 422 naming the missing fields; `newAddressRegion` comes with a picked locality.
     */
    newAddressAddress: zAddressPart,
    newAddressCity: zAddressPart,
    newAddressRegion: zAddressPart,
    newAddressStreet: zAddressPart,
    newAddressHouse: zAddressPart,
    newAddressBuilding: zAddressPart,
    newAddressFlat: zAddressPart,
    newAddressEntrance: zAddressPart,
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: t('CHECKOUT_ERR_DATE') })
      .optional(),
    name: zRequired(120),
    phone: zContactPhone,
    email: zContactEmail,
    comment: zOptionalText(1000),
    payment: z.enum(['cash', 'card', 'invoice', 'online', 'erip'], { message: t('CHECKOUT_ERR_PAYMENT') }).default('cash'),
    payerCompanyId: zId.optional(),
    /** Products the buyer saw as "под заказ" and accepted without stock. */
    onOrder: zIdList,
    /**
     * The total the buyer saw (GET /web/orderCheckout/ `delivery_totals[type].total`); required, so no order is
     * ever charged a price changed after the buyer looked (issue 28 #11): when prices moved meanwhile the order
     * is refused with the new total.
     */
    expectedTotal: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ message: t('CHECKOUT_ERR_EXPECTED_TOTAL') }).nonnegative({ message: t('CHECKOUT_ERR_EXPECTED_TOTAL') }).max(100_000_000, { message: t('CHECKOUT_ERR_EXPECTED_TOTAL') }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.deliveryTypeId === '1' && !v.branchId) ctx.addIssue({ code: 'custom', path: ['branchId'], message: t('CHECKOUT_ERR_CHOOSE_BRANCH') });
    if (v.deliveryTypeId === '2') {
      // Every wrong field of a new address is named, alongside the other fields' errors.
      if (!v.addressId) addressFromFields(rawAddress(v), ctx, NEW_ADDRESS_NAMES);
      if (!v.deliveryDate) ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: t('CHECKOUT_ERR_CHOOSE_DATE') });
    }
    if (v.payment === 'invoice' && !v.payerCompanyId) ctx.addIssue({ code: 'custom', path: ['payerCompanyId'], message: t('CHECKOUT_ERR_CHOOSE_PAYER') });
  })
  .transform((v) => {
    // Delivery to a new address: its fields, normalised (checked above); a saved address (addressId) is checked by submit.ts.
    let newAddress: AddressFields | null = null;
    if (v.deliveryTypeId === '2' && !v.addressId) {
      const r = checkAddress(rawAddress(v), v.newAddressRegion);
      if ('fields' in r) newAddress = r.fields;
    }
    return { ...v, newAddress };
  });

type RawNew = { newAddressAddress?: string; newAddressCity?: string; newAddressRegion?: string; newAddressStreet?: string; newAddressHouse?: string; newAddressBuilding?: string; newAddressFlat?: string; newAddressEntrance?: string };
function rawAddress(v: RawNew) {
  return { address: v.newAddressAddress, city: v.newAddressCity, region: v.newAddressRegion, street: v.newAddressStreet, house: v.newAddressHouse, building: v.newAddressBuilding, flat: v.newAddressFlat, entrance: v.newAddressEntrance };
}

const NEW_ADDRESS_NAMES = { address: 'newAddressAddress', city: 'newAddressCity', street: 'newAddressStreet', house: 'newAddressHouse', building: 'newAddressBuilding', flat: 'newAddressFlat', entrance: 'newAddressEntrance' } as const;

export type OrderInput = z.output<typeof orderInput>;
