import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, retryAfter, type AddressView } from '../../stores/addresses';
import { useResendTimer } from '../shared/useResendTimer';

type Option = { channel: 'sms' | 'email'; to: string };

/** Where a code for this address may go: the address's own contacts first, then the viewer's. */
export function codeOptions(a: AddressView, own: { email: string; phone: string | null }): Option[] {
  const out: Option[] = [];
  for (const phone of [a.phone, own.phone]) if (phone && !out.some((o) => o.to === phone)) out.push({ channel: 'sms', to: phone });
  for (const email of [a.email, own.email]) if (email && !out.some((o) => o.to === email)) out.push({ channel: 'email', to: email });
  return out;
}

type Props = {
  address: AddressView;
  own: { email: string; phone: string | null };
  onDone: (result: { id: number; status: 'active' | 'deleted' }) => void;
  onClose: () => void;
};

/**
 * Spec §4: confirmation of a new address or of a deletion by a code sent by SMS or e-mail, with the
 * resend timer (00:SS) before "send again".
 */
export default function AddressCodePanel({ address, own, onDone, onClose }: Props) {
  const options = codeOptions(address, own);
  const [choice, setChoice] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ fields: Record<string, string>; message: string | null } | null>(null);
  const timer = useResendTimer();
  const deleting = address.status === 'deletion_requested';
  const idp = `code-${address.id}`;

  const send = async () => {
    const opt = options[choice];
    if (!opt || busy) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await addressCalls.sendCode(address.id, opt.channel, opt.to);
      setSentTo(sent.sentTo);
      timer.start(sent.resendAfter);
    } catch (e) {
      const wait = retryAfter(e);
      if (wait) timer.start(wait);
      setError(failureText(e, T.ADDR_FAILED));
    }
    setBusy(false);
  };

  const check = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await addressCalls.checkCode(address.id, code.trim()));
    } catch (err) {
      setError(failureText(err, T.ADDR_FAILED));
      setBusy(false);
    }
  };

  return (
    <section className="codepanel" aria-labelledby={`${idp}-title`}>
      <h3 id={`${idp}-title`}>{deleting ? T.ADDR_CODE_DELETE_TITLE : T.ADDR_CODE_ADD_TITLE}</h3>
      {sentTo === null ? (
        <fieldset className="codepanel__choice">
          <legend>{T.ADDR_CODE_HOW}</legend>
          {options.map((o, i) => (
            <label key={`${o.channel}:${o.to}`} className="radio">
              <input type="radio" name={`${idp}-to`} checked={choice === i} onChange={() => setChoice(i)} />
              <span>{o.channel === 'sms' ? T.ADDR_CODE_BY_SMS : T.ADDR_CODE_BY_EMAIL} <b>{o.to}</b></span>
            </label>
          ))}
          <div className="codepanel__buttons">
            <button type="button" className="btn" onClick={send} disabled={busy || !timer.canResend || options.length === 0}>
              {timer.canResend ? T.ADDR_CODE_SEND : `${T.ADDR_CODE_RESEND_IN} ${timer.label}`}
            </button>
            <button type="button" className="btn btn--ghost" onClick={onClose}>{T.ADDR_CANCEL}</button>
          </div>
        </fieldset>
      ) : (
        <form onSubmit={check} noValidate>
          <p className="codepanel__sent" role="status">{T.ADDR_CODE_SENT.replace('{to}', sentTo)}</p>
          <label className="field">
            <span>{T.ADDR_CODE_FIELD}</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="\d{6}" value={code} aria-invalid={!!error?.fields.code} aria-describedby={error?.fields.code ? `${idp}-err` : undefined} onInput={(e) => setCode((e.target as HTMLInputElement).value.replace(/\D/g, ''))} />
          </label>
          {error?.fields.code && <p className="codepanel__error" id={`${idp}-err`} role="alert">{error.fields.code}</p>}
          <div className="codepanel__buttons">
            <button type="submit" className="btn" disabled={busy || code.length !== 6}>{T.ADDR_CODE_CHECK}</button>
            {timer.canResend ? (
              <button type="button" className="btn btn--ghost" onClick={send} disabled={busy}>{T.ADDR_CODE_RESEND}</button>
            ) : (
              <span className="codepanel__timer" role="timer">{T.ADDR_CODE_RESEND_IN} {timer.label}</span>
            )}
          </div>
          <p><button type="button" className="linklike" onClick={() => { setSentTo(null); setCode(''); setError(null); }}>{T.ADDR_CODE_OTHER_WAY}</button></p>
        </form>
      )}
      {error?.message && <p className="codepanel__error" role="alert">{error.message}</p>}
      {error && !error.message && !error.fields.code && Object.values(error.fields)[0] && <p className="codepanel__error" role="alert">{Object.values(error.fields)[0]}</p>}
    </section>
  );
}
