import { useEffect } from 'react';
import { useClientStore } from '../stores/hooks';
import { $counts, $headerUser, $unreadNotifications, loadHeader, loadNotificationCount, startHeaderSync } from '../stores/header';

type Props = { labels: { basket: string; compare: string; favorites: string; login: string; personal: string; notifications: string } };

function Counter({ href, label, count, icon }: { href: string; label: string; count: number; icon: string }) {
  return (
    <a href={href} aria-label={count ? `${label}: ${count}` : label}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={icon} />
      </svg>
      {count > 0 && <span className="usernav__count" data-testid={`count-${href.replace(/\//g, '')}`}>{count}</span>}
      <span className="usernav__label">{label}</span>
    </a>
  );
}

const ICONS = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  compare: 'M6 20V10M12 20V4M18 20v-7',
  heart: 'M12 20s-7-4.4-9.2-8.6C1.2 8.3 3 5 6.3 5c2 0 3.3 1.1 3.7 2.2C10.4 6.1 11.7 5 13.7 5 17 5 18.8 8.3 17.2 11.4 15 15.6 12 20 12 20z',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2M10 20a2 2 0 0 0 4 0',
  basket: 'M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M9 20a1 1 0 1 0 0 .01M18 20a1 1 0 1 0 0 .01',
};

/** Header counters and the account link; server-rendered at zero, filled from api/header/. */
export default function HeaderCounters({ labels }: Props) {
  const counts = useClientStore($counts, { basket: 0, compare: 0, favorites: 0 });
  const user = useClientStore($headerUser, null);
  const unread = useClientStore($unreadNotifications, 0);
  useEffect(() => {
    startHeaderSync();
    void loadHeader();
  }, []);
  // Only a signed-in visitor has notifications (a guest would get 101); asked once per sign-in, not per header refresh.
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) void loadNotificationCount();
  }, [signedIn]);
  return (
    <>
      <Counter href={user ? '/personal/' : '/login/'} label={user ? labels.personal : labels.login} count={0} icon={ICONS.user} />
      {user && <Counter href="/personal/notifications/" label={labels.notifications} count={unread} icon={ICONS.bell} />}
      <Counter href="/compare/" label={labels.compare} count={counts.compare} icon={ICONS.compare} />
      <Counter href="/favourites/" label={labels.favorites} count={counts.favorites} icon={ICONS.heart} />
      <Counter href="/basket/" label={labels.basket} count={counts.basket} icon={ICONS.basket} />
    </>
  );
}
