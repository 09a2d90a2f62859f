/**
 * «Повторить заказ»'s preview (issue 30): the order's lines at today's prices for this buyer, each
 * with a checkbox, and for a line no longer sold the substitute the server offers (unticked: a
 * different product is the buyer's decision). Prices and their direction come from the server
 * (catalog/pricing.ts); this only shows them. Only the ticked products are posted.
 */
import { useEffect, useRef, useState } from 'react';
import { ordersDict as T } from '../../i18n/ru-orders';
import { ApiFailure } from '../../stores/api';
import { loadRepeatPreview, money, repeatOrder, type RepeatPreviewItem, type RepeatReport } from '../../stores/checkout';

type Props = { orderNumber: string; open: boolean; onClose: () => void; onDone: (report: RepeatReport) => void };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

export default function RepeatPreview({ orderNumber, open, onClose, onDone }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [items, setItems] = useState<RepeatPreviewItem[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!open) {
      if (d.open) d.close();
      return;
    }
    if (!d.open) d.showModal();
    setItems(null);
    setError(null);
    let live = true;
    loadRepeatPreview(orderNumber)
      .then((p) => {
        if (!live) return;
        setItems(p.items);
        setPicked(new Set(p.items.flatMap((i) => (i.can_buy && i.product_id != null ? [i.product_id] : []))));
      })
      .catch((e) => live && setError(e instanceof ApiFailure ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [open, orderNumber]);

  const toggle = (id: number) =>
    setPicked((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async () => {
    if (!items) return;
    // Two lines no longer sold may be offered the same substitute: it is one row of the selection, with both quantities.
    const wanted = new Map<number, number>();
    const want = (product: number, quantity: number) => wanted.set(product, Math.min(9999, (wanted.get(product) ?? 0) + quantity));
    for (const i of items) {
      if (i.can_buy && i.product_id != null && picked.has(i.product_id)) want(i.product_id, i.quantity);
      if (i.substitute && picked.has(i.substitute.product_id)) want(i.substitute.product_id, i.quantity);
    }
    const lines = [...wanted].map(([product, quantity]) => ({ product, quantity }));
    if (!lines.length) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await repeatOrder(orderNumber, lines));
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `rpv-title-${orderNumber}`;
  return (
    <dialog ref={dialog} className="modal rpv" aria-labelledby={titleId} onClose={onClose} data-testid="repeat-preview">
      <h2 id={titleId}>{fill(T.ORDERS_UI_COPY_TITLE, { n: orderNumber })}</h2>
      <p className="rpv__hint">{T.ORDERS_UI_COPY_HINT}</p>
      {!items && !error && <p role="status">{T.ORDERS_UI_COPY_LOADING}</p>}
      {items && (
        <ul className="rpv__lines">
          {items.map((i, k) => (
            <li key={k} className={i.can_buy ? 'rpv__line' : 'rpv__line rpv__line--gone'} data-testid="repeat-line">
              <label className="rpv__pick">
                <input type="checkbox" disabled={!i.can_buy || i.product_id == null} checked={i.can_buy && i.product_id != null && picked.has(i.product_id)} onChange={() => i.product_id != null && toggle(i.product_id)} />
                <span className="rpv__name">{i.name}</span>
              </label>
              <p className="rpv__meta">
                {fill(T.ORDERS_UI_COPY_ARTICLE, { a: i.article })} · {i.quantity} {T.CHECKOUT_UI_PCS}
              </p>
              <p className="rpv__price">
                <span>{fill(T.ORDERS_UI_COPY_WAS, { p: money(i.price_then) })}</span>
                {i.price_now !== null && (
                  <>
                    {' / '}
                    <span className={i.price_change === 'up' ? 'rpv__up' : i.price_change === 'down' ? 'rpv__down' : undefined} data-change={i.price_change ?? undefined}>
                      {fill(T.ORDERS_UI_COPY_NOW, { p: money(i.price_now) })}
                      {i.price_change === 'up' && <span className="rpv__mark">{` ▲ ${T.ORDERS_UI_COPY_UP}`}</span>}
                      {i.price_change === 'down' && <span className="rpv__mark">{` ▼ ${T.ORDERS_UI_COPY_DOWN}`}</span>}
                    </span>
                  </>
                )}
              </p>
              {i.can_buy ? (
                <p className="rpv__stock">{i.stock > 0 ? fill(T.ORDERS_UI_COPY_STOCK, { n: i.stock }) : T.ORDERS_UI_COPY_NO_STOCK}</p>
              ) : (
                <p className="rpv__gone">{T.ORDERS_UI_COPY_GONE}</p>
              )}
              {!i.can_buy && !i.substitute && <p className="rpv__meta">{T.ORDERS_UI_COPY_NO_SUBSTITUTE}</p>}
              {i.substitute && (
                <div className="rpv__sub" data-testid="repeat-substitute">
                  <label className="rpv__pick">
                    <input type="checkbox" checked={picked.has(i.substitute.product_id)} onChange={() => toggle(i.substitute!.product_id)} />
                    <span>
                      {T.ORDERS_UI_COPY_SUBSTITUTE} <a href={i.substitute.url}>{i.substitute.name}</a>
                    </span>
                  </label>
                  <p className="rpv__meta">
                    {fill(T.ORDERS_UI_COPY_NOW, { p: money(i.substitute.price_now) })} · {fill(T.ORDERS_UI_COPY_STOCK, { n: i.substitute.stock })}
                  </p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && <p className="co-errors" role="alert">{error}</p>}
      <div className="modal__actions rpv__actions">
        <button type="button" className="btn" disabled={busy || !items || picked.size === 0} onClick={() => void submit()}>
          {busy ? T.ORDERS_UI_COPY_ADDING : fill(T.ORDERS_UI_COPY_ADD, { n: picked.size })}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => dialog.current?.close()}>{T.ORDERS_UI_COPY_CLOSE}</button>
      </div>
    </dialog>
  );
}
