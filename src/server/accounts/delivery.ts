/**
 * Sends a verification code (codes.ts) to where it must go: a Russian e-mail (HTML and text) or an
 * SMS. One place words the messages, so every flow (registration, restore, contact changes,
 * delivery addresses) reads the same.
 */
import { sendMail, escapeHtml as escape } from '../mail/mail';
import { sendSms } from '../notifications/sms';
import { CODE_TTL_SECONDS } from './codes';
import { t } from '../../i18n';

export type CodePurpose = 'register' | 'restore' | 'first_login' | 'change_email' | 'change_phone' | 'address_add' | 'address_delete';

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: 'подтверждения регистрации',
  restore: 'восстановления пароля',
  first_login: 'первого входа в личный кабинет',
  change_email: 'смены адреса электронной почты',
  change_phone: 'смены номера телефона',
  address_add: 'подтверждения нового адреса доставки',
  address_delete: 'удаления адреса доставки',
};


export async function deliverCodeByEmail(to: string, code: string, purpose: CodePurpose): Promise<void> {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const what = PURPOSE_TEXT[purpose];
  const subject = `Код ${code} для ${what} — ${t('SITE_NAME')}`;
  const text = `Здравствуйте!\n\nВаш код для ${what}: ${code}\nКод действует ${minutes} минут. Никому его не сообщайте: сотрудники магазина никогда не спрашивают коды.\n\nЕсли вы ничего не запрашивали, просто проигнорируйте это письмо.\n\n${t('SITE_NAME')}`;
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22">
<p>Здравствуйте!</p><p>Ваш код для ${escape(what)}:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px">${code}</p>
<p>Код действует ${minutes} минут. Никому его не сообщайте: сотрудники магазина никогда не спрашивают коды.</p>
<p style="color:#5a6068">Если вы ничего не запрашивали, просто проигнорируйте это письмо.</p><p>${escape(t('SITE_NAME'))}</p></body></html>`;
  await sendMail({ to, subject, text, html }, `code-${purpose}`);
}

export async function deliverCodeBySms(to: string, code: string, purpose: CodePurpose): Promise<void> {
  await sendSms({ to, text: `${code} — код для ${PURPOSE_TEXT[purpose]}. ${t('SITE_NAME')}` }, `code-${purpose}`);
}
