/** The order number as callers send it ("ИН-20001"); anything else cannot be an order. */
import { z } from 'astro/zod';
import { t } from '../../i18n';
import { notFoundError } from '../http/ownership';
import { zId } from '../http/zod';

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

/**
 * What the buyer ticked in «Повторить заказ»'s preview (issue 30): products (a line's, or the
 * substitute offered for one) and quantities. Whether each is offered is the service's check.
 */
export const zCopySelection = z
  .array(z.object({ product: zId, quantity: z.coerce.number({ error: t('FILLED_INCORRECTLY') }).int({ error: t('FILLED_INCORRECTLY') }).min(1, { error: t('ORDER_COPY_ERR_QUANTITY') }).max(9999, { error: t('ORDER_COPY_ERR_QUANTITY') }) }))
  .min(1, { error: t('ORDER_COPY_ERR_EMPTY') })
  .max(500)
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((l, i) => {
      if (seen.has(l.product)) ctx.addIssue({ code: 'custom', path: [i, 'product'], message: t('ORDER_COPY_ERR_TWICE') });
      seen.add(l.product);
    });
  });
