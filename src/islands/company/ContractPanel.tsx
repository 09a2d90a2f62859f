/**
 * "Договор поставки" on the company users page: the admin's contract requests with their status,
 * and the request form (requisites prefilled from the company row). A request waiting for the CRM
 * is re-read every few seconds until it is delivered, so the status changes in front of the admin.
 */
import { useEffect, useRef, useState } from 'react';
import { companyDict as T } from '../../i18n/ru-company';
import { api } from '../../stores/api';
import type { ContractPrefill, ContractRequestView } from '../../server/company/contract';
import { errorsOf, fill, formatDate, formatDateTime, useAdoptTypedValues, useToast } from './shared';

type Props = { requests: ContractRequestView[]; prefill: ContractPrefill; volumes: { code: string; label: string }[] };

const POLL_MS = 3000;
const POLL_FOR_MS = 120_000;

type Values = { legalAddress: string; iban: string; bankName: string; bic: string; contactName: string; contactPhone: string; contactEmail: string; monthlyVolume: string; comment: string };

export default function ContractPanel({ requests: initial, prefill, volumes }: Props) {
  const [requests, setRequests] = useState(initial);
  // A native <details>: the form opens on a tap even before the island has hydrated.
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [toast, setToast] = useToast();
  const [pollUntil, setPollUntil] = useState(() => (initial.some((r) => r.status === 'queued') ? Date.now() + POLL_FOR_MS : 0));
  const [values, setValues] = useState<Values>({
    legalAddress: prefill.company.legalAddress,
    iban: prefill.company.iban ?? '',
    bankName: prefill.company.bankName ?? '',
    bic: prefill.company.bic ?? '',
    contactName: prefill.contact.name,
    contactPhone: prefill.contact.phone,
    contactEmail: prefill.contact.email,
    monthlyVolume: '',
    comment: '',
  });

  useAdoptTypedValues(form, setValues);

  const waiting = requests.some((r) => r.status === 'queued');
  useEffect(() => {
    if (!waiting || Date.now() > pollUntil) return;
    const id = setTimeout(async () => {
      try {
        const data = await api<{ requests: ContractRequestView[] }>('/web/personal/contragent/getContractRequests/');
        setRequests(data.requests);
      } catch {
        setPollUntil(0);
      }
    }, POLL_MS);
    return () => clearTimeout(id);
  }, [requests, waiting, pollUntil]);

  const set = (k: keyof Values) => (e: { target: EventTarget | null }) => {
    const v = (e.target as HTMLInputElement).value;
    setValues((s) => ({ ...s, [k]: v }));
    setFields((f) => ({ ...f, [k]: '' }));
  };

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const { request } = await api<{ request: ContractRequestView }>('/api/contracts/requestContractFromCrm/', { method: 'POST', body: values });
      setRequests((list) => [request, ...list.filter((r) => r.id !== request.id)]);
      setPollUntil(Date.now() + POLL_FOR_MS);
      if (details.current) details.current.open = false;
      setValues((s) => ({ ...s, comment: '' }));
      setToast(fill(T.CONTRACT_SENT_TOAST, { id: request.id }));
    } catch (err) {
      const r = errorsOf(err, T.COMPANY_USERS_FAILED);
      setFields(r.fields);
      setMessage(r.message ?? T.COMPANY_USER_FIX_FIELDS);
    }
    setBusy(false);
  };

  const input = (k: keyof Values, label: string, opts: { type?: string; inputMode?: 'email' | 'tel' | 'text'; autoComplete?: string; hint?: string } = {}) => (
    <div className="field">
      <label htmlFor={`c-${k}`}>{label}</label>
      <input id={`c-${k}`} name={k} type={opts.type ?? 'text'} inputMode={opts.inputMode} autoComplete={opts.autoComplete ?? 'off'} value={values[k]} aria-invalid={fields[k] ? true : undefined} aria-describedby={fields[k] || opts.hint ? `c-${k}-note` : undefined} onInput={set(k)} />
      {fields[k] ? <span id={`c-${k}-note`} className="field__error">{fields[k]}</span> : opts.hint ? <span id={`c-${k}-note`} className="field__hint">{opts.hint}</span> : null}
    </div>
  );

  return (
    <section className="panel contract" aria-labelledby="contract-title">
      <h2 id="contract-title">{T.CONTRACT_TITLE}</h2>
      {requests.length ? (
        <ul className="contract__list">
          {requests.map((r) => (
            <li key={r.id} className="contract__item" data-request={r.id}>
              <span>{fill(T.CONTRACT_REQUEST_N, { id: r.id, date: formatDate(r.createdAt) })}</span>
              <span className={r.status === 'sent' ? 'status status--done' : 'status status--approval'}>{r.statusName}</span>
              {r.sentAt && <span className="contract__when">{fill(T.CONTRACT_SENT_AT, { date: formatDateTime(r.sentAt) })}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="contract__intro">{T.CONTRACT_INTRO}</p>
      )}
      <details ref={details} className="contract__details">
        <summary className="btn">{T.CONTRACT_OPEN_FORM}</summary>
        <form ref={form} id="contract-form" className="contract__form" method="post" onSubmit={submit} noValidate>
          <dl className="contract__company">
            <div><dt>{T.CONTRACT_COMPANY}</dt><dd>{prefill.company.name}</dd></div>
            <div><dt>{T.CONTRACT_UNP}</dt><dd>{prefill.company.unp}</dd></div>
          </dl>
          <p className="field__hint">{T.CONTRACT_REQUISITES_NOTE}</p>
          {input('legalAddress', T.CONTRACT_LEGAL_ADDRESS)}
          {input('iban', T.CONTRACT_IBAN)}
          {input('bankName', T.CONTRACT_BANK)}
          {input('bic', T.CONTRACT_BIC)}
          {input('contactName', T.CONTRACT_CONTACT, { autoComplete: 'name' })}
          {input('contactPhone', T.CONTRACT_CONTACT_PHONE, { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {input('contactEmail', T.CONTRACT_CONTACT_EMAIL, { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          <div className="field">
            <label htmlFor="c-monthlyVolume">{T.CONTRACT_VOLUME}</label>
            <select id="c-monthlyVolume" name="monthlyVolume" value={values.monthlyVolume} aria-invalid={fields.monthlyVolume ? true : undefined} onChange={set('monthlyVolume')}>
              <option value="">{T.CONTRACT_VOLUME_CHOOSE}</option>
              {volumes.map((v) => <option key={v.code} value={v.code}>{v.label}</option>)}
            </select>
            {fields.monthlyVolume && <span className="field__error">{fields.monthlyVolume}</span>}
          </div>
          <div className="field">
            <label htmlFor="c-comment">{T.CONTRACT_COMMENT}</label>
            <textarea id="c-comment" name="comment" rows={3} maxLength={2000} value={values.comment} aria-invalid={fields.comment ? true : undefined} onInput={set('comment')} />
            {fields.comment ? <span className="field__error">{fields.comment}</span> : <span className="field__hint">{T.CONTRACT_COMMENT_HINT}</span>}
          </div>
          {message && <p className="form-error" role="alert">{message}</p>}
          <div className="contract__actions">
            <button type="submit" className="btn" disabled={busy}>{busy ? T.CONTRACT_SENDING : T.CONTRACT_SEND}</button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => details.current && (details.current.open = false)}>{T.CONTRACT_CLOSE_FORM}</button>
          </div>
        </form>
      </details>
      {toast && <div className="toast" role="status">{toast}</div>}
    </section>
  );
}
