import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, type AllResult } from '../../stores/addresses';
import type { Run } from './run';

type Props = { own: { email: string; phone: string | null }; busy: boolean; run: Run };

const doneText = (r: AllResult) => T.ADDR_ALL_DONE.replace('{n}', String(r.updated)) + (r.withoutContact ? `; ${T.ADDR_ALL_SKIPPED.replace('{n}', String(r.withoutContact))}` : '');

/** changeEmailAll / changePhoneAll: one contact, and notices on or off, for every address at once. */
function AllFor({ kind, initial, busy, run }: { kind: 'email' | 'phone'; initial: string; busy: boolean; run: Props['run'] }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = `all-${kind}`;
  const what = (kind === 'email' ? T.ADDR_NOTIFY_EMAIL : T.ADDR_NOTIFY_SMS).toLowerCase();
  const call = (body: { value?: string; on?: boolean }) => {
    setError(null);
    return run(() => addressCalls.changeAll(kind, body), {
      done: doneText,
      onError: (e) => {
        const f = failureText(e, T.ADDR_FAILED);
        setError(f.fields[kind] ?? f.message ?? Object.values(f.fields)[0] ?? T.ADDR_FAILED);
      },
    });
  };
  return (
    <fieldset className="allfor" data-all={kind}>
      <legend>{kind === 'email' ? T.ADDR_NOTIFY_EMAIL : T.ADDR_NOTIFY_SMS}</legend>
      <form className="allfor__set" onSubmit={(e) => { e.preventDefault(); void call({ value: value.trim() }); }} noValidate>
        <label className="field">
          <span>{kind === 'email' ? T.ADDR_ALL_EMAIL : T.ADDR_ALL_PHONE}</span>
          <input id={id} name={kind} type={kind === 'email' ? 'email' : 'tel'} autoComplete={kind === 'email' ? 'email' : 'tel'} value={value} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" className="btn btn--ghost" disabled={busy || !value.trim()}>{T.ADDR_ALL_APPLY}</button>
      </form>
      {error && <p className="addr__error" id={`${id}-err`} role="alert">{error}</p>}
      <div className="allfor__switch">
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void call({ on: true })} aria-label={`${T.ADDR_ALL_ON}: ${what}`}>{T.ADDR_ALL_ON}</button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void call({ on: false })} aria-label={`${T.ADDR_ALL_OFF}: ${what}`}>{T.ADDR_ALL_OFF}</button>
      </div>
    </fieldset>
  );
}

export default function AddressAllPanel({ own, busy, run }: Props) {
  return (
    <section className="panel allpanel" aria-labelledby="allpanel-title">
      <h2 id="allpanel-title">{T.ADDR_ALL_TITLE}</h2>
      <p className="muted">{T.ADDR_ALL_TEXT}</p>
      <div className="allpanel__grid">
        <AllFor kind="email" initial={own.email} busy={busy} run={run} />
        <AllFor kind="phone" initial={own.phone ?? ''} busy={busy} run={run} />
      </div>
    </section>
  );
}

