/** What an SMS gateway implements (server/notifications/sms.ts picks one by SMS_PROVIDER). */
export type Sms = { to: string; text: string };
export type SmsProvider = { name: string; send: (sms: Sms, tag: string) => Promise<{ id: string }> };
