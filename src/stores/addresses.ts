/**
 * Client side of the delivery addresses page: the spec §7 calls (GET /web/personal/addresses/,
 * POST /api/deliveryAddresses/ with an action) and their response types (type-only imports: nothing
 * of the server is bundled). The address book itself is the page island's state: only it shows it.
 */
import { api, ApiFailure } from './api';
import type { AddressBook, AddressView } from '../server/addresses/list';
import type { CodeSent } from '../server/addresses/confirm';
import type { DeleteResult } from '../server/addresses/actions';
import type { AllResult } from '../server/addresses/contacts';

export type { AddressBook, AddressView, CodeSent, DeleteResult, AllResult };

export const loadAddresses = () => api<AddressBook>('/web/personal/addresses/');

const act = <T>(action: string, body: Record<string, unknown> = {}) => api<T>('/api/deliveryAddresses/', { method: 'POST', body: { action, ...body } });

export const addressCalls = {
  requestAdd: (fields: { city: string; region: string; street: string; house: string; building: string; flat: string; entrance: string; phone: string; email: string; replaces?: number }) => act<{ address: AddressView }>('requestAdd', fields),
  requestDelete: (id: number) => act<DeleteResult>('requestDelete', { id }),
  cancelDelete: (id: number) => act<{ address: AddressView }>('cancelDelete', { id }),
  sendCode: (id: number, channel: 'email' | 'sms', to: string) => (channel === 'sms' ? act<CodeSent>('sendVerifyCodeSMS', { id, phone: to }) : act<CodeSent>('sendVerifyCodeEmail', { id, email: to })),
  checkCode: (id: number, code: string) => act<{ id: number; status: 'active' | 'deleted' }>('checkVerifyCode', { id, code }),
  setNotify: (id: number, kind: 'email' | 'phone', on: boolean) => act<{ address: AddressView }>(kind === 'email' ? 'setEmailNotifyStatus' : 'setPhoneNotifyStatus', { id, status: on ? 'Y' : 'N' }),
  changeContact: (id: number, kind: 'email' | 'phone', value: string) => act<{ address: AddressView }>(kind === 'email' ? 'changeEmail' : 'changePhone', { id, [kind]: value }),
  changeAll: (kind: 'email' | 'phone', body: { value?: string; on?: boolean }) =>
    act<AllResult>(kind === 'email' ? 'changeEmailAll' : 'changePhoneAll', { ...(body.value !== undefined ? { [kind]: body.value } : {}), ...(body.on !== undefined ? { status: body.on ? 'Y' : 'N' } : {}) }),
};

/** Field messages of a failed call (field → text) and the general one. */
export function failureText(e: unknown, fallback: string): { fields: Record<string, string>; message: string | null } {
  if (!(e instanceof ApiFailure)) return { fields: {}, message: fallback };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const err of e.errors) {
    if (err.field && !fields[err.field]) fields[err.field] = err.message;
    else general.push(err.message);
  }
  return { fields, message: general[0] ?? (Object.keys(fields).length ? null : fallback) };
}

/** Seconds to wait when the server said "too many attempts" (HTTP 429 with data.retryAfter). */
export function retryAfter(e: unknown): number | null {
  if (e instanceof ApiFailure && e.httpStatus === 429) return Number((e.data as { retryAfter?: number } | null)?.retryAfter ?? 60);
  return null;
}

export { ApiFailure };
