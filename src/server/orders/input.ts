/** The order number as callers send it ("ИН-20001"); anything else cannot be an order. */
import { z } from 'astro/zod';
import { t } from '../../i18n';
import { notFoundError } from '../http/ownership';

export const zOrderNumber = z
  .string({ error: t('FIELD_REQUIRED') })
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\d-]+$/u, { message: t('FILLED_INCORRECTLY') });

/** An order number from the URL: one that cannot exist answers 404 like one that is not yours. */
export function orderNumberParam(value: string | undefined): string {
  const r = zOrderNumber.safeParse(value ?? '');
  if (!r.success) throw notFoundError(t('ORDER_NOT_FOUND'));
  return r.data;
}
