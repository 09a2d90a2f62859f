/** The public forms' inputs (spec §5 rules from auth/validation reused), shared by endpoints and tests. */
import { z } from 'astro/zod';
import { isValidPhone } from '../auth/validation';
import { zEmail, zOptionalText, zPhone, zRequired } from '../http/zod';
import { t } from '../../i18n';

/** Callback topics: /callback/{slugCallback}/ preselects one. */
export const CALLBACK_TOPICS = [
  { slug: 'zakaz', name: 'Оформление и статус заказа', title: 'Обратный звонок по заказу' },
  { slug: 'podbor', name: 'Подбор инструмента', title: 'Консультация по подбору инструмента' },
  { slug: 'opt', name: 'Оптовые закупки и договор', title: 'Обратный звонок для оптовых покупателей' },
  { slug: 'servis', name: 'Сервис и гарантийный ремонт', title: 'Обратный звонок по сервису и ремонту' },
] as const;
export type CallbackTopic = (typeof CALLBACK_TOPICS)[number]['slug'];
export const topicBySlug = (slug: string) => CALLBACK_TOPICS.find((x) => x.slug === slug) ?? null;

const captcha = z.string({ error: t('CONTENT_CAPTCHA_FAILED') }).min(1, { message: t('CONTENT_CAPTCHA_FAILED') }).max(5000);

export const callbackInput = z.object({
  name: zRequired(100),
  phone: zPhone,
  topic: z
    .string()
    .optional()
    .transform((v) => v || 'podbor')
    .refine((v) => !!topicBySlug(v), { message: t('CONTENT_TOPIC_UNKNOWN') }),
  comment: zOptionalText(1000),
  captcha,
});

export const feedbackInput = z.object({
  name: zRequired(100),
  email: zEmail,
  phone: z
    .string()
    .trim()
    .max(32)
    .optional()
    .refine((v) => !v || isValidPhone(v), { message: t('FILLED_INCORRECTLY') })
    .transform((v) => v || undefined),
  message: zRequired(3000),
  captcha,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A purchase date: not in the future (a day of slack for time zones) and not older than five years. */
export const zPurchaseDate = (now = () => new Date()) =>
  z
    .string({ error: t('FIELD_REQUIRED') })
    .trim()
    .min(1, { message: t('FIELD_REQUIRED') })
    .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { message: t('CONTENT_DATE_INVALID') })
    .refine((v) => !ISO_DATE.test(v) || Date.parse(`${v}T00:00:00Z`) <= now().getTime() + 86_400_000, { message: t('CONTENT_DATE_FUTURE') })
    .refine((v) => !ISO_DATE.test(v) || Date.parse(`${v}T00:00:00Z`) >= now().getTime() - 5 * 366 * 86_400_000, { message: t('CONTENT_DATE_TOO_OLD') });

export const guaranteeInput = z.object({
  product: zRequired(200),
  serial: zRequired(40).refine((v) => /^[A-Za-z0-9][A-Za-z0-9\-/ ]*$/.test(v), { message: t('CONTENT_SERIAL_INVALID') }),
  purchaseDate: zPurchaseDate(),
  shop: zRequired(200),
  name: zRequired(100),
  phone: zPhone,
  email: zEmail,
  comment: zOptionalText(1000),
  captcha,
});

export const FORM_FIELD_LABELS: Record<string, string> = {
  name: t('CONTENT_FIELD_NAME'),
  phone: t('CONTENT_FIELD_PHONE'),
  email: t('CONTENT_FIELD_EMAIL'),
  topic: t('CONTENT_FIELD_TOPIC'),
  comment: t('CONTENT_FIELD_COMMENT'),
  message: t('CONTENT_FIELD_MESSAGE'),
  product: t('CONTENT_FIELD_PRODUCT'),
  serial: t('CONTENT_FIELD_SERIAL'),
  purchaseDate: t('CONTENT_FIELD_PURCHASE_DATE'),
  shop: t('CONTENT_FIELD_SHOP'),
  captcha: t('CONTENT_FIELD_CAPTCHA'),
};
