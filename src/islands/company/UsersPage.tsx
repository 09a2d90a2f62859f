/**
 * /personal/users/: the company's users in two tabs (spec §4: activeUsers / blockedUsers; the
 * blocked tab only when someone is blocked), 20 a page, searched by name, e-mail or phone. Blocking
 * or unblocking removes the user from the current tab. The URL keeps tab, page and search.
 */
import { useEffect, useRef, useState } from 'react';
import { companyDict as T } from '../../i18n/ru-company';
import { api } from '../../stores/api';
import { SEARCH_DELAY_MS } from '../../config/constants';
import { formatPrice } from '../../lib/format';
import type { CompanyUser, UsersList, UsersTab } from '../../server/company/users';
import type { BlockResult } from '../../server/company/manage';
import Tabs, { type TabDef } from './Tabs';
import BlockDialog from './BlockDialog';
import { errorsOf, fill, formatDateTime, useToast } from './shared';

const PERM_SHORT: Record<string, string> = {
  place_orders: T.COMPANY_PERM_PLACE_ORDERS,
  invoice_only: T.COMPANY_PERM_INVOICE_ONLY,
  company_orders: T.COMPANY_PERM_COMPANY_ORDERS,
  manage_addresses: T.COMPANY_PERM_MANAGE_ADDRESSES,
  manage_exports: T.COMPANY_PERM_MANAGE_EXPORTS,
};

function syncUrl(tab: UsersTab, page: number, search: string) {
  const url = new URL(location.href);
  url.search = '';
  if (tab === 'blockedUsers') url.searchParams.set('tab', 'blocked');
  if (page > 1) url.searchParams.set('page', String(page));
  if (search) url.searchParams.set('search', search);
  history.replaceState(null, '', url);
}

function UserRow({ user, onBlock }: { user: CompanyUser; onBlock: (u: CompanyUser) => void }) {
  const href = `/personal/users/${encodeURIComponent(user.userId)}/`;
  return (
    <li className="cuser" data-user={user.email}>
      <div className="cuser__head">
        <a className="cuser__name" href={href}>{user.name}</a>
        {user.isSelf && <span className="cuser__self">({T.COMPANY_USERS_YOU})</span>}
      </div>
      <p className="cuser__role">
        {user.isContragentAdmin && <span className="status status--admin">{T.COMPANY_USERS_ADMIN}</span>}
        {user.position && <span>{user.position}</span>}
      </p>
      <p className="cuser__contacts">
        <span>{user.email}</span>
        {user.phone && <span>{user.phone}</span>}
      </p>
      <ul className="chips" aria-label={T.COMPANY_USER_PERMISSIONS}>
        {user.isContragentAdmin ? (
          <li className="chip">{T.COMPANY_USERS_ALL_RIGHTS}</li>
        ) : user.permissions.length ? (
          user.permissions.map((p) => <li key={p} className={p === 'invoice_only' ? 'chip chip--warn' : 'chip'}>{PERM_SHORT[p] ?? p}</li>)
        ) : (
          <li className="chip chip--muted">{T.COMPANY_USERS_NO_RIGHTS}</li>
        )}
        {user.orderLimit && <li className="chip chip--warn">{T.COMPANY_USERS_LIMIT}: {formatPrice(user.orderLimit)}{user.orderLimitPeriod && user.orderLimitPeriod !== 'order' ? ` ${T[`COMPANY_USERS_LIMIT_${user.orderLimitPeriod.toUpperCase() as 'DAY' | 'WEEK' | 'MONTH'}`]}` : ''}</li>}
      </ul>
      <p className="cuser__login">
        {user.invitationPending ? T.COMPANY_USERS_INVITED : `${T.COMPANY_USERS_LAST_LOGIN}: ${user.lastLoginAt ? formatDateTime(user.lastLoginAt) : T.COMPANY_USERS_NEVER}`}
      </p>
      <div className="cuser__actions">
        <a className="btn btn--ghost btn--small" href={href}>{T.COMPANY_USERS_OPEN}</a>
        {!user.isSelf && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onBlock(user)}>
            {user.blocked === 'Y' ? T.COMPANY_USERS_UNBLOCK : T.COMPANY_USERS_BLOCK}
          </button>
        )}
      </div>
    </li>
  );
}

