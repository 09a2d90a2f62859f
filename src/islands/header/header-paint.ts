/**
 * The header's account link and counters, as one list both renderers follow: the HeaderCounters
 * island (React, once the visitor uses the page) and the boot (plain DOM writes into the server's
 * HTML, before that — decision 0300). One list, so the island's first render finds exactly what the
 * boot painted and hydrates without a mismatch.
 */
import type { HeaderView } from '../../stores/header';
import { HEADER_COUNTER_LABELS } from '../../i18n/ru-header';

/** `icon` names a symbol of components/IconSprite.astro. */
export type HeaderLink = { href: string; label: string; count: number; icon: 'user' | 'bell' | 'compare' | 'heart' | 'basket' };
export type HeaderLabels = typeof HEADER_COUNTER_LABELS;

export function headerLinks(view: HeaderView, labels: HeaderLabels = HEADER_COUNTER_LABELS): HeaderLink[] {
  const { user } = view;
  const links: HeaderLink[] = [{ href: user ? '/personal/' : '/login/', label: user ? labels.personal : labels.login, count: 0, icon: 'user' }];
  if (user) links.push({ href: '/personal/notifications/', label: labels.notifications, count: view.unread, icon: 'bell' });
  links.push(
    { href: '/compare/', label: labels.compare, count: view.compare, icon: 'compare' },
    { href: '/favourites/', label: labels.favorites, count: view.favorites, icon: 'heart' },
    { href: '/basket/', label: labels.basket, count: view.basket, icon: 'basket' },
  );
  return links;
}

export const linkName = (link: HeaderLink): string => (link.count ? `${link.label}: ${link.count}` : link.label);
export const countTestId = (href: string): string => `count-${href.replace(/\//g, '')}`;

/** Writes `view` into the island's server HTML (`root`: its astro-island), the way HeaderCounters renders it. */
export function paintHeader(root: Element, view: HeaderView): void {
  const byIcon = new Map<string, HTMLAnchorElement>();
  for (const a of root.querySelectorAll<HTMLAnchorElement>(':scope > a')) byIcon.set(a.querySelector('use')?.getAttribute('href') ?? '', a);
  const template = root.querySelector('a');
  if (!template) return;
  const wanted = headerLinks(view).map((link) => {
    let a = byIcon.get(`#i-${link.icon}`);
    if (!a) {
      a = template.cloneNode(true) as HTMLAnchorElement;
      a.querySelector('use')?.setAttribute('href', `#i-${link.icon}`);
    }
    a.setAttribute('href', link.href);
    a.setAttribute('aria-label', linkName(link));
    const label = a.querySelector('.usernav__label')!;
    let count = a.querySelector<HTMLElement>('.usernav__count');
    if (link.count > 0) {
      if (!count) {
        count = document.createElement('span');
        count.className = 'usernav__count';
        // After the label and a space, as the name reads («Корзина: 2»), so the visible text «Корзина 2» is part of
        // the name (WCAG 2.5.3); the badge sits over the icon whatever its place, and the space takes none in the grid.
        label.after(' ', count);
      }
      count.dataset.testid = countTestId(link.href);
      count.textContent = String(link.count);
    } else if (count) {
      if (count.previousSibling?.nodeType === Node.TEXT_NODE) count.previousSibling.remove();
      count.remove();
    }
    label.textContent = link.label;
    return a;
  });
  // Moves only what is out of place (a moved link would lose the focus).
  let at = root.firstChild;
  for (const a of wanted) {
    if (a === at) at = at.nextSibling;
    else root.insertBefore(a, at);
  }
  for (const a of byIcon.values()) if (!wanted.includes(a)) a.remove();
}
