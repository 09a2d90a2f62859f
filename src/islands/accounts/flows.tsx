/**
 * Code flows used in more than one place:
 * - SetPasswordFlow: e-mail → code (checkVerifyCode) → new password (POST /api/password/restore/) →
 *   signed in. The /restore/ page and the first-authorization dialog of the login page.
 * - ConfirmEmailFlow: send a USER_VERIFY_CODE code → confirm (POST /api/registration/confirm/) →
 *   signed in. The login dialog for an account whose e-mail is not confirmed yet.
 * Answers never say whether an account exists; the texts do not either.
 */
import { useState } from 'react';
import { api } from '../../stores/api';
import { CodeStep, Field, PasswordField, Summary, retryAfterOf, splitErrors, useApiForm, type Texts } from './ui';

type Sent = { email: string; resendAfter: number };

function useSend(event: 'USER_VERIFY_CODE' | 'PASSWORD_CHANGE_VERIFY') {
  return (email: string) => api<Sent>('/api/sendVerifyCode/', { method: 'POST', body: { email, event } });
}

/** The first step: the e-mail (editable on /restore/, fixed in the dialog) and "get the code". */
function EmailStep({ id, texts, intro, email, editable, onSent }: { id: string; texts: Texts; intro: string; email: string; editable: boolean; onSent: (sent: Sent) => void }) {
  const send = useSend('PASSWORD_CHANGE_VERIFY');
  const [value, setValue] = useState(email);
  const { errors, summary, busy, submit } = useApiForm(texts, editable ? ['email'] : []);
  const onSubmit = submit(
    async () => onSent(await send(value)),
    // The resend timer of an earlier code still runs: go on to the code already sent.
    (split, err) => {
      const wait = retryAfterOf(err);
      if (wait && !Object.keys(split.errors).length) onSent({ email: value.trim().toLowerCase(), resendAfter: wait });
    },
  );
  return (
    <form className="aform" onSubmit={onSubmit} noValidate>
      <p className="aform__note">
        {intro}
        {!editable && (
          <>
            {' '}
            <b>{email}</b>
          </>
        )}
      </p>
      {editable && <Field id={`${id}-email`} name="email" type="email" inputMode="email" autoComplete="email" label={texts.ACC_UI_EMAIL} value={value} maxLength={254} required error={errors.email} onChange={(e) => setValue(e.target.value)} />}
      <Summary id={`${id}-summary`} text={summary} />
      <button className="btn aform__submit" type="submit" disabled={busy || !value}>
        {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_GET_CODE}
      </button>
    </form>
  );
}

function PasswordStep({ id, texts, email, code, remember, backUrl, onBadCode }: { id: string; texts: Texts; email: string; code: string; remember: boolean; backUrl: string; onBadCode: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, summary, busy, submit } = useApiForm(texts, ['password', 'confirm_password', 'code']);
  const onSubmit = submit(
    async () => {
      await api('/api/password/restore/', { method: 'POST', body: { email, code, password, confirm_password: confirm, remember: remember ? 'Y' : 'N' } });
      location.assign(backUrl);
      return 'leaving';
    },
    // A wrong or spent code goes back to the code step, with the message there.
    (split) => {
      if (!split.errors.code) return false;
      onBadCode(split.errors.code);
      return true;
    },
  );
  return (
    <form className="aform" onSubmit={onSubmit} noValidate>
      <PasswordField id={`${id}-password`} name="password" label={texts.ACC_UI_NEW_PASSWORD} texts={texts} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint={texts.ACC_UI_PASSWORD_HINT} autoComplete="new-password" maxLength={128} required />
      <PasswordField id={`${id}-confirm`} name="confirm_password" label={texts.ACC_UI_CONFIRM_PASSWORD} texts={texts} value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm_password} autoComplete="new-password" maxLength={128} required />
      <Summary id={`${id}-summary`} text={summary} />
      <button className="btn aform__submit" type="submit" disabled={busy || !password || !confirm}>
        {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_SET_PASSWORD}
      </button>
    </form>
  );
}

type SetPasswordProps = { id: string; texts: Texts; email: string; emailEditable: boolean; intro: string; backUrl: string; remember?: boolean };

export function SetPasswordFlow({ id, texts, email, emailEditable, intro, backUrl, remember = true }: SetPasswordProps) {
  const send = useSend('PASSWORD_CHANGE_VERIFY');
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState('');

  if (!sent) return <EmailStep id={id} texts={texts} intro={intro} email={email} editable={emailEditable} onSent={setSent} />;
  if (code && !codeError) return <PasswordStep id={id} texts={texts} email={sent.email} code={code} remember={remember} backUrl={backUrl} onBadCode={(m) => setCodeError(m)} />;
  return (
    <CodeStep
      key={codeError}
      id={`${id}-code`}
      texts={texts}
      sentText={
        <>
          {/* The dialog's e-mail is known to have an account (user_not_auth); /restore/ says nothing either way. */}
          {emailEditable ? texts.ACC_UI_CODE_SENT_IF!.replace('{email}', sent.email) : `${texts.ACC_UI_CODE_SENT} ${sent.email}.`}{' '}
          {emailEditable && (
            <button type="button" className="linkbtn" onClick={() => setSent(null)}>
              {texts.ACC_UI_CHANGE_EMAIL_LINK}
            </button>
          )}
          {codeError && <span className="afield__err"> {codeError}</span>}
        </>
      }
      label={texts.ACC_UI_CODE}
      submitLabel={texts.ACC_UI_CHECK_CODE}
      resendAfter={sent.resendAfter}
      onSubmit={async (value) => {
        await api('/api/checkVerifyCode/', { method: 'POST', body: { email: sent.email, code: value, event: 'PASSWORD_CHANGE_VERIFY' } });
        setCodeError('');
        setCode(value);
      }}
      onResend={async () => (await send(sent.email)).resendAfter}
    />
  );
}

export function ConfirmEmailFlow({ id, texts, email, backUrl }: { id: string; texts: Texts; email: string; backUrl: string }) {
  const send = useSend('USER_VERIFY_CODE');
  const [sent, setSent] = useState<Sent | null>(null);
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setSent(await send(email));
    } catch (err) {
      const wait = retryAfterOf(err);
      if (wait) setSent({ email, resendAfter: wait });
      else setSummary(splitErrors(err, [], texts).summary);
    }
    setBusy(false);
  };
  if (!sent)
    return (
      <div className="aform">
        <p className="aform__note">
          {texts.ACC_UI_NOT_CONFIRMED_INTRO} <b>{email}</b>.
        </p>
        <Summary id={`${id}-summary`} text={summary} />
        <button className="btn aform__submit" type="button" onClick={start} disabled={busy}>
          {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_GET_CODE}
        </button>
      </div>
    );
  return (
    <CodeStep
      id={`${id}-code`}
      texts={texts}
      sentText={
        <>
          {texts.ACC_UI_CODE_SENT} <b>{sent.email}</b>.
        </>
      }
      label={texts.ACC_UI_CODE}
      submitLabel={texts.ACC_UI_CONFIRM}
      resendAfter={sent.resendAfter}
      onSubmit={async (code) => {
        await api('/api/registration/confirm/', { method: 'POST', body: { email: sent.email, code } });
        location.assign(backUrl);
      }}
      onResend={async () => (await send(sent.email)).resendAfter}
    />
  );
}
