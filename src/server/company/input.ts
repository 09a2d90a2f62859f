/**
 * Input of the company calls (users, managers, contract requests), built from the shared zod pieces
 * of http/zod.ts. Field names users see in messages are in FIELD_NAMES (src/i18n/index.ts).
 */
import { LIMIT_PERIODS } from '../orders/limit-period';
import { z } from 'astro/zod';
import { zEmail, zFlag, zOptionalText, zPage, zPhone, zRequired } from '../http/zod';
import { isPermission, type Permission } from '../auth/permissions';
import { t } from '../../i18n';
import { MONTHLY_VOLUMES, type MonthlyVolume } from './volumes';

/** The largest per-order limit an admin can set (BYN): a typo guard, not a business rule. */
export const ORDER_LIMIT_MAX = 10_000_000;

/** User ids are better-auth's random strings (and the demo's readable ones). */
export const zUserId = z
  .string({ error: t('FIELD_REQUIRED') })
  .trim()
  .min(1, { message: t('FIELD_REQUIRED') })
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: t('FILLED_INCORRECTLY') });

/** A list of permission codes of auth/permissions.ts; the whole list is the field (one message, not one per row). */
const zPermissions = z
  .array(z.string(), { error: t('FILLED_INCORRECTLY') })
  .max(20)
  .refine((list) => list.every(isPermission), { message: t('COMPANY_PERMISSION_UNKNOWN') })
  .transform((list) => [...new Set(list)] as Permission[]);

/**
 * Optional per-order spending limit: a number or what people type ("1 500,50"); empty or null = no limit.
 * Kept as a 2-decimal string (money is numeric in the database).
 */
function parseLimit(v: number | string | null, ctx: z.RefinementCtx): string | null {
  if (v === null) return null;
  const text = String(v).replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: t('COMPANY_LIMIT_FORMAT') });
    return z.NEVER;
  }
  const n = Number(text);
  if (n <= 0 || n > ORDER_LIMIT_MAX) {
    ctx.addIssue({ code: 'custom', message: t('COMPANY_LIMIT_RANGE') });
    return z.NEVER;
  }
  return n.toFixed(2);
}
const zLimitRaw = z.union([z.number(), z.string(), z.null()]).optional();
const zOrderLimit = zLimitRaw.transform((v, ctx) => (v === undefined ? null : parseLimit(v, ctx)));
/** For an edit: absent = unchanged. */
const zOrderLimitEdit = zLimitRaw.transform((v, ctx) => (v === undefined ? undefined : parseLimit(v, ctx)));

/** An optional phone: empty means none. */
const zOptionalPhone = z
  .union([z.literal(''), z.null(), zPhone])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * For an edit: absent = leave as it is, empty or null = clear, else the new value. A client that
 * sends only the fields it changes never wipes the others.
 */
const keepOrClear = <S extends z.ZodType<string | null>>(schema: S) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '' || v === null ? null : (v as string)));

/** What a spending limit counts (orders/limit-period.ts). */
const zLimitPeriod = z.enum(LIMIT_PERIODS, { message: 'выберите: на заказ, в день, в неделю или в месяц' });

export const usersListInput = z.object({
  page: zPage,
  inactive: zFlag.default(false),
  search: zOptionalText(100),
});

export const getUserInput = z.object({ userId: zUserId });

export const addManagerInput = z.object({
  name: zRequired(120),
  email: zEmail,
  phone: zOptionalPhone,
  position: zOptionalText(100),
  permissions: zPermissions.optional(),
  orderLimit: zOrderLimit,
  orderLimitPeriod: zLimitPeriod.default('order'),
});
export type AddManagerInput = z.output<typeof addManagerInput>;

export const updateUserInput = z.object({
  userId: zUserId,
  name: zRequired(120).optional(),
  phone: keepOrClear(zPhone),
  position: keepOrClear(z.string().trim().max(100)),
  permissions: zPermissions.optional(),
  /** Absent = unchanged; empty or null = no limit. */
  orderLimit: zOrderLimitEdit,
  /** What the limit counts: one order, or the Minsk day, week or month (absent = unchanged). */
  orderLimitPeriod: zLimitPeriod.optional(),
});
export type UpdateUserInput = z.output<typeof updateUserInput>;

export const setBlockInput = z.object({ userId: zUserId, blocked: zFlag });

const zIban = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^BY\d{2}[A-Z0-9]{4}\d{4}[A-Z0-9]{16}$/.test(v), { message: t('COMPANY_IBAN_FORMAT') });
const zBic = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^[A-Z]{4}BY[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { message: t('COMPANY_BIC_FORMAT') });

export const contractRequestInput = z.object({
  legalAddress: zRequired(300),
  iban: zIban,
  bankName: zRequired(200),
  bic: zBic,
  contactName: zRequired(120),
  contactPhone: zPhone,
  contactEmail: zEmail,
  monthlyVolume: z.enum(Object.keys(MONTHLY_VOLUMES) as [MonthlyVolume, ...MonthlyVolume[]], { error: t('CHOOSE_FROM_LIST') }),
  comment: zOptionalText(2000),
});
export type ContractRequestInput = z.output<typeof contractRequestInput>;
