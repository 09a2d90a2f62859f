import { useEffect } from 'react';
import { useClientStore } from '../../stores/hooks';
import { $counts, $headerLoaded, $headerUser, $unreadNotifications, loadHeader, loadNotificationCount, startHeaderSync } from '../../stores/header';
import { HEADER_COUNTER_LABELS } from '../../i18n/ru-header';

/** `labels`: the texts, by default the dictionary's (bundled with the island, not sent as props). */
type Props = { labels?: { basket: string; compare: string; favorites: string; login: string; personal: string; notifications: string } };

/** `icon` names a symbol of components/IconSprite.astro. */
function Counter({ href, label, count, icon }: { href: string; label: string; count: number; icon: 'user' | 'bell' | 'compare' | 'heart' | 'basket' }) {
  return (
    <a href={href} aria-label={count ? `${label}: ${count}` : label}>
      <svg aria-hidden="true">
        <use href={`#i-${icon}`} />
      </svg>
      {count > 0 && <span className="usernav__count" data-testid={`count-${href.replace(/\//g, '')}`}>{count}</span>}
      <span className="usernav__label">{label}</span>
    </a>
  );
}


/** Header counters and the account link; server-rendered at zero, filled from api/header/. */
export default function HeaderCounters({ labels = HEADER_COUNTER_LABELS }: Props) {
  const counts = useClientStore($counts, { basket: 0, compare: 0, favorites: 0 });
  const user = useClientStore($headerUser, null);
  const unread = useClientStore($unreadNotifications, 0);
  useEffect(() => {
    startHeaderSync();
    // header-boot.ts has usually fetched it already (that is often why this island hydrated).
    if (!$headerLoaded.get()) void loadHeader();
  }, []);
  // Only a signed-in visitor has notifications (a guest would get 101); asked once per sign-in, not per header refresh.
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) void loadNotificationCount();
  }, [signedIn]);
  return (
    <>
      <Counter href={user ? '/personal/' : '/login/'} label={user ? labels.personal : labels.login} count={0} icon="user" />
      {user && <Counter href="/personal/notifications/" label={labels.notifications} count={unread} icon="bell" />}
      <Counter href="/compare/" label={labels.compare} count={counts.compare} icon="compare" />
      <Counter href="/favourites/" label={labels.favorites} count={counts.favorites} icon="heart" />
      <Counter href="/basket/" label={labels.basket} count={counts.basket} icon="basket" />
    </>
  );
}
