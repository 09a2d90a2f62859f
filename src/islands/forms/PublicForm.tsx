/**
 * The public forms (callback, feedback, warranty registration). The server renders the whole form;
 * once hydrated, the island starts the invisible captcha on the visitor's first keystroke (ALTCHA
 * proof of work in the browser, or reCAPTCHA v3 when the site is configured for it), posts JSON to
 * the form's endpoint and shows the server's Russian field errors under each field.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_TEXTS } from '../../i18n/ru-forms';

export type FieldDef = {
  name: string;
  label: string;
  type: 'text' | 'tel' | 'email' | 'date' | 'textarea' | 'select';
  required?: boolean;
  options?: { value: string; label: string }[];
  autocomplete?: string;
  value?: string;
  placeholder?: string;
  hint?: string;
  maxLength?: number;
  inputMode?: 'tel' | 'email' | 'text';
  max?: string;
  /** Filled after hydration, when still empty, with the signed-in visitor's e-mail from the header's call. */
  prefill?: 'email';
};

type Texts = { send: string; sending: string; errors: string; failed: string; optional: string; done?: string };
/** `texts`: what differs from the shared FORM_TEXTS (bundled with the island, not sent as props) — usually `done`. */
type Props = { id: string; endpoint: string; fields: FieldDef[]; texts?: Partial<Texts>; hidden?: Record<string, string> };
type ApiError = { code: number; message: string; field?: string };
type Challenge = { provider: 'altcha'; challenge: unknown } | { provider: 'recaptcha'; siteKey: string };

declare global {
  interface Window {
    grecaptcha?: { ready: (cb: () => void) => void; execute: (key: string, opts: { action: string }) => Promise<string> };
  }
}

async function fetchChallenge(): Promise<Challenge> {
  const res = await fetch('/api/captcha/challenge/', { headers: { accept: 'application/json' } });
  const body = await res.json();
  return body.data as Challenge;
}

function loadRecaptcha(siteKey: string): Promise<void> {
  if (window.grecaptcha) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    s.async = true;
    s.onload = () => window.grecaptcha!.ready(() => resolve());
    s.onerror = () => reject(new Error('recaptcha'));
    document.head.appendChild(s);
  });
}

/** Produces the captcha field's value: an ALTCHA payload (base64 JSON) or a reCAPTCHA token. */
async function solveCaptcha(): Promise<string> {
  const c = await fetchChallenge();
  if (c.provider === 'recaptcha') {
    await loadRecaptcha(c.siteKey);
    return window.grecaptcha!.execute(c.siteKey, { action: 'submit' });
  }
  const { solve } = await import('../shared/altcha-solver');
  return solve(c.challenge);
}

export default function PublicForm({ id, endpoint, fields, texts: own, hidden = {} }: Props) {
  const texts: Texts = { ...FORM_TEXTS, ...own };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const captcha = useRef<Promise<string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The server-rendered button stays disabled until hydration: without JavaScript the captcha cannot be
  // solved, and a native post would only show the visitor raw JSON (the page explains how to call instead).
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const wanted = fields.filter((f) => f.prefill === 'email');
    if (!wanted.length) return;
    void import('../../stores/header').then(async ({ $headerLoaded, $headerUser, loadHeader }) => {
      if (!$headerLoaded.get()) await loadHeader();
      const email = $headerUser.get()?.email;
      if (!email) return;
      for (const f of wanted) {
        const input = formRef.current?.elements.namedItem(f.name);
        if (input instanceof HTMLInputElement && !input.value) input.value = email;
      }
    });
  }, []);

  // Solving starts on the first interaction, so it is usually finished by the time the visitor submits.
  const warmUp = () => {
    captcha.current ??= solveCaptcha().catch((e) => {
      captcha.current = null;
      throw e;
    });
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    const data: Record<string, string> = { ...hidden };
    for (const [k, v] of new FormData(e.currentTarget)) data[k] = String(v);
    try {
      warmUp();
      data.captcha = await captcha.current!;
      // A challenge is single-use: the next attempt solves a new one.
      captcha.current = null;
      const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(data) });
      const body = (await res.json()) as { status: string; data: { redirect?: string } | null; errors: ApiError[] };
      if (body.status === 'success') {
        if (body.data?.redirect) {
          window.location.assign(body.data.redirect);
          return;
        }
        setErrors({});
        setDone(true);
        return;
      }
      const next: Record<string, string> = {};
      for (const err of body.errors) if (err.field && !next[err.field]) next[err.field] = err.message;
      setErrors(next);
      const unbound = body.errors.filter((x) => !x.field || !fields.some((f) => f.name === x.field)).map((x) => x.message);
      setSummary(unbound.length ? unbound.join(' ') : texts.errors);
      const first = fields.find((f) => next[f.name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
    } catch {
      setSummary(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  if (done && texts.done)
    return (
      <p className="pform__done" role="status" id={`${id}-done`}>
        {texts.done}
      </p>
    );

  return (
    <form ref={formRef} className="pform" id={id} method="post" action={endpoint} noValidate onSubmit={onSubmit} onFocusCapture={warmUp} aria-describedby={summary ? `${id}-summary` : undefined}>
      {fields.map((f) => {
        const fid = `${id}-${f.name}`;
        const err = errors[f.name];
        const describedBy = [err ? `${fid}-err` : '', f.hint ? `${fid}-hint` : ''].filter(Boolean).join(' ') || undefined;
        const common = { id: fid, name: f.name, required: f.required, 'aria-invalid': err ? true : undefined, 'aria-describedby': describedBy, autoComplete: f.autocomplete, maxLength: f.maxLength, placeholder: f.placeholder };
        return (
          <div className={`pform__field${err ? ' pform__field--err' : ''}`} key={f.name}>
            <label htmlFor={fid}>
              {f.label}
              {!f.required && <span className="pform__opt"> ({texts.optional})</span>}
            </label>
            {f.type === 'textarea' ? (
              <textarea {...common} rows={4} defaultValue={f.value} />
            ) : f.type === 'select' ? (
              // A select that starts on a real choice always has a value: `required` would be invalid HTML there.
              <select {...common} required={f.options?.[0]?.value === '' ? common.required : undefined} defaultValue={f.value}>
                {f.options?.map((o) => (
                  <option value={o.value} key={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={f.type} inputMode={f.inputMode} defaultValue={f.value} max={f.max} />
            )}
            {f.hint && (
              <small id={`${fid}-hint`} className="pform__hint">
                {f.hint}
              </small>
            )}
            {err && (
              <span id={`${fid}-err`} className="pform__err">
                {err}
              </span>
            )}
          </div>
        );
      })}
      {summary && (
        <p id={`${id}-summary`} className="pform__summary" role="alert">
          {summary}
        </p>
      )}
      <button className="btn" type="submit" disabled={busy || !live}>
        {busy ? texts.sending : texts.send}
      </button>
    </form>
  );
}
