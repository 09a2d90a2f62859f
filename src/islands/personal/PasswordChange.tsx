/**
 * /personal/details/: a new password, proven by the current one or — for who forgot it — by a code
 * sent to the account's e-mail (POST /api/password/code/ then /api/password/change/). Every other
 * session of the user ends; this one stays.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../stores/api';
import { CodeStep, PasswordField, Summary, isLoginRedirect, retryAfterOf, splitErrors, type FieldErrors, type Texts } from '../accounts/ui';

type Sent = { email: string; resendAfter: number };
const FIELDS = ['old_password', 'password', 'confirm_password'];

export default function PasswordChange({ texts }: { texts: Texts }) {
  const [mode, setMode] = useState<'old' | 'code'>('old');
  const [sent, setSent] = useState<Sent | null>(null);
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setOld('');
    setPassword('');
    setConfirm('');
    setErrors({});
    setSummary('');
  };

  const change = async (body: Record<string, string>) => {
    await api('/api/password/change/', { method: 'POST', body: { ...body, password, confirm_password: confirm } });
    reset();
    setSent(null);
    setMode('old');
    setDone(true);
  };

  const submitOld = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    setDone(false);
    try {
      await change({ old_password: old });
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const split = splitErrors(err, FIELDS, texts);
      setErrors(split.errors);
      setSummary(split.summary);
    } finally {
      setBusy(false);
    }
  };

  const askCode = async () => {
    setBusy(true);
    setSummary('');
    setDone(false);
    try {
      setSent(await api<Sent>('/api/password/code/', { method: 'POST', body: {} }));
      setMode('code');
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const wait = retryAfterOf(err);
      if (wait) {
        setSent({ email: '', resendAfter: wait });
        setMode('code');
      } else setSummary(splitErrors(err, [], texts).summary);
    } finally {
      setBusy(false);
    }
  };

  const newPasswordFields = (errs: FieldErrors) => (
    <>
      <PasswordField id="pw-new" name="password" label={texts.ACC_UI_NEW_PASSWORD!} texts={texts} value={password} onChange={(e) => setPassword(e.target.value)} error={errs.password} hint={texts.ACC_UI_PASSWORD_HINT} autoComplete="new-password" maxLength={128} required />
      <PasswordField id="pw-confirm" name="confirm_password" label={texts.ACC_UI_CONFIRM_PASSWORD!} texts={texts} value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errs.confirm_password} autoComplete="new-password" maxLength={128} required />
    </>
  );

  return (
    <div className="apassword">
      {done && (
        <p className="aform__done" role="status">
          {texts.ACC_UI_PASSWORD_CHANGED}
        </p>
      )}
      {mode === 'code' && sent ? (
        <>
          <CodeStep
            id="pw-code"
            texts={texts}
            sentText={
              <>
                {texts.ACC_UI_CODE_SENT} <b>{sent.email || '—'}</b>.
              </>
            }
            label={texts.ACC_UI_CODE!}
            submitLabel={texts.ACC_UI_CHANGE_PASSWORD!}
            resendAfter={sent.resendAfter}
            extraFields={['password', 'confirm_password']}
            extra={newPasswordFields}
            onSubmit={(code) => change({ code })}
            onResend={async () => {
              const again = await api<Sent>('/api/password/code/', { method: 'POST', body: {} });
              setSent(again);
              return again.resendAfter;
            }}
          />
          <button
            type="button"
            className="linkbtn"
            onClick={() => {
              setMode('old');
              reset();
            }}
          >
            {texts.ACC_UI_PASSWORD_BY_OLD}
          </button>
        </>
      ) : (
        <form className="aform" onSubmit={submitOld} noValidate>
          <PasswordField id="pw-old" name="old_password" label={texts.ACC_UI_OLD_PASSWORD!} texts={texts} value={old} onChange={(e) => setOld(e.target.value)} error={errors.old_password} autoComplete="current-password" maxLength={128} required />
          {newPasswordFields(errors)}
          <Summary id="pw-summary" text={summary} />
          <button className="btn aform__submit" type="submit" disabled={busy || !old || !password || !confirm}>
            {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_CHANGE_PASSWORD}
          </button>
          <button type="button" className="linkbtn" onClick={askCode} disabled={busy}>
            {texts.ACC_UI_PASSWORD_BY_CODE}
          </button>
        </form>
      )}
    </div>
  );
}
