import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $searchHistory, loadSearchHistory, rememberQuery, searchHeader, searchPageUrl, type SearchHeaderData } from '../../stores/search';
import { SEARCH_DELAY_MS, SEARCH_HISTORY_SHOWN } from '../../config/constants';
import { enhanceCatalogMenu, revealFocus, tabbableBefore } from './header-keys';
import { SEARCH_OVERLAY_LABELS } from '../../i18n/ru-header';

type Labels = Record<'title' | 'categories' | 'brands' | 'products' | 'closest' | 'sts' | 'history' | 'clear' | 'close' | 'all' | 'nothing' | 'error' | 'loading' | 'article' | 'placeholder' | 'understood' | 'removeChip', string>;
/** `labels`: the texts, by default the dictionary's (bundled with the island, not sent as props). */
type Props = { labels?: Labels; inputId: string };

type Option = { id: string; group: 'history' | 'sts' | 'categories' | 'brands' | 'products'; label: string; href: string; query: string };

const price = (n: number) => `${n.toLocaleString('ru-BY', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} р.`;

/**
 * The header search overlay. The server-rendered form (GET /search/) keeps working without JS;
 * once hydrated, focusing its field opens this ARIA combobox: results after a 500 ms pause,
 * ↑ ↓ to move, Enter to open, Esc to close, history when the field is empty.
 *
 * Focus never hides behind it (WCAG 2.4.3, 2.4.11): Esc, «Закрыть» and the backdrop close it and
 * put focus back on the header field (without reopening); Tab past its last control closes it and
 * goes on into the page, Shift+Tab from its field closes it and goes back to what is before the
 * header field; any other way focus leaves it closes it too. The island also gives the header's
 * catalogue menu its keys and keeps focused elements in view (header-keys.ts).
 */
