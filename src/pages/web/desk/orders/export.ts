import { z } from 'astro/zod';
import { parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { ORDER_STATUS } from '../../../../server/orders/status';
import { isIsoDay } from '../../../../server/orders/staff';
import { staffOrdersXlsx } from '../../../../server/orders/staff-export';

const day = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDay(v), { message: 'укажите дату в виде ГГГГ-ММ-ДД' });
const input = z
  .object({
    status: z.union([z.literal(''), z.enum(Object.keys(ORDER_STATUS) as [string, ...string[]])]).optional(),
    q: z.string().trim().max(40).optional(),
    from: day(),
    to: day(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'не раньше даты начала', path: ['to'] });

/** GET /web/desk/orders/export/?status=&q=&from=&to= (staff with `orders`): the desk's filtered orders as an Excel file. */
export const GET = authed({ staff: 'orders' }, async (ctx) => {
  const f = await parseInput(ctx, input, { status: 'Статус', q: 'Поиск', from: 'Период с', to: 'Период по' });
  const file = await staffOrdersXlsx(await getDb(), { status: f.status || undefined, q: f.q || undefined, from: f.from, to: f.to });
  const name = `zakazy${f.from ? `-s-${f.from}` : ''}${f.to ? `-po-${f.to}` : ''}.xlsx`;
  return new Response(new Uint8Array(file), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  });
});
