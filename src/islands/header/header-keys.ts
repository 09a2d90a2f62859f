/**
 * Keyboard behaviour of the header's zero-JS parts and of the page, run by the header's search
 * island once it is hydrated (no island or script of its own: no extra HTML on every page).
 *
 * A focused element is scrolled wholly into view (WCAG 2.4.11/2.4.12): Chromium leaves an element
 * that is partly visible where it is, so a brand in a sideways strip or a button at the bottom
 * edge would get focus half cut off, its focus ring hidden.
 *
 * The catalogue menu is a <details>: without JS it opens and closes with its toggle. With JS it
 * also closes like a menu (WCAG 2.1.2, 2.4.11): Esc closes it and puts focus back on the toggle,
 * and it closes when focus moves out of it or a click lands elsewhere, so the open panel never
 * covers what the keyboard moves on to.
 */

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** Shown: not in a closed <details> (its content still has boxes in Chromium), nor hidden. */
const shown = (x: HTMLElement) => !x.closest('details:not([open]) > :not(summary)') && (x.checkVisibility ? x.checkVisibility({ visibilityProperty: true }) : x.getClientRects().length > 0);

/** The element that Shift+Tab from `el` reaches: the previous tabbable, visible one in page order. */
export function tabbableBefore(el: HTMLElement, skip?: Element | null): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((x) => x === el || (x.tabIndex >= 0 && shown(x) && !skip?.contains(x)));
  const i = all.indexOf(el);
  return i > 0 ? all[i - 1]! : null;
}

export function enhanceCatalogMenu(): () => void {
  const menu = document.querySelector<HTMLDetailsElement>('details.catmenu');
  const toggle = menu?.querySelector('summary');
  if (!menu || !toggle) return () => {};
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !menu.open) return;
    e.preventDefault();
    const inside = menu.contains(document.activeElement) || document.activeElement === document.body;
    menu.open = false;
    if (inside) toggle.focus();
  };
  const onFocusOut = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (to && !menu.contains(to)) menu.open = false;
  };
  const onClick = (e: MouseEvent) => {
    if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
  };
  document.addEventListener('keydown', onKey);
  menu.addEventListener('focusout', onFocusOut);
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('keydown', onKey);
    menu.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('click', onClick);
  };
}

export function revealFocus(): () => void {
  const onFocus = (e: FocusEvent) => {
    const el = e.target;
    // The sticky header, the overlay and dialogs are in view by themselves.
    if (!(el instanceof HTMLElement) || !el.matches(':focus-visible') || el.closest('.header, .skip, .sov, dialog')) return;
    requestAnimationFrame(() => {
      if (document.activeElement !== el) return;
      const r = el.getBoundingClientRect();
      const header = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
      const clipped = [...scrollers(el)].some((s) => {
        const b = s.getBoundingClientRect();
        return r.left < b.left || r.right > b.right || r.top < b.top || r.bottom > b.bottom;
      });
      if (clipped || r.left < 0 || r.right > innerWidth || r.top < header || r.bottom > innerHeight) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  };
  document.addEventListener('focusin', onFocus);
  return () => document.removeEventListener('focusin', onFocus);
}

/** The element's scrolling ancestors below the page itself. */
function* scrollers(el: HTMLElement): Generator<HTMLElement> {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (/(auto|scroll)/.test(s.overflowX + s.overflowY)) yield p;
  }
}
