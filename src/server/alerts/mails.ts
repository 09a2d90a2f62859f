/** The alerts' e-mails: a guest's confirmation, and the messages (stock arrived, price fell), each with its unsubscribe link. */
import { sendMail, escapeHtml as escape, type Mail } from '../mail/mail';
import { siteUrl } from '../config';
import { t } from '../../i18n';
import { confirmUrl, unsubscribeUrl } from './tokens';

const fill = (code: string, vars: Record<string, string>) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), t(code));

type Link = { href: string; label: string };

function letter(paragraphs: string[], main: Link, unsubscribe: Link): { text: string; html: string } {
  const text = ['Здравствуйте!', ...paragraphs, `${main.label}: ${main.href}`, `${unsubscribe.label}: ${unsubscribe.href}`, t('SITE_NAME')].join('\n\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22">
<p>Здравствуйте!</p>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}
<p><a href="${escape(main.href)}">${escape(main.label)}</a></p>
<p style="color:#5a6068;font-size:13px"><a href="${escape(unsubscribe.href)}" style="color:#5a6068">${escape(unsubscribe.label)}</a></p><p>${escape(t('SITE_NAME'))}</p></body></html>`;
  return { text, html };
}

/** The guest's confirmation: nothing else goes to the address until the link is followed. */
export async function mailConfirm(email: string, alertId: number, kind: 'stock' | 'price', productName: string): Promise<void> {
  const what = t(kind === 'stock' ? 'CONFIRM_WHAT_STOCK' : 'CONFIRM_WHAT_PRICE');
  const body = letter([fill('ALERT_MAIL_CONFIRM_TEXT', { what, name: productName })], { href: confirmUrl(alertId), label: t('ALERT_MAIL_CONFIRM_LINK') }, { href: unsubscribeUrl(alertId), label: t('ALERT_MSG_UNSUBSCRIBE') });
  await sendMail({ to: email, subject: `${t('ALERT_MAIL_CONFIRM_SUBJECT')} — ${t('SITE_NAME')}`, ...body }, 'alert-confirm');
}

/** A message: the same title and text as the site notification, the product's link and the unsubscribe link (queued by the sender). */
export function alertMail(email: string, alertId: number, title: string, text: string, productPath: string): Mail {
  const body = letter([text], { href: `${siteUrl()}${productPath}`, label: t('ALERT_MSG_OPEN') }, { href: unsubscribeUrl(alertId), label: t('ALERT_MSG_UNSUBSCRIBE') });
  return { to: email, subject: `${title} — ${t('SITE_NAME')}`, ...body };
}
