/**
 * Changing the password while signed in (spec §7 POST /api/password/change/, /api/password/code/):
 * proven by the current password or by an e-mail code. Every other session of the user ends; the
 * one making the change stays signed in. The mailbox is told.
 */
import { hashPassword, verifyPassword } from '../auth/password-hash';
import type { Db } from '../db/client';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { countFailure, limitFor, refuseIfExhausted } from '../auth/limits';
import { endAllSessions } from '../auth/sessions';
import { t } from '../../i18n';
import { codeNotRequested, issueCode } from './codes';
import { deliverCodeByEmail } from './delivery';
import { passwordHashOf, setPasswordHash } from './credentials';
import { mailPasswordChanged, sendLater } from './mails';
import { countCodeSend, takeCode, type CodeSent } from './verify';

/** POST /api/password/code/: a PASSWORD_CHANGE_VERIFY code to the signed-in user's own e-mail. */
export async function sendPasswordCode(db: Db, viewer: Viewer, ip: string): Promise<CodeSent> {
  await countCodeSend(db, viewer.email, ip, viewer.id);
  const issued = await issueCode(db, { target: viewer.email, event: 'PASSWORD_CHANGE_VERIFY', payload: { userId: viewer.id } });
  sendLater('password code', () => deliverCodeByEmail(viewer.email, issued.code, 'restore'));
  return { email: viewer.email, resendAfter: issued.resendAfter };
}

export async function changePassword(
  db: Db,
  viewer: Viewer,
  input: { old_password?: string; code?: string; password: string },
  ctx: { ip: string; currentToken: string | null },
): Promise<{ changed: true; endedSessions: number }> {
  if (input.code) {
    const payload = await takeCode(db, { target: viewer.email, event: 'PASSWORD_CHANGE_VERIFY', code: input.code, ip: ctx.ip });
    if (payload.userId !== viewer.id) throw codeNotRequested();
  } else if (input.old_password) {
    const limits = [limitFor('passwordFailPerUser', viewer.id)];
    await refuseIfExhausted(db, limits);
    const hash = await passwordHashOf(db, viewer.id);
    if (!hash || !(await verifyPassword({ hash, password: input.old_password }))) {
      await countFailure(db, limits);
      throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'old_password', message: `${t('ACC_UI_OLD_PASSWORD')}: ${t('ACC_OLD_PASSWORD_WRONG')}` }]);
    }
  } else {
    throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'old_password', message: t('ACC_OLD_OR_CODE') }]);
  }
  await setPasswordHash(db, viewer.id, await hashPassword(input.password));
  const endedSessions = await endAllSessions(db, viewer.id, 'password', ctx.currentToken);
  sendLater('password-changed notice', () => mailPasswordChanged(viewer.email));
  return { changed: true, endedSessions };
}
