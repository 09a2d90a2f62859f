import { useEffect, useId, useRef, useState } from 'react';
import { ordersDict as T } from '../../i18n/ru-orders';
import { suggestAddresses, type AddressSuggestion, type SavedSuggestion } from '../../stores/checkout';

type Option = { key: string; label: string; hint: string; value: string; savedId: number | null; locality: boolean };

type Props = {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** A saved address was picked from the list. */
  onPickSaved: (id: number) => void;
};

const DELAY_MS = 250;

function options(saved: SavedSuggestion[], suggestions: AddressSuggestion[]): Option[] {
  return [
    ...saved.map((s) => ({ key: `s${s.address_id}`, label: s.value, hint: T.CHECKOUT_UI_SAVED, value: s.value, savedId: s.address_id, locality: false })),
    ...suggestions.map((s, i) => ({ key: `l${i}`, label: s.value, hint: s.street ? '' : T.CHECKOUT_UI_SUGGESTIONS, value: s.value, savedId: null, locality: !s.street })),
  ];
}

/**
 * The new-address field with suggestions (WAI-ARIA combobox): the buyer's own addresses first, then
 * localities; arrows move, Enter picks, Escape closes. Picking a locality leaves the caret after
 * "…, г. Гомель, " so the street follows.
 */
export default function AddressField({ value, error, onChange, onPickSaved }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [items, setItems] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  useEffect(() => {
    if (!open) return;
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      suggestAddresses(value)
        .then((r) => {
          if (mine !== seq.current) return;
          setItems(options(r.saved, r.suggestions));
          setActive(-1);
        })
        .catch(() => setItems([]));
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, open]);

  const pick = (o: Option) => {
    if (o.savedId != null) {
      onPickSaved(o.savedId);
      setOpen(false);
      return;
    }
    const next = o.locality ? `${o.value}, ` : o.value;
    onChange(next);
    setOpen(o.locality);
    input.current?.focus();
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
  return (
    <div className="combo">
      <label htmlFor={`${id}-in`}>{T.CHECKOUT_UI_NEW_ADDRESS}</label>
      <input
        ref={input}
        id={`${id}-in`}
        name="newAddressAddress"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${id}-o${active}` : undefined}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint`}
        value={value}
        placeholder={T.CHECKOUT_UI_ADDRESS_HINT}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKey}
      />
      <span id={`${id}-hint`} className={error ? 'field__error' : 'muted'}>{error ?? T.CHECKOUT_UI_ADDRESS_HINT}</span>
      <ul id={listId} role="listbox" className="combo__list" hidden={!shown} aria-label={T.CHECKOUT_UI_SUGGESTIONS}>
        {items.map((o, i) => (
          <li
            key={o.key}
            id={`${id}-o${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
          >
            <span>{o.label}</span>
            {o.hint && <small>{o.hint}</small>}
          </li>
        ))}
      </ul>
    </div>
  );
}
