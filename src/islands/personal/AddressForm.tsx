import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, type AddressView } from '../../stores/addresses';

type Props = { own: { email: string; phone: string | null }; onAdded: (a: AddressView) => void; onCancel: () => void };

const FIELDS = [
  { name: 'address', label: T.ADDR_FIELD_ADDRESS, hint: T.ADDR_FIELD_ADDRESS_HINT, type: 'text', auto: 'street-address', required: true },
  { name: 'flat', label: T.ADDR_FIELD_FLAT, hint: '', type: 'text', auto: 'off', required: false },
  { name: 'entrance', label: T.ADDR_FIELD_ENTRANCE, hint: '', type: 'text', auto: 'off', required: false },
  { name: 'phone', label: T.ADDR_FIELD_PHONE, hint: '', type: 'tel', auto: 'tel', required: false },
  { name: 'email', label: T.ADDR_FIELD_EMAIL, hint: '', type: 'email', auto: 'email', required: false },
] as const;

type Name = (typeof FIELDS)[number]['name'];

/** requestAdd: a new address, then its confirmation by a code (the page opens the code panel). */
export default function AddressForm({ own, onAdded, onCancel }: Props) {
  const [values, setValues] = useState<Record<Name, string>>({ address: '', flat: '', entrance: '', phone: own.phone ?? '', email: own.email });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const { address } = await addressCalls.requestAdd(values);
      onAdded(address);
    } catch (err) {
      const f = failureText(err, T.ADDR_FAILED);
      setErrors(f.fields);
      setMessage(f.message);
      setBusy(false);
    }
  };

  return (
    <form className="panel addrform" onSubmit={submit} noValidate aria-labelledby="addrform-title">
      <h2 id="addrform-title">{T.ADDR_ADD_TITLE}</h2>
      <div className="addrform__grid">
        {FIELDS.map((f) => (
          <label key={f.name} className={`field addrform__${f.name}`}>
            <span>{f.label}{f.required && <span aria-hidden="true"> *</span>}</span>
            <input
              name={f.name}
              type={f.type}
              autoComplete={f.auto}
              placeholder={f.hint || undefined}
              required={f.required}
              value={values[f.name]}
              aria-invalid={!!errors[f.name]}
              aria-describedby={errors[f.name] ? `addrform-${f.name}-err` : undefined}
              onInput={(e) => setValues({ ...values, [f.name]: (e.target as HTMLInputElement).value })}
            />
            {errors[f.name] && <span className="addr__error" id={`addrform-${f.name}-err`}>{errors[f.name]}</span>}
          </label>
        ))}
      </div>
      {message && <p className="addr__error" role="alert">{message}</p>}
      <div className="addrform__buttons">
        <button type="submit" className="btn" disabled={busy || !values.address.trim()}>{T.ADDR_SAVE}</button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>{T.ADDR_CANCEL}</button>
      </div>
    </form>
  );
}
