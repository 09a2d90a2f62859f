/**
 * The two ways a CRM message leaves the store: a JSON POST to the CRM webhook (signed with
 * CRM_WEBHOOK_SECRET when set), or an e-mail to the sales mailbox. Both throw when the other side
 * did not take it, so the outbox retries.
 */
import { createHmac } from 'node:crypto';
import { sendMail, escapeHtml as escape } from '../mail/mail';
import type { ContractRequisites } from '../db/schema';
import { t } from '../../i18n';

/** The webhook body of a contract request (also what the outbox stores). */
export type ContractMessage = {
  event: 'contract_request.created';
  requestId: number;
  createdAt: string;
  company: ContractRequisites & { id: number };
  contact: { name: string; phone: string; email: string };
  monthlyVolume: { code: string; label: string };
  comment: string | null;
  requestedBy: { userId: string; name: string; email: string };
};

export async function postToWebhook(url: string, message: ContractMessage, opts: { secret: string | null; idempotencyKey: string; timeoutMs: number }): Promise<{ ref: string | null }> {
  const body = JSON.stringify(message);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'idempotency-key': opts.idempotencyKey,
    'x-store-event': message.event,
  };
  if (opts.secret) headers['x-store-signature'] = `sha256=${createHmac('sha256', opts.secret).update(body).digest('hex')}`;
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'error' });
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
  // A CRM that answers with its own id of the request gets it shown next to ours.
  let ref: string | null = null;
  try {
    const parsed = JSON.parse(text) as { id?: unknown };
    if (typeof parsed?.id === 'string' || typeof parsed?.id === 'number') ref = String(parsed.id).slice(0, 64);
  } catch {
    /* not JSON: nothing to keep */
  }
  return { ref };
}


export function contractRequestMail(to: string, m: ContractMessage) {
  const rows: [string, string][] = [
    ['Компания', m.company.name],
    ['УНП', m.company.unp],
    ['Юридический адрес', m.company.legalAddress],
    ['Расчётный счёт (IBAN)', m.company.iban ?? '—'],
    ['Банк', m.company.bankName ?? '—'],
    ['БИК', m.company.bic ?? '—'],
    ['Телефон компании', m.company.phone ?? '—'],
    ['Email компании', m.company.email ?? '—'],
    ['Контактное лицо', m.contact.name],
    ['Телефон', m.contact.phone],
    ['Email', m.contact.email],
    ['Ожидаемый объём закупок в месяц', m.monthlyVolume.label],
    ['Комментарий', m.comment ?? '—'],
    ['Запрос отправил', `${m.requestedBy.name} <${m.requestedBy.email}>`],
  ];
  const subject = `Запрос договора поставки № ${m.requestId}: ${m.company.name}, УНП ${m.company.unp}`;
  const text = `Запрос договора поставки № ${m.requestId} от ${new Date(m.createdAt).toLocaleString('ru-BY', { timeZone: 'Europe/Minsk' })}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${t('SITE_NAME')}`;
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1d1f22">
<h2>Запрос договора поставки № ${m.requestId}</h2>
<table cellpadding="6" style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th align="left" style="border-bottom:1px solid #e1e4e8">${escape(k)}</th><td style="border-bottom:1px solid #e1e4e8">${escape(v)}</td></tr>`).join('')}</table>
<p>${escape(t('SITE_NAME'))}</p></body></html>`;
  return { to, subject, text, html, replyTo: m.contact.email };
}

export async function mailContractRequest(to: string, m: ContractMessage): Promise<void> {
  await sendMail(contractRequestMail(to, m), 'contract-request');
}
