import { useEffect, useId, useRef, useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { api } from '../../stores/api';
import { normalizeHouse } from '../../server/geo/address';
import type { AddressSuggestion } from '../../server/geo/suggest';

export type AddressKey = 'city' | 'street' | 'house' | 'building' | 'flat' | 'entrance';
/** What the fields hold; `region` is set when a locality is picked from the suggestions (names repeat across regions). */
export type AddressValues = Record<AddressKey, string> & { region: string };
export const EMPTY_ADDRESS: AddressValues = { city: '', region: '', street: '', house: '', building: '', flat: '', entrance: '' };

type Props = {
  /** The inputs' `name`s: `city`… in the personal area, `newAddressCity`… at checkout (the API's field names). */
  names: Record<AddressKey, string>;
  values: AddressValues;
  /** Server errors by field (keys of `names`' values are mapped back by the caller). */
  errors: Partial<Record<AddressKey, string>>;
  onChange: (v: AddressValues) => void;
};

const DELAY_MS = 250;
const HOUSE_CHECK_MS = 700;
const suggestLocalities = (search: string) => api<{ suggestions: AddressSuggestion[] }>('/api/address/listWithSeparation/', { method: 'POST', body: { search } });
const localityText = (s: AddressSuggestion) => s.value;

/**
 * A delivery address as fields (issue 30): населённый пункт with suggestions from the built-in list
 * (WAI-ARIA combobox: arrows move, Enter picks, Escape closes), улица, дом, корпус, квартира/офис,
 * подъезд. The server checks everything (geo/address.ts); here a house number in none of the
 * accepted forms is pointed out once typing stops.
 */
export default function AddressFields({ names, values, errors, onChange }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [houseError, setHouseError] = useState<string | null>(null);
  const seq = useRef(0);
  const set = (k: AddressKey, v: string) => {
    onChange({ ...values, [k]: v, ...(k === 'city' ? { region: '' } : {}) });
  };

  useEffect(() => {
    if (!open || values.city.trim().length < 2) return setItems([]);
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      suggestLocalities(values.city)
        .then((r) => {
          if (mine !== seq.current) return;
          setItems(r.suggestions);
          setActive(-1);
        })
        .catch(() => setItems([]));
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [values.city, open]);

  // A wrong house number is pointed out once typing stops — not on blur: a message appearing as the buyer
  // presses «Подтвердить» would move the button from under the pointer and swallow the click.
  useEffect(() => {
    const house = values.house.trim();
    const timer = setTimeout(() => setHouseError(house && !normalizeHouse(house) ? T.ADDR_F_HOUSE_WRONG : null), HOUSE_CHECK_MS);
    return () => clearTimeout(timer);
  }, [values.house]);

  const pick = (s: AddressSuggestion) => {
    onChange({ ...values, city: localityText(s), region: s.region });
    setOpen(false);
  };

  const onKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(-1, a - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]!);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const shown = open && items.length > 0;
  const field = (k: AddressKey, label: string, opts: { required?: boolean; hint?: string; auto?: string; error?: string | null } = {}) => {
    const error = errors[k] ?? opts.error ?? null;
    const described = [error ? `${id}-${k}-err` : '', opts.hint ? `${id}-${k}-hint` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field adf__${k}`}>
        <label htmlFor={`${id}-${k}`}>
          {label}
          {opts.required && <span className="req" aria-hidden="true"> *</span>}
        </label>
        <input
          id={`${id}-${k}`}
          name={names[k]}
          type="text"
          autoComplete={opts.auto ?? 'off'}
          required={opts.required}
          aria-required={opts.required || undefined}
          aria-invalid={!!error}
          aria-describedby={described}
          value={values[k]}
          onChange={(e) => set(k, e.target.value)}
        />
        {opts.hint && <span id={`${id}-${k}-hint`} className="muted adf__hint">{opts.hint}</span>}
        {error && <span id={`${id}-${k}-err`} className="field__error">{error}</span>}
      </div>
    );
  };

  const cityError = errors.city ?? null;
  return (
    <div className="adf">
      <div className="field adf__city combo">
        <label htmlFor={`${id}-city`}>
          {T.ADDR_F_CITY}
          <span className="req" aria-hidden="true"> *</span>
        </label>
        <input
          id={`${id}-city`}
          name={names.city}
          role="combobox"
          autoComplete="off"
          required
          aria-required
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${id}-o${active}` : undefined}
          aria-invalid={!!cityError}
          aria-describedby={`${id}-city-hint${cityError ? ` ${id}-city-err` : ''}`}
          value={values.city}
          onChange={(e) => {
            set('city', e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKey}
        />
        <span id={`${id}-city-hint`} className="muted adf__hint">{T.ADDR_F_CITY_HINT}</span>
        {cityError && <span id={`${id}-city-err`} className="field__error">{cityError}</span>}
        <ul id={listId} role="listbox" className="combo__list adf__list" hidden={!shown} aria-label={T.ADDR_F_LOCALITIES}>
          {items.map((s, i) => (
            <li
              key={`${s.region}|${s.locality}|${s.district ?? ''}`}
              id={`${id}-o${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              <span>{`${s.kind} ${s.locality}`}</span>
              {(s.region || s.district) && <small>{[s.region, s.district].filter(Boolean).join(', ')}</small>}
            </li>
          ))}
        </ul>
      </div>
      {field('street', T.ADDR_F_STREET, { required: true, hint: T.ADDR_F_STREET_HINT, auto: 'address-line1' })}
      <div className="adf__row">
        {field('house', T.ADDR_F_HOUSE, { required: true, hint: T.ADDR_F_HOUSE_HINT, error: houseError })}
        {field('building', T.ADDR_F_BUILDING)}
      </div>
      <div className="adf__row">
        {field('flat', T.ADDR_F_FLAT, { hint: T.ADDR_F_FLAT_HINT })}
        {field('entrance', T.ADDR_F_ENTRANCE)}
      </div>
    </div>
  );
}
