/**
 * What the account calls accept (spec §5 rules through the shared zod pieces of http/zod.ts).
 * Messages are plain Russian; parseInput() puts the form's field name in front (FIELD_NAMES).
 */
import { z } from 'astro/zod';
import { t } from '../../i18n';
import { zEmail, zFlag, zNewPassword, zPhone, zRequired, zVerifyCode } from '../http/zod';
import { normalizeUnp, unpProblem } from './unp';

const UNP_MESSAGES = { format: 'ACC_UNP_FORMAT', region: 'ACC_UNP_REGION', check_digit: 'ACC_UNP_CHECK_DIGIT' } as const;

/** A typed password (login, old password): any characters, bounded; the rules apply to new ones only. */
const zPassword = z.string().min(1).max(128);

/**
 * The consent checkbox: a form sends "on"/"Y", JSON may send true. A missing or unticked box is a
 * refinement (not a type error), so the form's other rules (УНП, passwords) are still reported.
 */
const zConsent = z
  .union([z.string().max(10), z.boolean()], { error: t('ACC_AGREE_REQUIRED') })
  .refine((v) => v === 'Y' || v === 'on' || v === true, { message: t('ACC_AGREE_REQUIRED') });

const samePassword = (v: { password: string; confirm_password: string }, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: t('PASSWORDS_DIFFER') });
};

export const registrationInput = z
  .object({
    type: z.enum(['retail', 'business'], { error: t('ACC_CHOOSE_TYPE') }).default('retail'),
    name: zRequired(100),
    email: zEmail,
    phone: zPhone,
    password: zNewPassword,
    confirm_password: z.string().max(128),
    agree: zConsent,
    unp: z.string().max(40).transform(normalizeUnp).optional(),
    company_name: z.string().trim().max(200).optional(),
    legal_address: z.string().trim().max(300).optional(),
    captcha: z.string().min(1).max(20_000),
  })
  .superRefine((v, ctx) => {
    samePassword(v, ctx);
    if (v.type !== 'business') return;
    const problem = v.unp ? unpProblem(v.unp) : 'format';
    if (!v.unp) ctx.addIssue({ code: 'custom', path: ['unp'], message: t('FIELD_REQUIRED') });
    else if (problem) ctx.addIssue({ code: 'custom', path: ['unp'], message: t(UNP_MESSAGES[problem]) });
    if (!v.company_name) ctx.addIssue({ code: 'custom', path: ['company_name'], message: t('FIELD_REQUIRED') });
    if (!v.legal_address) ctx.addIssue({ code: 'custom', path: ['legal_address'], message: t('FIELD_REQUIRED') });
  });
export type RegistrationInput = z.output<typeof registrationInput>;

/** Spec §7 sendVerifyCode: the two public events. */
export const PUBLIC_CODE_EVENTS = ['USER_VERIFY_CODE', 'PASSWORD_CHANGE_VERIFY'] as const;
export type PublicCodeEvent = (typeof PUBLIC_CODE_EVENTS)[number];

export const sendCodeInput = z.object({ email: zEmail, event: z.enum(PUBLIC_CODE_EVENTS) });
export const checkCodeInput = z.object({ email: zEmail, code: zVerifyCode, event: z.enum(PUBLIC_CODE_EVENTS).optional() });
export const confirmRegistrationInput = z.object({ email: zEmail, code: zVerifyCode });

export const restoreInput = z
  .object({ email: zEmail, code: zVerifyCode, password: zNewPassword, confirm_password: z.string().max(128), remember: zFlag.default(true) })
  .superRefine(samePassword);

export const passwordChangeInput = z
  .object({
    old_password: zPassword.optional(),
    code: zVerifyCode.optional(),
    password: zNewPassword,
    confirm_password: z.string().max(128),
  })
  .superRefine(samePassword);

export const profileUpdateInput = z.object({
  name: zRequired(100).optional(),
  email: zEmail.optional(),
  phone: zPhone.optional(),
  code: zVerifyCode.optional(),
});

export const orderStatusInput = z.object({
  send_status: zFlag,
  /** Status codes to be told about, plus "sms" for an SMS copy. A single value may come as a string. */
  checkboxes: z
    .union([z.array(z.string().max(40)).max(20), z.string().max(40)])
    .default([])
    .transform((v) => (Array.isArray(v) ? v : v ? [v] : [])),
});

export const joinDecisionInput = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), approve: zFlag });
