import { useEffect, useState } from 'react';
import { useClientStore } from '../../stores/hooks';
import { $counts, $headerLoaded, $headerUser, $unreadNotifications, EMPTY_VIEW, headerPaint, loadHeader, loadNotificationCountOnce, startHeaderSync, type HeaderView } from '../../stores/header';
import { countTestId, headerLinks, linkName, type HeaderLabels, type HeaderLink } from './header-paint';

/** `labels`: the texts, by default the dictionary's (bundled with the island, not sent as props). */
type Props = { labels?: HeaderLabels };

function Counter({ link }: { link: HeaderLink }) {
  return (
    <a href={link.href} aria-label={linkName(link)}>
      <svg aria-hidden="true">
        <use href={`#i-${link.icon}`} />
      </svg>
      <span className="usernav__label">{link.label}</span>
      {link.count > 0 && (
        <>
          {' '}
          <span className="usernav__count" data-testid={countTestId(link.href)}>{link.count}</span>
        </>
      )}
    </a>
  );
}

/**
 * What the first render must show: the server's zeros, or what the header boot has painted into that
 * HTML since (decision 0300) — the island takes the header over from the boot here.
 */
function takeOver(): HeaderView {
  if (typeof window === 'undefined') return EMPTY_VIEW;
  headerPaint.owned = true;
  return headerPaint.painted ?? EMPTY_VIEW;
}

/** Header counters and the account link; server-rendered at zero, painted by the boot until this hydrates. */
export default function HeaderCounters({ labels }: Props) {
  const [first] = useState(takeOver);
  const counts = useClientStore($counts, first);
  const user = useClientStore($headerUser, first.user);
  const unread = useClientStore($unreadNotifications, first.unread);
  useEffect(() => {
    startHeaderSync();
    // header-boot.ts has usually fetched it already.
    if (!$headerLoaded.get()) void loadHeader();
  }, []);
  // Only a signed-in visitor has notifications (a guest would get 101); the boot usually asked already.
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) loadNotificationCountOnce();
  }, [signedIn]);
  return (
    <>
      {headerLinks({ ...counts, user, unread }, labels).map((link) => (
        <Counter key={link.icon} link={link} />
      ))}
    </>
  );
}
