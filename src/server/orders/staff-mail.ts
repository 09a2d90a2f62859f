/**
 * «Новый заказ» to the store's orders mailbox (ORDERS_MAIL_TO): every order the store is to work on, once — when it
 * is placed, or, for a contractor's order over the buyer's limit, when the company's admin approves it (an order
 * still waiting for approval, or rejected, is not the store's to work). A seller without 1C learns of orders here;
 * the link opens the order at the desk. Callers log a failure: the order stands whether or not the mail went out.
 */
import type { Db } from '../db/client';
import { type Mail, escapeHtml as escape } from '../mail/mail';
import { queueMail } from '../notifications/outbox';
import { config, siteUrl } from '../config';
import { whereAndWhen } from '../checkout/placed';
import { formatDateTime } from '../requests/format';
import { formatPrice } from '../../lib/format';
import { paymentName } from './payment-names';
import { staffOrderDetail, type StaffOrderDetail } from './staff';


export const deskOrderUrl = (number: string) => `/desk/orders/${encodeURIComponent(number)}/`;

export function newOrderMail({ order: o, account, company }: StaffOrderDetail, link: string): Omit<Mail, 'to'> {
  const who = company ? `${company.name}, УНП ${company.unp}` : o.contact.name;
  const subject = `Новый заказ ${o.order_number} на ${formatPrice(o.totals.total)} — ${who}`;
  const facts = [
    `Покупатель: ${account ? `${account.name} (${account.email})` : 'гость, без учётной записи'}${company ? `, ${company.name}, УНП ${company.unp}` : ''}`,
    `Получатель: ${o.contact.name}, ${o.contact.phone}${o.contact.email ? `, ${o.contact.email}` : ''}`,
    whereAndWhen(o),
    `Оплата: ${paymentName(o.payment_type)}${o.payer ? `; плательщик ${o.payer.name}, УНП ${o.payer.unp}` : ''}`,
    ...(o.comment ? [`Комментарий: ${o.comment}`] : []),
  ];
  const lines = o.basket.items.map((l) => `• ${l.name} (арт. ${l.article}) — ${l.quantity} шт. × ${formatPrice(l.price)} = ${formatPrice(l.sum)}${l.on_order ? ' (под заказ)' : ''}`);
  const totals = [`Товары: ${formatPrice(o.totals.sum)}`, ...(o.totals.delivery_price ? [`Доставка: ${formatPrice(o.totals.delivery_price)}`] : []), `Итого: ${formatPrice(o.totals.total)}, в том числе НДС: ${formatPrice(o.totals.vat)}`];
  const head = `Заказ ${o.order_number} от ${formatDateTime(o.created_at)}`;
  const text = [head, '', ...facts, '', ...lines, '', ...totals, '', `Открыть в рабочем месте: ${link}`].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22;max-width:640px">
<h2 style="font-size:20px">${escape(head)}</h2>
<p>${facts.map(escape).join('<br>')}</p>
<p>${lines.map(escape).join('<br>')}</p>
<p>${totals.map(escape).join('<br>')}</p>
<p><a href="${escape(link)}">Открыть в рабочем месте</a></p></body></html>`;
  return { subject, text, html, ...(o.contact.email ? { replyTo: o.contact.email } : {}) };
}

/** Sends «Новый заказ» for this order to ORDERS_MAIL_TO; never for an order waiting for approval or refused. */
export async function mailNewOrderToStaff(db: Db, number: string): Promise<void> {
  const detail = await staffOrderDetail(db, number);
  if (detail.order.status.id === 'approval' || detail.order.status.id === 'cancelled') return;
  await queueMail(db, { ...newOrderMail(detail, `${siteUrl()}${deskOrderUrl(number)}`), to: config().ORDERS_MAIL_TO }, 'order-staff', number);
}
