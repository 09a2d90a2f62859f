/**
 * The company area's messages to people: the invitation of a new manager, and the notices of being
 * blocked or unblocked. Russian, HTML and plain text, worded in one place.
 */
import { sendMail, type Mail, escapeHtml as escape } from '../mail/mail';
import { t } from '../../i18n';
import { siteUrl as configuredSiteUrl } from '../config';

export const siteUrl = () => configuredSiteUrl().replace(/\/+$/, '');

/** Where an invited user starts: the login page with their e-mail filled in (first authorization, spec §4). */
export const invitationLink = (email: string) => `${siteUrl()}/login/?email=${encodeURIComponent(email)}`;

function page(paragraphs: string[], button?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  const btn = button
    ? `<p><a href="${escape(button.href)}" style="display:inline-block;background:#d71920;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${escape(button.label)}</a></p>
<p style="color:#5a6068;font-size:13px">Если кнопка не открывается, скопируйте ссылку в браузер: ${escape(button.href)}</p>`
    : '';
  return `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22;line-height:1.45">
${body}
${btn}
<p>${escape(t('SITE_NAME'))}</p></body></html>`;
}

export type Invitation = { to: string; name: string; companyName: string; adminName: string; position: string | null };

export function invitationMail(i: Invitation): Mail {
  const link = invitationLink(i.to);
  const role = i.position ? ` (${i.position})` : '';
  const subject = `Приглашение в личный кабинет компании ${i.companyName} — ${t('SITE_NAME')}`;
  const text = [
    `Здравствуйте, ${i.name}!`,
    '',
    `${i.adminName} добавил(а) вас в личный кабинет компании ${i.companyName}${role} на сайте ${t('SITE_NAME')}: вы сможете оформлять заказы для компании по её ценам.`,
    '',
    `Чтобы войти, откройте ссылку: ${link}`,
    `Пароля у вас пока нет: при первом входе с этим email (${i.to}) мы пришлём код подтверждения, и вы зададите свой пароль.`,
    '',
    'Если вы не ждали этого письма, просто проигнорируйте его.',
    '',
    t('SITE_NAME'),
  ].join('\n');
  const html = page(
    [
      `Здравствуйте, ${escape(i.name)}!`,
      `${escape(i.adminName)} добавил(а) вас в личный кабинет компании <b>${escape(i.companyName)}</b>${escape(role)} на сайте ${escape(t('SITE_NAME'))}: вы сможете оформлять заказы для компании по её ценам.`,
      `Пароля у вас пока нет: при первом входе с этим email (<b>${escape(i.to)}</b>) мы пришлём код подтверждения, и вы зададите свой пароль.`,
    ],
    { href: link, label: 'Войти в личный кабинет' },
  );
  return { to: i.to, subject, text, html };
}

export async function sendInvitation(i: Invitation): Promise<boolean> {
  try {
    await sendMail(invitationMail(i), 'company-invitation');
    return true;
  } catch (e) {
    console.error('[company] invitation e-mail failed', e);
    return false;
  }
}

/** The notice (and its e-mail copy) a user gets when the admin blocks or unblocks them. */
export function blockNotice(blocked: boolean, companyName: string): { title: string; text: string; email: Omit<Mail, 'to'> } {
  const title = blocked ? t('COMPANY_NOTICE_BLOCKED_TITLE') : t('COMPANY_NOTICE_UNBLOCKED_TITLE');
  const text = (blocked ? t('COMPANY_NOTICE_BLOCKED_TEXT') : t('COMPANY_NOTICE_UNBLOCKED_TEXT')).replace('{company}', companyName);
  const login = `${siteUrl()}/login/`;
  return {
    title,
    text,
    email: {
      subject: `${title} — ${t('SITE_NAME')}`,
      text: `Здравствуйте!\n\n${text}${blocked ? '' : `\n\nВойти: ${login}`}\n\n${t('SITE_NAME')}`,
      html: page(['Здравствуйте!', escape(text)], blocked ? undefined : { href: login, label: 'Войти в личный кабинет' }),
    },
  };
}
