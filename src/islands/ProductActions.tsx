import { useState } from 'react';
import { useClientStore } from '../stores/hooks';
import { $basketIds, $compareIds, $favoriteIds } from '../stores/header';
import { addToBasket, toggleCompare, toggleFavorite } from '../stores/lists';

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

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Не удалось выполнить действие');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`actions actions--${size}`}>
      {inBasket ? (
        <a className="btn btn--ghost actions__buy" href="/basket/">В корзине</a>
      ) : (
        <button type="button" className="btn actions__buy" disabled={!canBuy || busy} onClick={() => run(() => addToBasket(productId))} aria-label={`В корзину: ${productName}`}>
          {canBuy ? 'В корзину' : 'Нет в продаже'}
        </button>
      )}
      <button type="button" className="actions__icon" aria-pressed={inCompare} disabled={busy} onClick={() => run(() => toggleCompare(productId))} aria-label={inCompare ? `Убрать из сравнения: ${productName}` : `Сравнить: ${productName}`}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d={ICON.compare} /></svg>
      </button>
      <button type="button" className="actions__icon" aria-pressed={inFavorites} disabled={busy} onClick={() => run(() => toggleFavorite(productId))} aria-label={inFavorites ? `Убрать из избранного: ${productName}` : `В избранное: ${productName}`}>
        <svg viewBox="0 0 24 24" fill={inFavorites ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d={ICON.heart} /></svg>
      </button>
      {error && <p className="actions__error" role="alert">{error}</p>}
    </div>
  );
}
