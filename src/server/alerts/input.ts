/** The alerts' call inputs (zod) and their Russian field names: numbers as typed in a form («1 234,50»), a form's checkbox. */
import { z } from 'astro/zod';
import { zId } from '../http/zod';
import { isValidEmail } from '../auth/validation';
import { t } from '../../i18n';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const money = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s\u00a0]/g, '').replace(',', '.') : v);

export const subscribeInput = z.object({
  product_id: zId,
  kind: z.enum(['stock', 'price']),
  price: z.preprocess((v) => blank(money(v)), z.coerce.number().positive().max(10_000_000).transform((n) => Math.round(n * 100) / 100).refine((n) => n >= 0.01, { message: t('FILLED_INCORRECTLY') }).optional()),
  branch_id: z.preprocess(blank, zId.optional()),
  email: z.preprocess(blank, z.string().trim().max(254).refine(isValidEmail, { message: t('FILLED_INCORRECTLY') }).optional()),
  sms: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === true || v === 'on' || v === 'Y' || v === '1' || v === 'true' ? true : v === false || v === 'N' || v === '0' || v === 'false' ? false : v), z.boolean().optional()),
  /** A plain form's page to come back to. */
  back: z.string().max(500).optional(),
  captcha: z.string().max(5000).optional(),
  sessid: z.string().max(100).optional(),
});

export const unsubscribeInput = z.object({
  id: z.preprocess(blank, zId.optional()),
  /** The signed key of an e-mail's unsubscribe link (then no sign-in is needed). */
  key: z.string().max(100).optional(),
  back: z.string().max(500).optional(),
  sessid: z.string().max(100).optional(),
});

export const ALERT_LABELS: Record<string, string> = { product_id: 'Товар', kind: 'Вид подписки', price: 'Цена', branch_id: 'Филиал', email: 'Эл. почта', sms: 'Сообщение по SMS', back: 'Адрес возврата', key: 'Ссылка', id: 'Подписка', captcha: 'Проверка', sessid: 'Сессия' };
