/**
 * Behaviour of every card's buttons on a page (components/catalog/CardActions.astro): one island
 * that renders nothing itself. It listens for clicks on the page (event delegation) and keeps the
 * buttons' state — "В корзине", pressed compare and favourite — in step with the shared header
 * stores, so a card, the product page and other tabs always agree. One small island instead of
 * one per card: less HTML, one hydration. Until it hydrates (on first use) the header boot paints
 * the same marks with the same code (card-marks.ts, decision 0300).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $basketIds, $compareIds, $favoriteIds } from '../../stores/header';
import { addToBasket, toggleCompare, toggleFavorite } from '../../stores/lists';
import { useIslandReady } from '../shared/ready';
import { paintCards } from './card-marks';
import type { DemandOptions } from '../../directives/demand';

/** How the page mounts this island: `client:demand={CARD_ACTIONS_DEMAND}` (src/directives/demand.ts). */
export const CARD_ACTIONS_DEMAND: DemandOptions = {
  island: 'card-actions',
  hold: '[data-actions] button[data-act]',
  // «В корзину» tapped and the page left before this island is ready: the add is still sent.
  keepalive: { match: '[data-act="buy"]:not(:disabled)', call: '/api/basket/add/', param: 'product', from: 'data-actions' },
};

function showError(block: HTMLElement, message: string | null): void {
  let p = block.querySelector<HTMLElement>('.actions__error');
  if (!message) return void p?.remove();
  if (!p) {
    p = document.createElement('p');
    p.className = 'actions__error';
    p.setAttribute('role', 'alert');
    block.append(p);
  }
  p.textContent = message;
}

export default function CardActionsController() {
  const basket = useStore($basketIds);
  const compare = useStore($compareIds);
  const favorites = useStore($favoriteIds);

  useEffect(() => paintCards(basket, compare, favorites), [basket, compare, favorites]);

  useEffect(() => {
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-actions] button[data-act]');
      if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
      const block = button.closest<HTMLElement>('[data-actions]')!;
      const id = Number(block.dataset.actions);
      const act = button.dataset.act;
      // Not `disabled` while the call runs: a disabled button loses focus to <body> (WCAG 2.4.3).
      // «В корзину» then becomes the «В корзине» link and takes the focus with it (swapBuy).
      button.setAttribute('aria-disabled', 'true');
      showError(block, null);
      try {
        await (act === 'buy' ? addToBasket(id) : act === 'compare' ? toggleCompare(id) : toggleFavorite(id));
      } catch (e) {
        showError(block, e instanceof Error ? e.message : 'Не удалось выполнить действие');
      } finally {
        button.removeAttribute('aria-disabled');
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  useIslandReady(CARD_ACTIONS_DEMAND.island);

  return null;
}
