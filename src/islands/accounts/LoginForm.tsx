import { useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '../../config/constants';
import { ConfirmEmailFlow, SetPasswordFlow } from './flows';
import type { Texts } from './ui';
import { closeLoginAlertCookie as closeAlertCookie } from './login-alert';

type Labels = Record<'email' | 'password' | 'submit' | 'show' | 'hide' | 'forgot' | 'register' | 'close' | 'firstTitle' | 'firstText' | 'firstAction' | 'fallback' | 'loading', string>;
type Props = { backUrl: string; /** False: go where the account lands (data.landing: staff at the desk). */ explicitBack?: boolean; initialEmail: string; initialError: string | null; labels: Labels; texts: Texts };
/** The one dialog of the page (spec §4: one modal at a time): first authorization, or an unconfirmed e-mail. */
type Dialog = { kind: 'first' | 'confirm'; email: string };


/**
 * Spec §2/§4 login: the button waits for both fields; a failed submit marks both invalid and shows
 * the server's first message for 5 s; `user_not_auth` opens the first-authorization dialog (code →
 * password → signed in), `user_not_verified` (right password, e-mail not confirmed) the code dialog;
 * success closes the first-login alert for good and returns to where the user came from. The alert
 * itself is the page's HTML (login.astro, login-alert.ts): its × works before React arrives.
 */
export default function LoginForm({ backUrl, explicitBack = true, initialEmail, initialError, labels, texts }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [invalid, setInvalid] = useState(!!initialError);
  const [toast, setToast] = useState<string | null>(initialError);
  const [modal, setModal] = useState<Dialog | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // Server-rendered HTML must stay usable without JS, so the button is only disabled once hydrated.
  // The fields are uncontrolled: what a visitor typed before the script arrived stays, and is read here.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setEmail(emailInput.current?.value ?? '');
    setPassword(passwordInput.current?.value ?? '');
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(id);
  }, [toast]);

  useEffect(() => {
    if (modal && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [modal]);

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (!email || !password || loading) return;
    setLoading(true);
    setToast(null);
    try {
      const res = await fetch('/api/authentication/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: email, password, remember: 'Y' }),
      });
      const body = (await res.json()) as { status: string; data: { user_not_auth?: boolean; user_not_verified?: boolean; email?: string; landing?: string } | null; errors: { message: string }[] };
      if (body.status === 'success') {
        closeAlertCookie();
        location.assign(!explicitBack && body.data?.landing?.startsWith('/') ? body.data.landing : backUrl);
        return;
      }
      if (body.data?.user_not_auth) setModal({ kind: 'first', email: body.data.email ?? email });
      else if (body.data?.user_not_verified) setModal({ kind: 'confirm', email: body.data.email ?? email });
      else {
        setInvalid(true);
        setToast(body.errors?.[0]?.message ?? labels.fallback);
      }
    } catch {
      setInvalid(true);
      setToast(labels.fallback);
    }
    setLoading(false);
  };

  const restoreHref = `/restore/?email=${encodeURIComponent(email)}`;

  return (
    <div className="login">
      <form method="post" action={`/login/?backurl=${encodeURIComponent(backUrl)}`} onSubmit={submit} noValidate>
        <label className="field">
          <span>{labels.email}</span>
          <input ref={emailInput} name="login" type="email" autoComplete="username" inputMode="email" defaultValue={initialEmail} aria-invalid={invalid} onChange={(e) => { setEmail(e.target.value); setInvalid(false); }} required />
        </label>
        {/* The label names the field only: the show/hide button beside it is not part of it (one control per label). */}
        <div className="field">
          <label htmlFor="login-password">{labels.password}</label>
          <span className="field__with-button">
            <input ref={passwordInput} id="login-password" name="password" type={visible ? 'text' : 'password'} autoComplete="current-password" aria-invalid={invalid} onChange={(e) => { setPassword(e.target.value); setInvalid(false); }} required />
            <button type="button" className="field__toggle" aria-pressed={visible} onClick={() => setVisible(!visible)}>{visible ? labels.hide : labels.show}</button>
          </span>
        </div>
        <button className="btn login__submit" type="submit" disabled={hydrated && (!email || !password || loading)}>{loading ? labels.loading : labels.submit}</button>
        <p className="login__links">
          <a href={restoreHref}>{labels.forgot}</a>
          <a href="/registration/">{labels.register}</a>
        </p>
      </form>
      {toast && <div className="toast" role="alert">{toast}</div>}
      {loading && <div className="overlay" aria-hidden="true" />}
      <dialog ref={dialog} className="modal amodal" aria-labelledby="login-dialog-title" onClose={() => setModal(null)}>
        {modal && (
          <>
            <div className="amodal__head">
              <h2 id="login-dialog-title">{modal.kind === 'first' ? labels.firstTitle : texts.ACC_UI_CONFIRM_TITLE}</h2>
              <form method="dialog">
                <button className="amodal__close" type="submit" aria-label={labels.close}>×</button>
              </form>
            </div>
            {modal.kind === 'first' ? (
              <SetPasswordFlow id="first-login" texts={texts} email={modal.email} emailEditable={false} intro={texts.ACC_UI_FIRST_INTRO} backUrl={backUrl} />
            ) : (
              <ConfirmEmailFlow id="confirm-login" texts={texts} email={modal.email} backUrl={backUrl} />
            )}
          </>
        )}
      </dialog>
    </div>
  );
}
