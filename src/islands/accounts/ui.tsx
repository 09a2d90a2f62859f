/**
 * Pieces the account islands share: a labelled field with its Russian error under it, a password
 * field with show/hide, server errors spread over the fields, and the code step with the spec's
 * resend timer (00:SS, resend at 0).
 */
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiFailure, NOT_AUTH_CODE } from '../../stores/api';
import { useResendTimer } from '../shared/useResendTimer';

export type Texts = Record<string, string>;
export type FieldErrors = Record<string, string>;

/**
 * True when api() is already taking the visitor to /login/ (error 101): the island must not cover
 * that with a message of its own.
 */
export function isLoginRedirect(e: unknown): boolean {
  return e instanceof ApiFailure && e.errors.some((x) => x.code === NOT_AUTH_CODE);
}

/** Seconds to wait that a 429 answer carries (resend timer or rate limit), else 0. */
export function retryAfterOf(e: unknown): number {
  const data = e instanceof ApiFailure ? (e.data as { retryAfter?: number } | null) : null;
  return Number(data?.retryAfter ?? 0);
}

/** Field errors and a summary line from a failed call; `fields` are the names this form shows. */
export function splitErrors(e: unknown, fields: string[], texts: Texts): { errors: FieldErrors; summary: string } {
  if (!(e instanceof ApiFailure)) return { errors: {}, summary: texts.ACC_UI_FAILED ?? '' };
  const errors: FieldErrors = {};
  const loose: string[] = [];
  for (const x of e.errors) {
    if (x.field && fields.includes(x.field)) errors[x.field] ??= x.message;
    else loose.push(x.message);
  }
  return { errors, summary: loose.length ? loose.join(' ') : Object.keys(errors).length ? texts.ACC_UI_FIX_ERRORS ?? '' : e.message };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; label: string; error?: string; hint?: string; after?: ReactNode };

export function Field({ id, label, error, hint, after, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`afield${error ? ' afield--err' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="afield__row">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {after}
      </div>
      {hint && (
        <small id={`${id}-hint`} className="afield__hint">
          {hint}
        </small>
      )}
      {error && (
        <span id={`${id}-err`} className="afield__err">
          {error}
        </span>
      )}
    </div>
  );
}

export function PasswordField(props: FieldProps & { texts: Texts }) {
  const [visible, setVisible] = useState(false);
  const { texts, ...rest } = props;
  return (
    <Field
      {...rest}
      type={visible ? 'text' : 'password'}
      after={
        <button type="button" className="afield__toggle" aria-pressed={visible} aria-controls={props.id} onClick={() => setVisible(!visible)}>
          {visible ? texts.ACC_UI_HIDE : texts.ACC_UI_SHOW}
        </button>
      }
    />
  );
}

/** What a form does with a failed call: true when it took care of the errors itself. */
type OnError = (split: { errors: FieldErrors; summary: string }, err: unknown) => boolean | void;

/**
 * A form's busy flag, field errors and summary, and `submit(action)`: the submit handler that runs
 * `action` once at a time and spreads a failed call over `fields` and the summary (unless `onError`
 * takes it). An action that returns 'leaving' (it sent the browser elsewhere) keeps the form busy.
 */
export function useApiForm(texts: Texts, fields: string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (action: () => Promise<void | 'leaving'>, onError?: OnError) => async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    try {
      if ((await action()) === 'leaving') return;
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const split = splitErrors(err, fields, texts);
      if (!onError?.(split, err)) {
        setErrors(split.errors);
        setSummary(split.summary);
      }
    }
    setBusy(false);
  };
  return { errors, summary, busy, submit };
}

export function Summary({ id, text }: { id: string; text: string }) {
  return text ? (
    <p id={id} className="aform__summary" role="alert">
      {text}
    </p>
  ) : null;
}

type CodeStepProps = {
  id: string;
  texts: Texts;
  /** What the user reads above the field (where the code went). */
  sentText: ReactNode;
  label: string;
  submitLabel: string;
  /** Seconds before "send again" (from the answer that sent the code). */
  resendAfter: number;
  /** Checks or spends the code; throws ApiFailure on a wrong one. */
  onSubmit: (code: string) => Promise<void>;
  /** Sends a new code; returns the new resend delay. */
  onResend: () => Promise<number>;
  /** Extra fields shown with the code (e.g. the new password), given the errors the call returned for them. */
  extra?: (errors: FieldErrors) => ReactNode;
  extraFields?: string[];
};

/** The code form: 6 digits, the resend timer (00:SS), errors under the field. */
export function CodeStep({ id, texts, sentText, label, submitLabel, resendAfter, onSubmit, onResend, extra, extraFields = [] }: CodeStepProps) {
  const timer = useResendTimer(resendAfter);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    try {
      await onSubmit(code.trim());
      setErrors({});
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const split = splitErrors(err, ['code', ...extraFields], texts);
      setErrors(split.errors);
      setSummary(split.errors.code && Object.keys(split.errors).length === 1 ? '' : split.summary);
      const wait = retryAfterOf(err);
      if (wait) timer.start(wait);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setSummary('');
    try {
      timer.start(await onResend());
      setErrors({});
      setCode('');
    } catch (err) {
      if (isLoginRedirect(err)) return;
      const wait = retryAfterOf(err);
      if (wait) timer.start(wait);
      setSummary(splitErrors(err, [], texts).summary);
    }
  };

  return (
    <form className="aform" onSubmit={submit} noValidate aria-describedby={summary ? `${id}-summary` : undefined}>
      <p className="aform__note">{sentText}</p>
      <Field
        id={`${id}-code`}
        name="code"
        label={label}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        required
        error={errors.code}
        hint={texts.ACC_UI_CODE_VALID}
        onInput={(e) => setCode((e.target as HTMLInputElement).value.replace(/\D/g, '').slice(0, 6))}
      />
      {extra?.(errors)}
      <Summary id={`${id}-summary`} text={summary} />
      <button className="btn aform__submit" type="submit" disabled={busy || code.length !== 6}>
        {busy ? texts.ACC_UI_SENDING : submitLabel}
      </button>
      <p className="aform__resend" aria-live="polite">
        {timer.canResend ? (
          <button type="button" className="linkbtn" onClick={resend}>
            {texts.ACC_UI_RESEND}
          </button>
        ) : (
          <span>
            {texts.ACC_UI_RESEND_IN} <b className="aform__timer">{timer.label}</b>
          </span>
        )}
      </p>
    </form>
  );
}
