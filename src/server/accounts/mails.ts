/**
 * The account notices that carry no code: "this address already has an account", "your address
 * was offered for another account", "your e-mail / password changed". Russian text and HTML.
 * Code e-mails are delivery.ts's.
 */
import { sendMail, escapeHtml as escape } from '../mail/mail';
import { t } from '../../i18n';
import { siteUrl } from '../config';

const site = () => siteUrl();

async function notice(to: string, subject: string, paragraphs: string[], link: { href: string; label: string } | null, tag: string) {
  const text = ['Здравствуйте!', ...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), t('ACC_MAIL_IGNORE'), t('SITE_NAME')].join('\n\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22">
<p>Здравствуйте!</p>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}
${link ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : ''}
<p style="color:#5a6068">${escape(t('ACC_MAIL_IGNORE'))}</p><p>${escape(t('SITE_NAME'))}</p></body></html>`;
  await sendMail({ to, subject: `${subject} — ${t('SITE_NAME')}`, text, html }, tag);
}

const restoreLink = (email: string) => ({ href: `${site()}/restore/?email=${encodeURIComponent(email)}`, label: 'Восстановить пароль' });

export const mailAlreadyRegistered = (email: string) => notice(email, t('ACC_MAIL_EXISTS_SUBJECT'), [t('ACC_MAIL_EXISTS_TEXT')], restoreLink(email), 'account-exists');

export const mailAddressTaken = (email: string) => notice(email, t('ACC_MAIL_TAKEN_SUBJECT'), [t('ACC_MAIL_TAKEN_TEXT')], null, 'account-address-taken');

export const mailEmailChanged = (oldEmail: string, newEmail: string) =>
  notice(oldEmail, t('ACC_MAIL_EMAIL_CHANGED_SUBJECT'), [`${t('ACC_MAIL_EMAIL_CHANGED_TEXT')} ${newEmail}.`], null, 'account-email-changed');

export const mailPasswordChanged = (email: string) => notice(email, t('ACC_MAIL_PASSWORD_CHANGED_SUBJECT'), [t('ACC_MAIL_PASSWORD_CHANGED_TEXT')], restoreLink(email), 'account-password-changed');

/**
 * Sends without making the caller wait. The public calls answer in the same time whether a message
 * went out or not (an SMTP round trip would tell an account exists); a failed send is logged.
 */
export function sendLater(what: string, send: () => Promise<unknown>): void {
  void Promise.resolve()
    .then(send)
    .catch((e) => console.error(`[accounts] ${what} failed`, e));
}
