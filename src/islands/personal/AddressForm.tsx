import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, type AddressView } from '../../stores/addresses';
import AddressFields, { EMPTY_ADDRESS, type AddressKey, type AddressValues } from '../address/AddressFields';

/** `replaces`: an unstructured (one-line) address this form completes; its fields are pre-filled from the guess. */
type Props = { own: { email: string; phone: string | null }; replaces?: AddressView; onAdded: (a: AddressView) => void; onCancel: () => void };

const CONTACTS = [
  { name: 'phone', label: T.ADDR_FIELD_PHONE, type: 'tel', auto: 'tel' },
  { name: 'email', label: T.ADDR_FIELD_EMAIL, type: 'email', auto: 'email' },
] as const;
type Contact = (typeof CONTACTS)[number]['name'];

const NAMES: Record<AddressKey, string> = { city: 'city', street: 'street', house: 'house', building: 'building', flat: 'flat', entrance: 'entrance' };

function initialAddress(replaces?: AddressView): AddressValues {
  if (!replaces) return EMPTY_ADDRESS;
  const g = replaces.guess ?? {};
  return { ...EMPTY_ADDRESS, ...Object.fromEntries(Object.entries(g).filter(([, v]) => v != null)), flat: g.flat ?? replaces.flat ?? '', entrance: g.entrance ?? replaces.entrance ?? '' };
}

/** requestAdd with the address as fields, then its confirmation by a code (the page opens the code panel). */
export default function AddressForm({ own, replaces, onAdded, onCancel }: Props) {
  const [address, setAddress] = useState<AddressValues>(() => initialAddress(replaces));
  const [contacts, setContacts] = useState<Record<Contact, string>>({ phone: replaces?.phone ?? own.phone ?? '', email: replaces?.email ?? own.email });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = replaces ? `addrform-title-${replaces.id}` : 'addrform-title';

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const { address: added } = await addressCalls.requestAdd({ ...address, ...contacts, ...(replaces ? { replaces: replaces.id } : {}) });
      onAdded(added);
    } catch (err) {
      const f = failureText(err, T.ADDR_FAILED);
      setErrors(f.fields);
      setMessage(f.message);
      setBusy(false);
    }
  };

  return (
    <form className="panel addrform" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{replaces ? T.ADDR_COMPLETE_TITLE : T.ADDR_ADD_TITLE}</h2>
      {replaces && <p className="muted addrform__was">{T.ADDR_COMPLETE_NOTE.replace('{line}', replaces.address)}</p>}
      <AddressFields names={NAMES} values={address} errors={errors} onChange={setAddress} />
      <div className="addrform__grid">
        {CONTACTS.map((f) => (
          <label key={f.name} className={`field addrform__${f.name}`}>
            <span>{f.label}</span>
            <input
              name={f.name}
              type={f.type}
              autoComplete={f.auto}
              value={contacts[f.name]}
              aria-invalid={!!errors[f.name]}
              aria-describedby={errors[f.name] ? `addrform-${f.name}-err` : undefined}
              onInput={(e) => setContacts({ ...contacts, [f.name]: (e.target as HTMLInputElement).value })}
            />
            {errors[f.name] && <span className="addr__error" id={`addrform-${f.name}-err`}>{errors[f.name]}</span>}
          </label>
        ))}
      </div>
      {(errors.address || errors.replaces) && <p className="addr__error">{errors.address ?? errors.replaces}</p>}
      {message && <p className="addr__error" role="alert">{message}</p>}
      <div className="addrform__buttons">
        <button type="submit" className="btn" disabled={busy}>{T.ADDR_SAVE}</button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>{T.ADDR_CANCEL}</button>
      </div>
    </form>
  );
}
