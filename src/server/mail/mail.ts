/**
 * Outgoing e-mail. With SMTP_URL set (smtp://user:pass@host:587 or smtps://…) messages go out
 * through nodemailer's SMTP transport; without it they are written to DATA_DIR/outbox/ as JSON
 * (one file per message) so that a developer — and the tests — can read what would have been sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';

/** A message: always plain text; `html` too for the designed ones (codes, orders). */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: { filename: string; content: Buffer; contentType: string }[] };

/** Text for an e-mail's HTML part: the five characters HTML gives meaning to, as numeric references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const outboxDir = () => path.resolve(config().DATA_DIR, 'outbox');
export const mailFrom = () => config().MAIL_FROM;
/** Where the public forms are sent; one address, or several separated by commas. */
export const formsMailTo = () => config().FORMS_MAIL_TO;

/** The SMTP transport of the SMTP_URL it was made for (made again when the configuration names another). */
let smtp: { url: string; transport: Transporter } | null = null;
const json = nodemailer.createTransport({ jsonTransport: true });

export async function sendMail(mail: Mail, tag = 'mail'): Promise<{ via: 'smtp' | 'outbox'; id: string }> {
  const message = { from: mailFrom(), ...mail };
  const smtpUrl = config().SMTP_URL;
  if (smtpUrl) {
    if (smtp?.url !== smtpUrl) smtp = { url: smtpUrl, transport: nodemailer.createTransport(smtpUrl) };
    const info = await smtp.transport.sendMail(message);
    return { via: 'smtp', id: info.messageId };
  }
  const info = await json.sendMail(message);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify({ ...JSON.parse(info.message as unknown as string), text: mail.text, html: mail.html }, null, 2));
  return { via: 'outbox', id };
}
