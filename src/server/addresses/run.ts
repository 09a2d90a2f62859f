/** Runs one `POST /api/deliveryAddresses/` action for the viewer (input already parsed by input.ts). */
import type { Db } from '../db/client';
import type { Viewer } from '../http/guard';
import { cancelDelete, requestAdd, requestDelete } from './actions';
import { checkAddressCode, sendAddressCode } from './confirm';
import { changeAll, changeContact, setNotify } from './contacts';
import type { ActionInput } from './input';

export async function runAddressAction(db: Db, viewer: Viewer, input: ActionInput): Promise<unknown> {
  switch (input.action) {
    case 'requestAdd':
      return { address: await requestAdd(db, viewer, input) };
    case 'requestDelete':
      return requestDelete(db, viewer, input.id);
    case 'cancelDelete':
      return { address: await cancelDelete(db, viewer, input.id) };
    case 'sendVerifyCodeEmail':
      return sendAddressCode(db, viewer, input.id, 'email', input.email);
    case 'sendVerifyCodeSMS':
      return sendAddressCode(db, viewer, input.id, 'sms', input.phone);
    case 'checkVerifyCode':
      return checkAddressCode(db, viewer, input.id, input.code);
    case 'setEmailNotifyStatus':
      return { address: await setNotify(db, viewer, input.id, 'email', input.status) };
    case 'setPhoneNotifyStatus':
      return { address: await setNotify(db, viewer, input.id, 'phone', input.status) };
    case 'changeEmail':
      return { address: await changeContact(db, viewer, input.id, 'email', input.email) };
    case 'changePhone':
      return { address: await changeContact(db, viewer, input.id, 'phone', input.phone) };
    case 'changeEmailAll':
      return changeAll(db, viewer, 'email', { value: input.email, on: input.status });
    case 'changePhoneAll':
      return changeAll(db, viewer, 'phone', { value: input.phone, on: input.status });
  }
}
