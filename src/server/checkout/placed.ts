/**
 * What happens after an order is committed: the Russian confirmation e-mail (HTML and text, the
 * invoice PDF attached for invoice orders), a notification in the buyer's account and, for an order
 * waiting for approval, a notification and e-mail to the company's active admins (orders/approval.ts). E-mails go
 * through the message outbox (notifications/outbox.ts): sent a moment later, retried if the mail server fails.
 * Failures here are logged by the caller: the order stands whether or not a message was written.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { type Mail, escapeHtml as escape } from '../mail/mail';
import { queueMail } from '../notifications/outbox';
import { notify } from '../notifications/notify';
import type { Viewer } from '../http/guard';
import { loadOrder, orderUrl, type OrderDetail } from '../orders/read';
import { invoicePdf } from '../orders/invoice';
import { notifyApprovers } from '../orders/approval';
import { formatPrice } from '../../lib/format';
import { BRAND_RED, SUPPORT_PHONE } from '../../config/constants';
import { t } from '../../i18n';
import { longDate } from './calendar';
import { siteUrl } from '../config';

const site = () => siteUrl();

const PAYMENT: Record<string, string> = { cash: 'наличными при получении', card: 'картой при получении', invoice: 'по счёту (безналичный расчёт)', online: 'банковской картой онлайн', erip: 'через ЕРИП' };

/** "Где и когда" in one line, for the e-mail and the confirmation page. */
export function whereAndWhen(o: OrderDetail): string {
  const when = o.delivery.date ? longDate(o.delivery.date) : '—';
  if (o.delivery.type === '1') return `Самовывоз: ${o.delivery.branch?.name ?? ''}, ${o.delivery.branch?.address ?? ''}. Можно забрать с ${when} (${o.delivery.branch?.hours ?? ''})`;
  return `Доставка: ${o.delivery.address ?? ''}. Дата доставки: ${when}`;
}

export function confirmationMail(o: OrderDetail, link: string): Omit<Mail, 'to'> {
  const waiting = o.status.id === 'approval';
  const subject = `${t('ORDER')} ${o.order_number} ${waiting ? 'ожидает согласования' : 'принят'} — ${t('SITE_NAME')}`;
  const lines = o.basket.items.map((l) => `• ${l.name} (арт. ${l.article}) — ${l.quantity} шт. × ${formatPrice(l.price)} = ${formatPrice(l.sum)}${l.on_order ? ' (под заказ)' : ''}`);
  const intro = waiting ? t('CHECKOUT_MAIL_WAITING') : t('CHECKOUT_MAIL_ACCEPTED');
  const totals = [`Товары: ${formatPrice(o.totals.sum)}`, ...(o.totals.delivery_price ? [`Доставка: ${formatPrice(o.totals.delivery_price)}`] : []), `Итого: ${formatPrice(o.totals.total)}, в том числе НДС 20 %: ${formatPrice(o.totals.vat)}`];
  const pay = `Оплата: ${PAYMENT[o.payment_type] ?? o.payment_type}${o.payment_type === 'invoice' ? '. Счёт на оплату — во вложении и в личном кабинете.' : o.payment?.status === 'awaiting' ? `. Заказ ждёт оплаты: оплатите по ссылке на заказ${o.payment.method === 'erip' && o.payment.erip ? ` или в ЕРИП, номер заказа ${o.payment.erip.account_number}` : ''}.` : '.'}`;
  const text = [`Здравствуйте, ${o.contact.name}!`, '', `${intro}`, `Номер заказа: ${o.order_number}`, '', ...lines, '', ...totals, '', whereAndWhen(o), pay, '', `Заказ на сайте: ${link}`, '', `${t('SITE_NAME')}, ${t('SUPPORT_PHONE_LABEL').toLowerCase()} ${SUPPORT_PHONE}`].join('\n');
  const row = (l: OrderDetail['basket']['items'][number]) =>
    `<tr><td style="padding:6px;border-bottom:1px solid #e1e4e8">${escape(l.name)}<br><span style="color:#5a6068;font-size:12px">арт. ${escape(l.article)}${l.on_order ? ' · под заказ' : ''}</span></td><td style="padding:6px;border-bottom:1px solid #e1e4e8;text-align:right;white-space:nowrap">${l.quantity} шт.</td><td style="padding:6px;border-bottom:1px solid #e1e4e8;text-align:right;white-space:nowrap">${escape(formatPrice(l.sum))}</td></tr>`;
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22;max-width:640px">
<p>Здравствуйте, ${escape(o.contact.name)}!</p>
<p>${escape(intro)}</p>
<h2 style="font-size:20px">${t('ORDER')} ${escape(o.order_number)}</h2>
<table style="border-collapse:collapse;width:100%;font-size:14px">${o.basket.items.map(row).join('')}</table>
<p>${totals.map(escape).join('<br>')}</p>
<p>${escape(whereAndWhen(o))}<br>${escape(pay)}</p>
<p><a href="${escape(link)}" style="color:${BRAND_RED}">Открыть заказ на сайте</a></p>
<p style="color:#5a6068">${escape(t('SITE_NAME'))}, ${SUPPORT_PHONE}</p></body></html>`;
  return { subject, text, html };
}

export async function afterOrderPlaced(db: Db, orderId: number, viewer: Viewer | null): Promise<void> {
  const [row] = await db.select({ number: orders.number, companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return;
  const o = await loadOrder(db, viewer, eq(orders.id, orderId), row.number, { page: 1, pageSize: 1000 });
  const link = `${site()}${viewer ? orderUrl(o.order_number) : `/checkout/${encodeURIComponent(o.order_number)}/`}`;
  if (o.contact.email) {
    const mail = confirmationMail(o, link);
    const attachments = o.payment_type === 'invoice' ? [{ filename: `schet-${o.order_number}.pdf`, content: await invoicePdf(db, orderId), contentType: 'application/pdf' }] : undefined;
    await queueMail(db, { ...mail, to: o.contact.email, attachments }, 'order', o.order_number);
  }
  if (viewer) await notify(db, { userId: viewer.id, kind: 'order', title: `${t('ORDER')} ${o.order_number}: ${o.status.name.toLowerCase()}`, text: t('CHECKOUT_NOTIFY_PLACED'), href: orderUrl(o.order_number) });
  if (o.status.id === 'approval' && row.companyId) await notifyApprovers(db, { number: o.order_number, companyId: row.companyId, buyer: o.buyer, total: o.totals.total, href: orderUrl(o.order_number) }, site());
}
