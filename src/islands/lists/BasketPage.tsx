import { useEffect, useRef, useState } from 'react';
import { basketDict as T } from '../../i18n/ru-basket';
import { storefrontDict as S } from '../../i18n/ru-storefront';
import { DELIVERY_TERMS_URL } from '../../config/seller';
import { addToBasket } from '../../stores/lists';
import { change, imageUrl, loadBasket, money, plural, post, type BasketGrid, type BasketRow } from '../../stores/basket';
import { onRemoteChange, remoteChangeSeen, startHeaderSync } from '../../stores/header';

/** `refusal`: why this shopper may not order (an employee without the right), said here rather than at checkout. */
type Props = { initial: BasketGrid; refusal?: string | null };

/** Rows of one page grouped by category, in the order they came. */
function groups(rows: BasketRow[]): { code: string; name: string; rows: BasketRow[] }[] {
  const out: { code: string; name: string; rows: BasketRow[] }[] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last.code === r.category.code) last.rows.push(r);
    else out.push({ ...r.category, rows: [r] });
  }
  return out;
}

function Stepper({ row, disabled, onChange }: { row: BasketRow; disabled: boolean; onChange: (q: number) => void }) {
  const [text, setText] = useState(String(row.quantity));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(String(row.quantity)), [row.quantity]);
  // The page hydrates on first use (client:held="use"): a quantity typed into the server's field before React arrived
  // is in the field, not in this state — React leaves it there. Taken over; sent at once if the field was already left.
  useEffect(() => {
    const field = input.current;
    if (!field || field.value === String(row.quantity)) return;
    if (document.activeElement === field) setText(field.value);
    else commit(field.value);
  }, []);
  const commit = (typed = text) => {
    const n = Number(typed);
    if (!Number.isInteger(n) || n < 1) return setText(String(row.quantity));
    const q = Math.min(n, row.max_quantity);
    setText(String(q));
    if (q !== row.quantity) onChange(q);
  };
  return (
    <div className="stepper">
      <button type="button" aria-label={`${T.BASKET_UI_LESS}: ${row.name}`} disabled={disabled || row.quantity <= 1} onClick={() => onChange(Math.min(row.quantity - 1, row.max_quantity))}>−</button>
      <input
        ref={input}
        type="number"
        inputMode="numeric"
        min={1}
        max={row.max_quantity}
        step={1}
        value={text}
        disabled={disabled}
        aria-label={`${T.BASKET_UI_QUANTITY}: ${row.name}`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit()}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button type="button" aria-label={`${T.BASKET_UI_MORE}: ${row.name}`} disabled={disabled || row.quantity >= row.max_quantity} onClick={() => onChange(row.quantity + 1)}>+</button>
    </div>
  );
}

function Row({ row, busy, onQuantity, onRemove }: { row: BasketRow; busy: boolean; onQuantity?: (q: number) => void; onRemove: () => void }) {
  return (
    <li className={`brow${row.can_buy ? '' : ' brow--inactive'}`} data-testid="basket-row" data-product={row.product_id}>
      <img className="brow__img" src={imageUrl(row.product_id)} width={72} height={72} alt="" loading="lazy" />
      <div className="brow__main">
        <a className="brow__name" href={row.url}>{row.name}</a>
        <div className="brow__meta">
          {T.BASKET_UI_ARTICLE} {row.article} · {row.brand}
          {row.motivation === 'Y' && <span className="brow__tag">{T.BASKET_UI_MOTIVATION_TAG}</span>}
        </div>
        {row.can_buy ? (
          <div className="brow__price">
            <b>{money(row.price)}</b>
            {row.discount_percent > 0 && <s>{money(row.base_price)}</s>}
            {row.discount_percent > 0 && <span className="brow__disc">−{String(row.discount_percent).replace('.', ',')}%</span>}
            <span className="brow__stock">{row.stock > 0 ? `${T.BASKET_UI_IN_STOCK} ${row.stock} ${T.BASKET_UI_PCS}` : T.BASKET_UI_ON_ORDER}</span>
            {/* Stock can shrink after the row was added: say so instead of silently changing the quantity. */}
            {row.quantity > row.max_quantity && <span className="brow__gone">{T.BASKET_MATCH_LIMITED.replace('{max}', String(row.max_quantity))}</span>}
          </div>
        ) : (
          <div className="brow__gone">{T.BASKET_ERR_CANNOT_BUY}</div>
        )}
      </div>
      <div className="brow__side">
        {row.can_buy && onQuantity && <Stepper row={row} disabled={busy} onChange={onQuantity} />}
        {row.can_buy && <b className="brow__sum" data-testid="row-sum">{money(row.sum)}</b>}
        <button type="button" className="brow__remove" disabled={busy} onClick={onRemove} aria-label={`${T.BASKET_UI_REMOVE}: ${row.name}`}>
          {T.BASKET_UI_REMOVE}
        </button>
      </div>
    </li>
  );
}

