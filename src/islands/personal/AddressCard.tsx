import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, type AddressView } from '../../stores/addresses';
import type { Run } from './run';

const STATUS: Record<AddressView['status'], string> = {
  pending: T.ADDR_STATUS_PENDING,
  active: T.ADDR_STATUS_ACTIVE,
  deletion_requested: T.ADDR_STATUS_DELETION_REQUESTED,
};

type Props = {
  address: AddressView;
  canManage: boolean;
  showAddedBy: boolean;
  busy: boolean;
  /** Runs a change of this address, then the page reloads the list. */
  run: Run;
  onConfirm: () => void;
  /** The code panel of this address is open (its own confirm button would repeat it). */
  confirming: boolean;
  onDelete: () => void;
  onCancelDelete: () => void;
  /** An unstructured (one-line) address: open the form that completes it by fields. */
  onComplete?: () => void;
  children?: React.ReactNode;
};

/** A long e-mail on a phone wraps after the «@» («admin@» / «stroymontazh.by»), not before its last letter. */
function breakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** One contact (e-mail or phone) of an address: its value, "change", and its notifications switch. */
function Contact({ a, kind, canManage, run, busy }: { a: AddressView; kind: 'email' | 'phone'; canManage: boolean; run: Props['run']; busy: boolean }) {
  const value = kind === 'email' ? a.email : a.phone;
  const on = kind === 'email' ? a.emailNotify : a.phoneNotify;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  const label = kind === 'email' ? T.ADDR_FIELD_EMAIL : T.ADDR_FIELD_PHONE;
  const switchLabel = kind === 'email' ? T.ADDR_NOTIFY_EMAIL : T.ADDR_NOTIFY_SMS;
  const id = `addr-${a.id}-${kind}`;

  const save = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    setError(null);
    const ok = await run(() => addressCalls.changeContact(a.id, kind, draft.trim()), {
      onError: (err) => {
        const f = failureText(err, T.ADDR_FAILED);
        setError(f.fields[kind] ?? f.message);
      },
    });
    if (ok) setEditing(false);
  };

  return (
    <div className="contact">
      {editing ? (
        <form className="contact__edit" onSubmit={save} noValidate>
          <label className="field">
            <span>{label}</span>
            <input id={id} name={kind} type={kind === 'email' ? 'email' : 'tel'} inputMode={kind === 'email' ? 'email' : 'tel'} autoComplete={kind === 'email' ? 'email' : 'tel'} value={draft} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
          </label>
          {error && <p className="addr__error" id={`${id}-err`} role="alert">{error}</p>}
          <div className="contact__buttons">
            <button type="submit" className="btn" disabled={busy}>{T.ADDR_SAVE_CONTACT}</button>
            <button type="button" className="btn btn--ghost" onClick={() => { setEditing(false); setDraft(value ?? ''); setError(null); }}>{T.ADDR_CANCEL}</button>
          </div>
        </form>
      ) : (
        <>
          <label className="switch">
            <input type="checkbox" role="switch" checked={on} disabled={!canManage || busy || (!value && !on)} onChange={(e) => { const next = e.currentTarget.checked; void run(() => addressCalls.setNotify(a.id, kind, next)); }} />
            <span className="contact__text">
              <span className="contact__what">{switchLabel}</span>
              <span className={`contact__value contact__value--${kind}${value ? '' : ' muted'}`}>{value ? (kind === 'email' ? breakAfterAt(value) : value) : kind === 'email' ? T.ADDR_NO_EMAIL : T.ADDR_NO_PHONE}</span>
            </span>
          </label>
          {canManage && (
            <button type="button" className="linklike contact__change" onClick={() => setEditing(true)} aria-label={`${value ? T.ADDR_CHANGE : T.ADDR_SET}: ${label.toLowerCase()}`}>
              {value ? T.ADDR_CHANGE : T.ADDR_SET}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** One delivery address with its status (spec §3 id, status, deletionRequested), contacts and actions. */
export default function AddressCard({ address: a, canManage, showAddedBy, busy, run, onConfirm, confirming, onDelete, onCancelDelete, onComplete, children }: Props) {
  const details = [a.flat && (/^\d/.test(a.flat) ? `${T.ADDR_FLAT} ${a.flat}` : a.flat), a.entrance && `${T.ADDR_ENTRANCE} ${a.entrance}`, showAddedBy && a.addedBy && `${T.ADDR_ADDED_BY}: ${a.addedBy}`].filter(Boolean).join(' · ');
  return (
    <li className={`addr addr--${a.status}`} data-address-id={a.id} data-status={a.status}>
      <div className="addr__head">
        <b className="addr__text">{a.address}</b>
        <span className={`status addr__status addr__status--${a.status}`}>{STATUS[a.status]}</span>
      </div>
      {details && <p className="addr__details">{details}</p>}
      {a.unstructured && <p className="addr__note addr__note--unstructured">{T.ADDR_UNSTRUCTURED}</p>}
      {a.replacesId && <p className="addr__note">{T.ADDR_REPLACES}</p>}
      {a.deletionRequested && <p className="addr__note">{T.ADDR_DELETE_REQUESTED}</p>}
      <div className="addr__contacts">
        <Contact a={a} kind="email" canManage={canManage} run={run} busy={busy} />
        <Contact a={a} kind="phone" canManage={canManage} run={run} busy={busy} />
      </div>
      {canManage && (
        <div className="addr__actions">
          {a.unstructured && onComplete && <button type="button" className="btn" onClick={onComplete} disabled={busy}>{T.ADDR_COMPLETE}</button>}
          {a.status === 'pending' && !confirming && <button type="button" className="btn" onClick={onConfirm} disabled={busy}>{T.ADDR_CONFIRM}</button>}
          {a.status === 'deletion_requested' && !confirming && <button type="button" className="btn" onClick={onConfirm} disabled={busy}>{T.ADDR_CONFIRM_DELETE}</button>}
          {a.status === 'deletion_requested' ? (
            <button type="button" className="btn btn--ghost" onClick={onCancelDelete} disabled={busy}>{T.ADDR_CANCEL_DELETE}</button>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={onDelete} disabled={busy}>{T.ADDR_DELETE}</button>
          )}
        </div>
      )}
      {children}
    </li>
  );
}