export default function SearchOverlay({ labels = SEARCH_OVERLAY_LABELS, inputId }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [data, setData] = useState<SearchHeaderData | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [active, setActive] = useState(-1);
  const history = useStore($searchHistory);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const seq = useRef(0);
  /** Focus given back to the header field on closing must not open the overlay again. */
  const quiet = useRef(false);

  // Take over the zero-JS field: opening on focus (or a click, typing, ↓ once focus is back on it), carrying over what is already typed.
  useEffect(() => {
    loadSearchHistory();
    const stopMenu = enhanceCatalogMenu();
    const stopReveal = revealFocus();
    const field = document.getElementById(inputId) as HTMLInputElement | null;
    if (!field) return () => (stopMenu(), stopReveal());
    const openFrom = () => {
      setQuery(field.value);
      setOpen(true);
    };
    const onFocus = () => {
      if (quiet.current) quiet.current = false;
      else openFrom();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown') openFrom();
    };
    field.addEventListener('focus', onFocus);
    field.addEventListener('click', openFrom);
    field.addEventListener('input', openFrom);
    field.addEventListener('keydown', onKey);
    field.form?.setAttribute('data-enhanced', '');
    // Hydrated by the tap or Tab that focused the field (client:demand): open as its focus would have.
    if (document.activeElement === field) openFrom();
    return () => {
      stopMenu();
      stopReveal();
      field.removeEventListener('focus', onFocus);
      field.removeEventListener('click', openFrom);
      field.removeEventListener('input', openFrom);
      field.removeEventListener('keydown', onKey);
    };
  }, [inputId]);

  // Opening locks page scroll (spec §4); closing gives it back.
  useEffect(() => {
    if (!open) return;
    const html = document.documentElement;
    const before = html.style.overflow;
    html.style.overflow = 'hidden';
    const input = inputRef.current;
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    document.querySelector('details.catmenu')?.removeAttribute('open');
    return () => {
      html.style.overflow = before;
    };
  }, [open]);

  // Fast search after the pause; a newer keystroke makes an older answer irrelevant.
  useEffect(() => {
    if (!open) return;
    const q = query.trim();
    const n = ++seq.current;
    if (!q) {
      setData(null);
      setState('idle');
      return;
    }
    const timer = setTimeout(() => {
      setState('loading');
      searchHeader(query)
        .then((d) => {
          if (n !== seq.current) return;
          setData(d);
          setState('idle');
          setActive(-1);
        })
        .catch(() => n === seq.current && setState('error'));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, open]);

  const options = useMemo<Option[]>(() => {
    if (!query.trim()) return history.slice(0, SEARCH_HISTORY_SHOWN).map((h, i) => ({ id: `sh-${i}`, group: 'history', label: h, href: searchPageUrl(h), query: h }));
    if (!data) return [];
    const q = data.corrected ?? data.query;
    return [
      ...data.sts.map((s, i) => ({ id: `ss-${i}`, group: 'sts' as const, label: s, href: searchPageUrl(s), query: s })),
      ...data.categories.map((c) => ({ id: `sc-${c.id}`, group: 'categories' as const, label: c.name, href: c.url, query: q })),
      ...data.brands.map((b) => ({ id: `sb-${b.id}`, group: 'brands' as const, label: b.name, href: b.url, query: q })),
      // Nothing obeys the query's limits: the nearest products stand in their place, under their own title.
      ...(data.closest?.products ?? data.products).map((p) => ({ id: `sp-${p.id}`, group: 'products' as const, label: p.name, href: p.url, query: q })),
    ];
  }, [query, data, history]);

  /** `focusField`: give focus back to the header field (Esc, «Закрыть», the backdrop); false when focus has gone elsewhere. */
  const close = useCallback(
    (focusField = true) => {
      setOpen(false);
      setActive(-1);
      const field = document.getElementById(inputId) as HTMLInputElement | null;
      if (!field) return;
      field.value = query;
      if (focusField) {
        quiet.current = true;
        field.focus();
        quiet.current = false;
      }
    },
    [inputId, query],
  );

  // Focus leaving the overlay (Tab past its last control, a screen reader's cursor…) closes it.
  const onBlur = (e: React.FocusEvent<HTMLDivElement>) => {
    const to = e.relatedTarget as Node | null;
    if (to && !e.currentTarget.contains(to)) close(false);
  };

  // Esc from any of its controls closes it; Shift+Tab from the field goes back past the header field (which would open the overlay again).
  const onPanelKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !e.shiftKey || e.target !== inputRef.current) return;
    const field = document.getElementById(inputId);
    const before = field && tabbableBefore(field, rootRef.current);
    e.preventDefault();
    before?.focus();
    // Nothing before it could take focus: back to the header field then, the overlay closed.
    if (document.activeElement === e.target) close();
  };

  const go = (href: string, remembered: string) => {
    rememberQuery(remembered);
    location.assign(href);
  };

  const clear = () => {
    seq.current++;
    setQuery('');
    setData(null);
    setState('idle');
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: ↓ from the last option and ↑ from the first come back to it.
      setActive((i) => {
        const next = i + step;
        if (next >= options.length) return -1;
        if (next < -1) return options.length - 1;
        return next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const opt = options[active];
      if (opt) go(opt.href, opt.query);
      else if (query.trim()) go(searchPageUrl(query), data?.corrected ?? query);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  useEffect(() => {
    if (active >= options.length) setActive(-1);
  }, [active, options.length]);

  // The option chosen with ↑ ↓ is the keyboard's focus: keep it in sight in the scrolling panel (below its sticky bar).
  const activeOptionId = options[active]?.id;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  if (!open) return null;

  const activeId = options[active]?.id;
  const byGroup = (g: Option['group']) => options.filter((o) => o.group === g);
  const optionProps = (o: Option) => ({
    id: o.id,
    role: 'option',
    'data-href': o.href,
    'aria-selected': o.id === activeId,
    className: `sov__opt${o.id === activeId ? ' sov__opt--on' : ''}`,
    onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
    onClick: () => go(o.href, o.query),
  });
  const group = (g: Option['group'], title: string, render: (o: Option) => React.ReactNode = (o) => o.label) => {
    const list = byGroup(g);
    if (!list.length) return null;
    return (
      <li role="presentation" className="sov__group">
        <div className="sov__title" id={`sov-${g}`}>{title}</div>
        <ul role="group" aria-labelledby={`sov-${g}`}>
          {list.map((o) => (
            <li key={o.id} {...optionProps(o)}>
              {render(o)}
            </li>
          ))}
        </ul>
      </li>
    );
  };
  const productById = new Map((data?.closest?.products ?? data?.products ?? []).map((p) => [`sp-${p.id}`, p]));
  const status =
    state === 'loading'
      ? labels.loading
      : state === 'error'
        ? labels.error
        : query.trim() && data?.closest
          ? data.closest.reason
          : query.trim() && data && !data.total && !data.sts.length
            ? labels.nothing
            : '';

  return (
    <div className="sov" role="dialog" aria-modal="true" aria-label={labels.title} ref={rootRef} onBlur={onBlur} onKeyDown={onPanelKeyDown}>
      <div className="sov__backdrop" onClick={() => close()} />
      <div className="sov__panel">
        <form
          className="sov__bar"
          role="search"
          action="/search/"
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            if (query.trim()) go(searchPageUrl(query), data?.corrected ?? query);
          }}
        >
          <input
            ref={inputRef}
            className="sov__input"
            type="search"
            name="q"
            value={query}
            maxLength={200}
            placeholder={labels.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-label={labels.title}
            aria-expanded={options.length > 0}
            aria-controls="sov-list"
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            onInput={(e) => {
              setQuery((e.target as HTMLInputElement).value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          {query && (
            <button type="button" className="sov__clear" onClick={clear} aria-label={labels.clear}>
              ×
            </button>
          )}
          <button type="button" className="sov__close" onClick={() => close()}>
            {labels.close}
          </button>
        </form>
        <p className="sov__status" role="status" aria-live="polite">
          {status}
        </p>
        {query.trim() && data && data.chips.length > 0 && (
          <ul className="sov__chips" aria-label={labels.understood}>
            {data.chips.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  className="sov__chip"
                  onClick={() => {
                    // Removing a condition re-runs the search without its words, as the results page's chip links do.
                    setQuery(c.query);
                    setActive(-1);
                    inputRef.current?.focus();
                  }}
                >
                  {c.name}
                  <span aria-hidden="true" className="sov__chip-x">×</span>
                  <span className="visually-hidden"> — {labels.removeChip}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <ul id="sov-list" role="listbox" aria-label={labels.title} className="sov__list">
          {group('history', labels.history)}
          {group('sts', labels.sts)}
          {group('categories', labels.categories)}
          {group('brands', labels.brands)}
          {group('products', data?.closest ? labels.closest : labels.products, (o) => {
            const p = productById.get(o.id)!;
            return (
              <span className="sov__product">
                <img src={p.image} width={48} height={48} alt="" loading="lazy" />
                <span>
                  <span className="sov__name">{p.name}</span>
                  <span className="sov__meta">
                    {labels.article} {p.article} · <b>{price(p.personalPrice ?? p.price)}</b>
                  </span>
                </span>
              </span>
            );
          })}
        </ul>
        {query.trim() && data && data.total > 0 && (
          <a className="sov__all" href={searchPageUrl(query)} onClick={() => rememberQuery(data.corrected ?? query)}>
            {labels.all} ({data.total})
          </a>
        )}
      </div>
    </div>
  );
}