export default function UsersPage({ initial }: { initial: UsersList }) {
  const [data, setData] = useState(initial);
  const [search, setSearch] = useState(initial.search);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<CompanyUser | null>(null);
  const [toast, setToast] = useToast();
  const firstSearch = useRef(true);
  const seq = useRef(0);
  const searchForm = useRef<HTMLFormElement>(null);
  const tab = data.tab;
  const rows = data[tab] ?? [];
  const nav = data.pageNavigation;

  const load = async (nextTab: UsersTab, page: number, q: string) => {
    const mine = ++seq.current;
    setBusy(true);
    setError(null);
    try {
      const next = await api<UsersList>('/web/personal/contragent/getUsersList/', {
        query: { page, inactive: nextTab === 'blockedUsers' ? 'Y' : 'N', search: q || undefined },
      });
      if (mine !== seq.current) return;
      // A blocked tab that emptied while away is gone (haveBlocked): fall back to the active one.
      if (next.tab === 'blockedUsers' && !next.haveBlocked) return void load('activeUsers', 1, q);
      setData(next);
      syncUrl(next.tab, next.pageNavigation.page, q);
    } catch (e) {
      if (mine === seq.current) setError(errorsOf(e, T.COMPANY_USERS_FAILED).message ?? T.COMPANY_USERS_FAILED);
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  };

  // A search typed before hydration is taken over (and then runs like any other).
  useEffect(() => {
    const typed = searchForm.current?.querySelector('input')?.value ?? '';
    if (typed !== search) {
      firstSearch.current = false;
      setSearch(typed);
    }
  }, []);

  useEffect(() => {
    if (firstSearch.current) {
      firstSearch.current = false;
      return;
    }
    const id = setTimeout(() => void load(tab, 1, search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [search]);

  const blocked = (result: BlockResult, who: { userId: string; name: string }) => {
    setTarget(null);
    setToast(fill(result.blocked === 'Y' ? T.COMPANY_USERS_BLOCKED_DONE : T.COMPANY_USERS_UNBLOCKED_DONE, { name: who.name }));
    const left = rows.filter((u) => u.userId !== who.userId);
    // The user leaves this tab (spec §4); an emptied page reloads the one before it.
    if (!left.length && (nav.page > 1 || (tab === 'blockedUsers' && !result.haveBlocked))) {
      void load(tab === 'blockedUsers' && !result.haveBlocked ? 'activeUsers' : tab, Math.max(1, nav.page - 1), search.trim());
      return;
    }
    const total = Math.max(0, nav.total - 1);
    setData({ ...data, [tab]: left, haveBlocked: result.haveBlocked, counts: result.counts, pageNavigation: { ...nav, total, pages: Math.max(1, Math.ceil(total / nav.page_size)) } });
  };

  const tabs: TabDef<UsersTab>[] = [
    { key: 'activeUsers', label: T.COMPANY_USERS_TAB_ACTIVE, count: data.counts.active },
    { key: 'blockedUsers', label: T.COMPANY_USERS_TAB_BLOCKED, count: data.counts.blocked, hidden: !data.haveBlocked },
  ];
  const empty = search ? T.COMPANY_USERS_NOTHING_FOUND : tab === 'blockedUsers' ? T.COMPANY_USERS_BLOCKED_EMPTY : T.COMPANY_USERS_EMPTY;

  return (
    <div className="cusers">
      <div className="cusers__bar">
        <form ref={searchForm} className="cusers__search" role="search" onSubmit={(e) => { e.preventDefault(); void load(tab, 1, search.trim()); }}>
          <label className="visually-hidden" htmlFor="users-search">{T.COMPANY_USERS_SEARCH_LABEL}</label>
          <input id="users-search" type="search" name="search" value={search} placeholder={T.COMPANY_USERS_SEARCH} maxLength={100} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
        </form>
        <a className="btn" href="/personal/users/new/">{T.COMPANY_USERS_ADD}</a>
      </div>
      <Tabs tabs={tabs} active={tab} label={T.COMPANY_USERS_TABS_LABEL} panelId="users-panel" onSelect={(k) => void load(k, 1, search.trim())} />
      <div id="users-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} aria-busy={busy}>
        {error && <p className="form-error" role="alert">{error}</p>}
        {rows.length ? (
          <ul className="cusers__list">{rows.map((u) => <UserRow key={u.userId} user={u} onBlock={setTarget} />)}</ul>
        ) : (
          <p className="empty">{busy ? T.COMPANY_USERS_LOADING : empty}</p>
        )}
        {nav.pages > 1 && (
          <nav className="cpager" aria-label={fill(T.COMPANY_USERS_PAGE, { page: nav.page, pages: nav.pages })}>
            <button type="button" className="btn btn--ghost btn--small" disabled={busy || nav.page <= 1} onClick={() => void load(tab, nav.page - 1, search.trim())}>{T.COMPANY_USERS_PREV}</button>
            <span>{fill(T.COMPANY_USERS_PAGE, { page: nav.page, pages: nav.pages })}</span>
            <button type="button" className="btn btn--ghost btn--small" disabled={busy || nav.page >= nav.pages} onClick={() => void load(tab, nav.page + 1, search.trim())}>{T.COMPANY_USERS_NEXT}</button>
          </nav>
        )}
      </div>
      <BlockDialog target={target} onDone={blocked} onClose={() => setTarget(null)} />
      {toast && <div className="toast" role="status">{toast}</div>}
    </div>
  );
}
