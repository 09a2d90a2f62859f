/**
 * /registration/: the form (retail customer or company with УНП), then the e-mail code step with
 * the resend timer. The right code creates the account and signs in; a company admin lands in the
 * personal area, a registrant whose УНП already belongs to a company sees the pending request.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { api } from '../../stores/api';
import { invisibleCaptcha } from '../shared/captcha';
import { CodeStep, Field, PasswordField, Summary, isLoginRedirect, splitErrors, type FieldErrors, type Texts } from './ui';

/** `backUrl`: a local path to return to after the code step (the checkout, which sends its guests here). */
type Props = { texts: Texts; initialEmail?: string; backUrl?: string | null };
type Values = Record<'type' | 'name' | 'email' | 'phone' | 'password' | 'confirm_password' | 'unp' | 'company_name' | 'legal_address', string> & { agree: boolean };
type Sent = { email: string; resendAfter: number };
type Confirmed = { joinRequest: { company: string } | null };

/** In the order the form shows them: the first one with an error gets the focus. */
const FIELDS = ['type', 'unp', 'company_name', 'legal_address', 'name', 'email', 'phone', 'password', 'confirm_password', 'agree', 'captcha'];

export default function RegistrationForm({ texts, initialEmail = '', backUrl = null }: Props) {
  const [values, setValues] = useState<Values>({ type: 'retail', name: '', email: initialEmail, phone: '', password: '', confirm_password: '', unp: '', company_name: '', legal_address: '', agree: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [live, setLive] = useState(false);
  const captcha = useMemo(() => (typeof window === 'undefined' ? null : invisibleCaptcha()), []);
  useEffect(() => setLive(true), []);

  const set = (name: keyof Values) => (e: { target: EventTarget | null }) => {
    const el = e.target as HTMLInputElement;
    setValues((v) => ({ ...v, [name]: el.type === 'checkbox' ? el.checked : el.value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    try {
      const business = values.type === 'business';
      const body = {
        type: values.type,
        name: values.name,
        email: values.email,
        phone: values.phone,
        password: values.password,
        confirm_password: values.confirm_password,
        agree: values.agree ? 'Y' : 'N',
        ...(business ? { unp: values.unp, company_name: values.company_name, legal_address: values.legal_address } : {}),
        captcha: await captcha!.take(),
      };
      setSent(await api<Sent>('/api/registration/', { method: 'POST', body }));
      setErrors({});
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const split = splitErrors(err, FIELDS, texts);
      setErrors(split.errors);
      setSummary(split.summary);
      const first = FIELDS.find((f) => split.errors[f]);
      if (first) document.getElementById(`reg-${first}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <div className="aflow">
        <h2 className="aflow__title">{texts.ACC_UI_CONFIRM_TITLE}</h2>
        <CodeStep
          id="reg-confirm"
          texts={texts}
          sentText={
            <>
              {texts.ACC_UI_CODE_SENT} <b>{sent.email}</b>.{' '}
              <button type="button" className="linkbtn" onClick={() => setSent(null)}>
                {texts.ACC_UI_CHANGE_EMAIL_LINK}
              </button>
            </>
          }
          label={texts.ACC_UI_CODE}
          submitLabel={texts.ACC_UI_CONFIRM}
          resendAfter={sent.resendAfter}
          onSubmit={async (code) => {
            const done = await api<Confirmed>('/api/registration/confirm/', { method: 'POST', body: { email: sent.email, code } });
            location.assign(done.joinRequest ? '/personal/details/' : (backUrl ?? '/personal/'));
          }}
          onResend={async () => (await api<Sent>('/api/sendVerifyCode/', { method: 'POST', body: { email: sent.email, event: 'USER_VERIFY_CODE' } })).resendAfter}
        />
      </div>
    );

  const business = values.type === 'business';
  const input = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <Field id={`reg-${name}`} name={name} label={label} value={values[name] as string} onChange={set(name)} error={errors[name]} required {...extra} />
  );

  return (
    <form className="aform" method="post" action="/api/registration/" onSubmit={submit} onFocusCapture={() => captcha?.warm()} noValidate aria-describedby={summary ? 'reg-summary' : undefined}>
      <fieldset className="aform__choice" id="reg-type" tabIndex={-1}>
        <legend>{texts.ACC_UI_TYPE}</legend>
        {(['retail', 'business'] as const).map((type) => (
          <label key={type} className={`achoice${values.type === type ? ' achoice--on' : ''}`}>
            <input type="radio" name="type" value={type} checked={values.type === type} onChange={set('type')} />
            {type === 'retail' ? texts.ACC_UI_TYPE_RETAIL : texts.ACC_UI_TYPE_BUSINESS}
          </label>
        ))}
      </fieldset>
      {business && (
        <div className="aform__group">
          {input('unp', texts.ACC_UI_UNP, { inputMode: 'numeric', maxLength: 12, autoComplete: 'off', hint: texts.ACC_UI_UNP_HINT })}
          {input('company_name', texts.ACC_UI_COMPANY_NAME, { autoComplete: 'organization', maxLength: 200 })}
          {input('legal_address', texts.ACC_UI_LEGAL_ADDRESS, { autoComplete: 'street-address', maxLength: 300 })}
        </div>
      )}
      {input('name', texts.ACC_UI_NAME, { autoComplete: 'name', maxLength: 100 })}
      {input('email', texts.ACC_UI_EMAIL, { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
      {input('phone', texts.ACC_UI_PHONE, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 32, hint: texts.ACC_UI_PHONE_HINT })}
      <PasswordField id="reg-password" name="password" label={texts.ACC_UI_PASSWORD} texts={texts} value={values.password} onChange={set('password')} error={errors.password} hint={texts.ACC_UI_PASSWORD_HINT} autoComplete="new-password" maxLength={128} required />
      <PasswordField id="reg-confirm_password" name="confirm_password" label={texts.ACC_UI_CONFIRM_PASSWORD} texts={texts} value={values.confirm_password} onChange={set('confirm_password')} error={errors.confirm_password} autoComplete="new-password" maxLength={128} required />
      <div className={`acheck${errors.agree ? ' acheck--err' : ''}`}>
        <input id="reg-agree" type="checkbox" name="agree" value="Y" checked={values.agree} onChange={set('agree')} aria-invalid={errors.agree ? true : undefined} aria-describedby={errors.agree ? 'reg-agree-err' : undefined} />
        <label htmlFor="reg-agree">
          {texts.ACC_UI_AGREE_BEFORE}{' '}
          <a href="/agreement/" target="_blank" rel="noopener">
            {texts.ACC_UI_AGREE_TERMS}
          </a>{' '}
          {texts.ACC_UI_AGREE_AND}{' '}
          <a href="/political/" target="_blank" rel="noopener">
            {texts.ACC_UI_AGREE_POLICY}
          </a>
        </label>
        {errors.agree && (
          <span id="reg-agree-err" className="afield__err">
            {errors.agree}
          </span>
        )}
      </div>
      <Summary id="reg-summary" text={summary || errors.captcha || ''} />
      <button className="btn aform__submit" type="submit" disabled={busy || !live}>
        {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_REGISTER}
      </button>
      <p className="aform__alt">
        {texts.ACC_UI_HAVE_ACCOUNT} <a href="/login/">{texts.ACC_UI_LOGIN}</a>
      </p>
    </form>
  );
}
