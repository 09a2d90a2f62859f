import { useEffect, useRef, useState } from 'react';
import { useClientStore } from '../../stores/hooks';
import { $basketIds, $compareIds, $favoriteIds } from '../../stores/header';
import { addToBasket, toggleCompare, toggleFavorite } from '../../stores/lists';
import { cardDict as T } from '../../i18n/ru-card';

type Props = { productId: number; productName: string; canBuy: boolean; size?: 'card' | 'page' };

const ICON = {
  compare: 'M6 20V10M12 20V4M18 20v-7',
  heart: 'M12 20s-7-4.4-9.2-8.6C1.2 8.3 3 5 6.3 5c2 0 3.3 1.1 3.7 2.2C10.4 6.1 11.7 5 13.7 5 17 5 18.8 8.3 17.2 11.4 15 15.6 12 20 12 20z',
};

/**
 * "В корзину", compare and favourite buttons of one product. Their on/off state comes from the
 * shared header stores, so every button for the same product (card, page, other tabs) agrees.
 */
export default function ProductActions({ productId, productName, canBuy, size = 'card' }: Props) {
  const inBasket = useClientStore($basketIds, []).includes(productId);
  const inCompare = useClientStore($compareIds, []).includes(productId);
  const inFavorites = useClientStore($favoriteIds, []).includes(productId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // «В корзину» becomes the «В корзине» link: focus goes with it instead of dropping to <body> (WCAG 2.4.3).
  const link = useRef<HTMLAnchorElement>(null);
  const buyFocused = useRef(false);
  useEffect(() => {
    if (!inBasket || !buyFocused.current) return;
    buyFocused.current = false;
    if (!document.activeElement || document.activeElement === document.body) link.current?.focus();
  }, [inBasket]);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.CARD_ACTION_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`actions actions--${size}`}>
      {inBasket ? (
        <a ref={link} className="btn btn--ghost actions__buy" href="/basket/">{T.IN_BASKET}</a>
      ) : (
        // aria-disabled, not disabled, while busy: a disabled button loses focus.
        <button type="button" className="btn actions__buy" disabled={!canBuy} aria-disabled={busy || undefined} onClick={(e) => { buyFocused.current = document.activeElement === e.currentTarget; void run(() => addToBasket(productId)); }} aria-label={`${T.ADD_TO_BASKET}: ${productName}`}>
          {canBuy ? T.ADD_TO_BASKET : T.NOT_AVAILABLE}
        </button>
      )}
      <button type="button" className="actions__icon" aria-pressed={inCompare} aria-disabled={busy || undefined} onClick={() => run(() => toggleCompare(productId))} aria-label={`${inCompare ? T.CARD_COMPARE_REMOVE : T.CARD_COMPARE}: ${productName}`}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d={ICON.compare} /></svg>
      </button>
      <button type="button" className="actions__icon" aria-pressed={inFavorites} aria-disabled={busy || undefined} onClick={() => run(() => toggleFavorite(productId))} aria-label={`${inFavorites ? T.CARD_FAVORITE_REMOVE : T.CARD_FAVORITE}: ${productName}`}>
        <svg viewBox="0 0 24 24" fill={inFavorites ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d={ICON.heart} /></svg>
      </button>
      {error && <p className="actions__error" role="alert">{error}</p>}
    </div>
  );
}
