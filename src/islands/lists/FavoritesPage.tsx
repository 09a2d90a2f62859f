import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useClientStore } from '../../stores/hooks';
import { basketDict as T } from '../../i18n/ru-basket';
import { api } from '../../stores/api';
import { $favoriteIds, $headerLoaded, onRemoteChange, startHeaderSync } from '../../stores/header';
import { change, imageUrl, money, ownPrice, post, type Card } from '../../stores/basket';
import ProductActions from '../catalog/ProductActions';

type Sort = { id: string; code: string; by: 'asc' | 'desc'; name: string; selected: boolean };
export type FavoritesData = { items: Card[]; sort: Sort[]; page_navigation: { page: number; page_size: number; total: number; pages: number } };

/** The price this visitor pays (a contractor's own, with the retail price beside it), as a catalogue card shows it. */
function PriceOf({ card }: { card: Card }) {
  const own = ownPrice(card);
  if (own === null) return <span className="price" data-testid="favorite-price">{money(card.price)}</span>;
  return (
    <div>
      <span className="price" data-testid="favorite-price">{money(own)}</span> <span className="card__your">{T.BASKET_UI_YOUR_PRICE}</span>
      <div className="card__retail">{T.BASKET_UI_RETAIL_PRICE}: {money(card.price)}</div>
    </div>
  );
}

/** This page's own address for a sort and page (the first sort and page 1 are left out). */
function addressOf(sorts: Sort[], sort: string, page: number): string {
  const q = new URLSearchParams();
  if (sort !== sorts[0]?.id) q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  const query = q.toString();
  return `/favourites/${query ? `?${query}` : ''}`;
}

/** A plain left click (not a new tab or window) that the island may take over. */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export default function FavoritesPage({ initial }: { initial: FavoritesData }) {
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wanted = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const sort = useRef(initial.sort.find((s) => s.selected)?.id ?? 'date_desc');
  const favoriteIds = useClientStore($favoriteIds, []);
  const loaded = useClientStore($headerLoaded, false);

  const load = async (page: number) => {
    // `timestamp` is the spec's cache-buster.
    const next = await api<FavoritesData>('/web/favorite/', { query: { sort: sort.current, page, timestamp: Date.now() } });
    setData(next);
    // The address follows, so a reload or «Назад» from a product comes back to this page and order.
    history.replaceState(history.state, '', addressOf(next.sort, sort.current, next.page_navigation.page));
  };

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    } finally {
      setBusy(false);
    }
    const next = wanted.current;
    wanted.current = null;
    if (next !== null) await run(() => turnTo(next));
  }

  /** Another page of the list, shown from its top: a short last page would leave the reader at the footer. */
  const turnTo = async (page: number) => {
    await load(page);
    const top = root.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) root.current?.scrollIntoView({ block: 'start' });
  };

  useEffect(() => {
    startHeaderSync();
    const off = onRemoteChange(() => void load(data.page_navigation.page).catch(() => {}));
    return () => {
      off();
    };
  }, []);

  // An item un-hearted on this page (its buttons share the header state) leaves the list.
  useEffect(() => {
    if (loaded && data.items.some((i) => !favoriteIds.includes(i.id))) void run(() => load(data.page_navigation.page));
  }, [favoriteIds, loaded]);

  /** A new sort starts at page 1 (spec §4). */
  const resort = (id: string) => {
    sort.current = id;
    void run(() => load(1));
  };

  const nav = data.page_navigation;
  if (!data.items.length && nav.total === 0) {
    return (
      <div className="bempty" data-testid="favorites-empty">
        <p>{T.BASKET_UI_FAV_EMPTY}</p>
        <a className="btn" href="/catalog/">{T.BASKET_UI_TO_CATALOG}</a>
      </div>
    );
  }
  return (
    <div className="favs" aria-busy={busy} ref={root}>
      <div className="basket__tools">
        {/* Without JavaScript the form sends the chosen order in the address. */}
        <form method="get" action="/favourites/" className="sortsel" onSubmit={(e) => e.preventDefault()}>
          <label className="sortsel">
            <span className="muted">{T.BASKET_UI_SORT}</span>{' '}
            <select name="sort" value={sort.current} disabled={busy} onChange={(e) => resort((e.target as HTMLSelectElement).value)}>
              {data.sort.map((s) => (
                <option key={s.id} value={s.id}>{s.name}</option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="btn btn--ghost">{T.BASKET_UI_SORT_APPLY}</button>
          </noscript>
        </form>
        <span className="muted" data-testid="favorites-total">{T.BASKET_UI_FAV_TOTAL} {nav.total}</span>
        <button type="button" className="linkbtn" disabled={busy} onClick={() => confirm(T.BASKET_UI_FAV_CLEAR_CONFIRM) && run(() => change(() => post('/api/favorite/clear/')).then(() => load(1)))}>
          {T.BASKET_UI_CLEAR_ALL}
        </button>
      </div>
      {busy && <p role="status" className="muted">{T.BASKET_UI_LOADING}</p>}
      {error && <p className="basket__error" role="alert">{error}</p>}
      <ul className="grid favs__grid">
        {data.items.map((p) => (
          <li key={p.id} className="card" data-testid="favorite-item">
            <img src={imageUrl(p.id, 240)} width={240} height={240} alt="" loading="lazy" />
            <a className="favs__name" href={p.url}>{p.name}</a>
            <span className="card__meta">{T.BASKET_UI_ARTICLE} {p.article} · {p.brand}</span>
            <PriceOf card={p} />
            <ProductActions productId={p.id} productName={p.name} canBuy={p.canBuy} />
          </li>
        ))}
      </ul>
      {nav.pages > 1 && (
        <nav className="bpager" aria-label={T.BASKET_UI_FAV_PAGES}>
          <div className="bpager__pages">
            {/* Links, so that the pages work without JavaScript and open in a new tab; a plain click stays on the page. */}
            {Array.from({ length: nav.pages }, (_, i) => i + 1).map((n) => (
              <a
                key={n}
                href={addressOf(data.sort, sort.current, n)}
                aria-current={n === nav.page ? 'page' : undefined}
                aria-disabled={busy || undefined}
                onClick={(e) => {
                  if (!plainClick(e)) return;
                  e.preventDefault();
                  // A page asked for while the list loads is loaded next, not dropped without a word.
                  if (busy) wanted.current = n;
                  else void run(() => turnTo(n));
                }}
              >
                {n}
              </a>
            ))}
          </div>
        </nav>
      )}
    </div>
  );
}
