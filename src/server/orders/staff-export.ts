/**
 * «Выгрузить в Excel» at /desk/orders/: the orders under the desk's filter (status, search, period), one row each, for
 * a seller's accounting without 1C or a month's report. Newest first, as the list. The file is built in memory, so it
 * is capped at STAFF_EXPORT_MAX orders: past that the call refuses in Russian and asks for a shorter period.
 */
import { desc, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import type { Db } from '../db/client';
import { branches, companies, orderItems, orders, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { PAYMENT_STATUS_NAMES, type PaymentStatus } from '../payments/view';
import { MINSK_OFFSET_MS } from '../../lib/format';
import { paymentName } from './payment-names';
import { staffOrderWhere, statusNames, type StaffOrderFilter } from './staff';

export const STAFF_EXPORT_MAX = 20_000;

const COLUMNS = [
  ['Номер', 14],
  ['Дата', 17],
  ['Статус', 16],
  ['Покупатель', 24],
  ['E-mail', 26],
  ['Компания', 30],
  ['УНП', 11],
  ['Телефон', 18],
  ['Получение', 40],
  ['Оплата', 26],
  ['Оплата онлайн', 16],
  ['Позиций', 9],
  ['Сумма, р.', 12],
  ['НДС, р.', 11],
  ['Комментарий', 40],
] as const;

export async function staffOrdersXlsx(db: Db, filter: StaffOrderFilter): Promise<Buffer> {
  const names = await statusNames(db);
  const rows = await db
    .select({
      o: orders,
      buyer: users.name,
      email: users.email,
      company: companies.name,
      unp: companies.unp,
      branch: branches.name,
      items: db.$count(orderItems, eq(orderItems.orderId, orders.id)),
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .where(staffOrderWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STAFF_EXPORT_MAX + 1);
  if (rows.length > STAFF_EXPORT_MAX)
    throw new HttpError(422, [{ code: ERR.VALIDATION, message: `В выгрузке больше ${STAFF_EXPORT_MAX.toLocaleString('ru-RU')} заказов: выберите период короче или статус` }]);
  const head = COLUMNS.map(([value]) => ({ value, fontWeight: 'bold' as const }));
  const text = (value: string | null | undefined) => ({ value: value ?? '' });
  const money = (value: string) => ({ value: Number(value), type: Number, format: '#,##0.00' });
  const data = [
    head,
    ...rows.map(({ o, buyer, email, company, unp, branch, items }) => [
      text(o.number),
      // Excel has no time zones: the Minsk wall-clock time, as the desk shows it.
      { value: new Date(o.createdAt.getTime() + MINSK_OFFSET_MS), type: Date, format: 'dd.mm.yyyy hh:mm' },
      text(names.get(o.status) ?? o.status),
      text(buyer ?? o.contactName),
      text(email ?? o.contactEmail),
      text(company),
      text(unp),
      text(o.contactPhone),
      text(o.deliveryTypeId === '1' ? `Самовывоз: ${branch ?? ''}` : `Доставка: ${o.deliveryAddress ?? ''}`),
      text(paymentName(o.paymentType)),
      text(o.paymentStatus ? PAYMENT_STATUS_NAMES[o.paymentStatus as PaymentStatus] : ''),
      { value: Number(items), type: Number },
      money(o.total),
      money(o.vat),
      text(o.comment),
    ]),
  ];
  return writeXlsxFile(data, { columns: COLUMNS.map(([, width]) => ({ width })), sheet: 'Заказы', stickyRowsCount: 1 }).toBuffer();
}
