/**
 * The cards' marks — «В корзине», pressed compare and favourite — painted into the server's buttons
 * (components/catalog/CardActions.astro). Plain DOM with no React: the header boot paints them from
 * api/header/ before any island is loaded (decision 0300), and the page's controller island
 * (CardActionsController.tsx) paints with the same code once it runs, so the two never disagree.
 */
import { cardDict as T } from '../../i18n/ru-card';

/** The basket control: a button while the product is not in the basket, a link to the basket once it is. */
function swapBuy(current: HTMLElement, inBasket: boolean): void {
  const isLink = current.tagName === 'A';
  if (inBasket === isLink) return;
  const next = document.createElement(inBasket ? 'a' : 'button');
  next.className = inBasket ? 'btn btn--ghost actions__buy' : 'btn actions__buy';
  next.dataset.act = 'buy';
  next.textContent = inBasket ? T.IN_BASKET : T.ADD_TO_BASKET;
  if (inBasket) (next as HTMLAnchorElement).href = '/basket/';
  else (next as HTMLButtonElement).type = 'button';
  const hadFocus = document.activeElement === current;
  current.replaceWith(next);
  if (hadFocus) next.focus();
}

function press(button: HTMLElement | null, on: boolean, label: string): void {
  if (!button) return;
  button.setAttribute('aria-pressed', String(on));
  button.setAttribute('aria-label', label);
}

export function paintCards(basket: number[], compare: number[], favorites: number[]): void {
  for (const block of document.querySelectorAll<HTMLElement>('[data-actions]')) {
    const id = Number(block.dataset.actions);
    const buy = block.querySelector<HTMLElement>('[data-act="buy"]');
    if (buy && !(buy as HTMLButtonElement).disabled) swapBuy(buy, basket.includes(id));
    const inCompare = compare.includes(id);
    press(block.querySelector('[data-act="compare"]'), inCompare, inCompare ? T.CARD_COMPARE_REMOVE : T.CARD_COMPARE);
    const inFavorites = favorites.includes(id);
    press(block.querySelector('[data-act="favorite"]'), inFavorites, inFavorites ? T.CARD_FAVORITE_REMOVE : T.CARD_FAVORITE);
  }
}
