/**
 * /personal/details/: name, e-mail and phone. The name is saved at once; a new e-mail or phone takes
 * effect after the code sent to that NEW address or number (POST /api/profile/update/, twice: without
 * and with the code). One row is edited at a time.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../stores/api';
import { CodeStep, Field, Summary, isLoginRedirect, retryAfterOf, splitErrors, type FieldErrors, type Texts } from '../accounts/ui';

type Kind = 'name' | 'email' | 'phone';
type Values = Record<Kind, string>;
type Confirm = { type: 'email' | 'phone'; target: string; resendAfter: number };
type Answer = { saved: string[]; confirm: Confirm | null };

const LABELS: Record<Kind, string> = { name: 'ACC_UI_NAME', email: 'ACC_UI_EMAIL', phone: 'ACC_UI_PHONE' };
const INPUTS: Record<Kind, { type: string; inputMode?: 'email' | 'tel'; autoComplete: string; maxLength: number }> = {
  name: { type: 'text', autoComplete: 'name', maxLength: 100 },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 32 },
};

export default function ContactDetails({ texts, initial }: { texts: Texts; initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [editing, setEditing] = useState<Kind | null>(null);
  const [draft, setDraft] = useState('');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const open = (kind: Kind) => {
    setEditing(kind);
    setDraft(values[kind]);
    setConfirm(null);
    setErrors({});
    setSummary('');
    setDone('');
  };
  const close = () => {
    setEditing(null);
    setConfirm(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing || busy) return;
    setBusy(true);
    setSummary('');
    try {
      const answer = await api<Answer>('/api/profile/update/', { method: 'POST', body: { [editing]: draft } });
      if (answer.confirm) setConfirm(answer.confirm);
      else {
        setValues((v) => ({ ...v, [editing]: draft.trim() }));
        setDone(texts.ACC_UI_SAVED);
        close();
      }
      setErrors({});
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const split = splitErrors(err, [editing], texts);
      setErrors(split.errors);
      setSummary(split.errors[editing] ? '' : split.summary);
      // A code for this address is still fresh: go on to it instead of failing.
      const wait = retryAfterOf(err);
      if (wait && editing !== 'name' && !split.errors[editing]) setConfirm({ type: editing, target: draft.trim(), resendAfter: wait });
    } finally {
      setBusy(false);
    }
  };

  const row = (kind: Kind) => {
    const label = texts[LABELS[kind]]!;
    if (editing !== kind)
      return (
        <div className="adetails__row" key={kind}>
          <dt>{label}</dt>
          <dd>
            <span className="adetails__value">{values[kind] || '—'}</span>
            <button type="button" className="linkbtn" onClick={() => open(kind)} aria-label={`${texts.ACC_UI_EDIT}: ${label}`}>
              {texts.ACC_UI_EDIT}
            </button>
          </dd>
        </div>
      );
    if (confirm && kind !== 'name')
      return (
        <div className="adetails__row adetails__row--edit" key={kind}>
          <dt>{label}</dt>
          <dd>
            <CodeStep
              id={`details-${kind}-code`}
              texts={texts}
              sentText={
                <>
                  {texts.ACC_UI_CODE_SENT} <b>{confirm.target}</b>.
                </>
              }
              label={kind === 'phone' ? texts.ACC_UI_CODE_SMS! : texts.ACC_UI_CODE!}
              submitLabel={texts.ACC_UI_CONFIRM!}
              resendAfter={confirm.resendAfter}
              onSubmit={async (code) => {
                await api<Answer>('/api/profile/update/', { method: 'POST', body: { [kind]: confirm.target, code } });
                setValues((v) => ({ ...v, [kind]: confirm.target }));
                setDone(kind === 'email' ? texts.ACC_UI_EMAIL_CHANGED! : texts.ACC_UI_PHONE_CHANGED!);
                close();
              }}
              onResend={async () => (await api<Answer>('/api/profile/update/', { method: 'POST', body: { [kind]: confirm.target } })).confirm?.resendAfter ?? 60}
            />
            <button type="button" className="btn btn--ghost aform__cancel" onClick={close}>
              {texts.ACC_UI_CANCEL}
            </button>
          </dd>
        </div>
      );
    return (
      <div className="adetails__row adetails__row--edit" key={kind}>
        <dt className="visually-hidden">{label}</dt>
        <dd>
          <form className="aform" onSubmit={save} noValidate>
            <Field id={`details-${kind}`} name={kind} label={label} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus error={errors[kind]} hint={kind === 'name' ? undefined : kind === 'phone' ? texts.ACC_UI_PHONE_HINT : texts.ACC_UI_CONTACT_HINT} required {...INPUTS[kind]} />
            <Summary id={`details-${kind}-summary`} text={summary} />
            <div className="aform__buttons">
              <button className="btn" type="submit" disabled={busy || !draft.trim()}>
                {busy ? texts.ACC_UI_SENDING : kind === 'name' ? texts.ACC_UI_SAVE : texts.ACC_UI_GET_CODE}
              </button>
              <button type="button" className="btn btn--ghost" onClick={close}>
                {texts.ACC_UI_CANCEL}
              </button>
            </div>
          </form>
        </dd>
      </div>
    );
  };

  return (
    <div className="adetails">
      <dl className="adetails__list">{(['name', 'email', 'phone'] as const).map(row)}</dl>
      {done && (
        <p className="aform__done" role="status">
          {done}
        </p>
      )}
    </div>
  );
}