/** The basket page: every change shows the loading state, calls the API, then reloads the grid (spec §4). */
export default function BasketPage({ initial, refusal = null }: Props) {
  const [data, setData] = useState(initial);
  const [rows, setRows] = useState(initial.grid.row);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const category = useRef<string | null>(initial.category);
  // Pages on screen: start..end ('split' grows end, replace moves both).
  const view = useRef({ start: initial.page_navigation.page, end: initial.page_navigation.page });
  const categorySelect = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    startHeaderSync();
    // Hydrated on first use (client:held="use"): a category chosen before React arrived, or a change another tab made
    // meanwhile, is shown now rather than lost.
    const chosen = categorySelect.current?.value;
    if (chosen !== undefined && chosen !== (category.current ?? '')) filter(chosen || null);
    else if (remoteChangeSeen()) void reload().catch(() => {});
    // Another tab changed the basket: show the same thing here.
    return onRemoteChange(() => void reload().catch(() => {}));
  }, []);

  /** Reloads the pages on screen (fewer if the basket shrank). */
  async function reload() {
    const { start, end } = view.current;
    const first = await loadBasket(start, category.current);
    const last = Math.min(end, first.page_navigation.pages);
    let all = first.grid.row;
    let latest = first;
    for (let p = first.page_navigation.page + 1; p <= last; p++) {
      latest = await loadBasket(p, category.current);
      all = all.concat(latest.grid.row);
    }
    view.current = { start: first.page_navigation.page, end: latest.page_navigation.page };
    setData(latest);
    setRows(all);
  }

  async function run(action: () => Promise<unknown>, after?: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await change(action);
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    }
    try {
      await (after ?? (() => reload()))();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const setQuantity = (row: BasketRow, q: number) => run(() => post('/api/basket/update/', { product: row.product_id, quantity: q }));
  const remove = (row: BasketRow) => run(() => post('/api/basket/remove/', { product_id: row.product_id }));
  const removeInactive = () =>
    run(async () => {
      const r = await post<{ removed: number }>('/api/basket/inactive/remove/');
      setNotice(`${T.BASKET_UI_INACTIVE_REMOVED} ${r.removed}`);
    });
  const clear = () => {
    if (!confirm(T.BASKET_UI_CLEAR_CONFIRM)) return;
    void run(() => post('/api/basket/clear/'));
  };
  /** Filtering starts again at page 1 (spec §4). */
  const filter = (code: string | null) => {
    category.current = code;
    view.current = { start: 1, end: 1 };
    void run(async () => {}, reload);
  };
  /** 'split' pagination: the next page is appended. */
  const more = () =>
    run(async () => {}, async () => {
      const next = await loadBasket(view.current.end + 1, category.current);
      view.current = { ...view.current, end: next.page_navigation.page };
      setData(next);
      setRows((r) => r.concat(next.grid.row));
    });
  /** Replace pagination: page N instead of what is shown. */
  const goto = (page: number) =>
    run(async () => {}, async () => {
      const next = await loadBasket(page, category.current);
      view.current = { start: next.page_navigation.page, end: next.page_navigation.page };
      setData(next);
      setRows(next.grid.row);
      document.getElementById('basket-top')?.scrollIntoView();
    });

  const { info, page_navigation: nav, motivation_block: mb } = data;
  const empty = info.positions === 0 && data.inactive.length === 0;
  const lastShown = view.current.end >= nav.pages;

  if (empty) {
    return (
      <div className="bempty" data-testid="basket-empty">
        <p>{T.BASKET_UI_EMPTY}</p>
        <p>
          <a className="btn" href="/catalog/">{T.BASKET_UI_TO_CATALOG}</a> <a className="btn btn--ghost" href="/e-order/">{T.BASKET_UI_QUICK_ORDER}</a>
        </p>
      </div>
    );
  }

  return (
    <div className="basket" aria-busy={busy}>
      {busy && <div className="basket__loading" role="status">{T.BASKET_UI_LOADING}</div>}
      {error && <p className="basket__error" role="alert">{error}</p>}
      {notice && <p className="basket__notice" role="status">{notice}</p>}
      <div className="basket__cols">
        <div>
          <div className="basket__tools" id="basket-top">
            {data.categories.length > 1 && (
              <label className="basket__filter">
                <span>{T.BASKET_UI_CATEGORY}</span>
                <select ref={categorySelect} value={category.current ?? ''} disabled={busy} onChange={(e) => filter((e.target as HTMLSelectElement).value || null)}>
                  <option value="">{T.BASKET_UI_ALL_CATEGORIES} ({info.positions})</option>
                  {data.categories.map((c) => (
                    <option key={c.code} value={c.code}>{c.name} ({c.count})</option>
                  ))}
                </select>
              </label>
            )}
            <a href="/e-order/">{T.BASKET_UI_QUICK_ORDER}</a>
            <button type="button" className="linkbtn" disabled={busy} onClick={clear}>{T.BASKET_UI_CLEAR}</button>
          </div>
          {groups(rows).map((g, i) => (
            <section key={`${g.code}-${i}`} className="bgroup" aria-label={g.name}>
              <h2>{g.name}</h2>
              <ul>
                {g.rows.map((r) => (
                  <Row key={r.product_id} row={r} busy={busy} onQuantity={(q) => setQuantity(r, q)} onRemove={() => remove(r)} />
                ))}
              </ul>
            </section>
          ))}
          {nav.pages > 1 && (
            <nav className="bpager" aria-label={T.BASKET_UI_PAGES}>
              {!lastShown && (
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={more}>
                  {T.BASKET_UI_SHOW_MORE}
                </button>
              )}
              <div className="bpager__pages">
                {Array.from({ length: nav.pages }, (_, i) => i + 1).map((p) => (
                  <button type="button" key={p} aria-current={p >= view.current.start && p <= view.current.end ? 'page' : undefined} disabled={busy} onClick={() => goto(p)}>
                    {p}
                  </button>
                ))}
              </div>
            </nav>
          )}
          {info.positions > 0 && (
            <section className="bbar" aria-label={S.SF_BASKET_BAR_LABEL}>
              <p>
                <span>{T.BASKET_UI_TOTAL}</span> <b data-testid="bar-sum">{money(info.sum)}</b>
              </p>
              {!refusal && <a className="btn" href="/checkout/">{T.BASKET_UI_CHECKOUT}</a>}
            </section>
          )}
          {data.inactive.length > 0 && (
            <section className="bgroup bgroup--inactive" aria-labelledby="inactive-h" data-testid="basket-inactive">
              <div className="bgroup__head">
                <h2 id="inactive-h">{T.BASKET_UI_INACTIVE} ({data.inactive.length})</h2>
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={removeInactive}>{T.BASKET_UI_REMOVE_INACTIVE}</button>
              </div>
              <p className="muted">{T.BASKET_UI_INACTIVE_TEXT}</p>
              <ul>
                {data.inactive.map((r) => (
                  <Row key={r.product_id} row={r} busy={busy} onRemove={() => remove(r)} />
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="binfo" aria-label={T.BASKET_UI_SUMMARY}>
          <dl>
            <dt>{T.BASKET_UI_POSITIONS}</dt>
            <dd data-testid="info-positions">{info.positions}</dd>
            <dt>{T.BASKET_UI_UNITS}</dt>
            <dd data-testid="info-quantity">{info.quantity} {T.BASKET_UI_PCS}</dd>
            {info.discount_sum > 0 && (
              <>
                <dt>{T.BASKET_UI_BASE_SUM}</dt>
                <dd>{money(info.base_sum)}</dd>
                {/* A retail shopper's only discount is a promotion's (decision 0240); a contractor's is his terms or a promotion, whichever is lower. */}
                <dt>{info.contractor ? T.BASKET_UI_DISCOUNT : T.BASKET_UI_DISCOUNT_PROMO}</dt>
                <dd className="binfo__disc" data-testid="info-discount">−{money(info.discount_sum)}</dd>
              </>
            )}
            <dt className="binfo__total">{T.BASKET_UI_TOTAL}</dt>
            <dd className="binfo__total" data-testid="info-sum">{money(info.sum)}</dd>
          </dl>
          {info.contractor && <p className="muted">{T.BASKET_UI_CONTRACTOR_NOTE}</p>}
          {refusal ? (
            <p className="binfo__refusal" role="note" data-testid="basket-refusal">
              {refusal}
            </p>
          ) : (
            <a className={`btn binfo__go${info.positions ? '' : ' btn--disabled'}`} href={info.positions ? '/checkout/' : undefined} aria-disabled={!info.positions}>
              {T.BASKET_UI_CHECKOUT}
            </a>
          )}
          <p className="muted">{T.BASKET_UI_INFO_TEXT} <a href={DELIVERY_TERMS_URL}>{S.SF_BASKET_TERMS_LINK}</a></p>
          {mb && (
            <div className="bmotiv" data-testid="motivation-block">
              <b>{mb.title}</b>
              {/* money() ends with «р.»: no second full stop. */}
              <p>{mb.left > 0 ? `${mb.text} ${T.BASKET_UI_LEFT} ${money(mb.left)}` : mb.text}</p>
              <div className="bmotiv__bar" role="progressbar" aria-valuenow={mb.progress} aria-valuemin={0} aria-valuemax={100} aria-label={T.BASKET_UI_FREE_DELIVERY}>
                <span style={{ width: `${mb.progress}%` }} />
              </div>
              {mb.products.length > 0 && <h2 className="bmotiv__title">{S.SF_BASKET_UPSELL_TITLE}</h2>}
              {mb.products.length > 0 && (
                <ul>
                  {mb.products.map((p) => (
                    <li key={p.id}>
                      <a href={p.url}>{p.name}</a>
                      <span>{money(p.personalPrice ?? p.price)}</span>
                      <button type="button" className="btn btn--ghost" disabled={busy || !p.canBuy} onClick={() => run(() => addToBasket(p.id, 1, true))} aria-label={`${T.BASKET_UI_ADD}: ${p.name}`}>
                        {T.BASKET_UI_ADD}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </aside>
      </div>
      <p className="visually-hidden" aria-live="polite">{`${info.positions} ${plural(info.positions, [T.BASKET_UI_POS_1, T.BASKET_UI_POS_2, T.BASKET_UI_POS_5])}, ${money(info.sum)}`}</p>
    </div>
  );
}
