/**
 * Header state shared by every island: the basket, compare and favourites id sets from
 * GET api/header/. Islands read these atoms; writers call `refreshHeader()` after a change, which
 * also tells other open tabs to refresh (BroadcastChannel).
 */
import { atom, computed } from 'nanostores';
import { api } from './api';
import { REMOTE_CHANGE_EVENT } from '../lib/remote-change';

export type HeaderUser = { name: string; email: string; isContragentAdmin: boolean } | null;
export type HeaderData = { basket: number[]; compare: number[]; favorites: number[]; user: HeaderUser };

export const $basketIds = atom<number[]>([]);
export const $compareIds = atom<number[]>([]);
export const $favoriteIds = atom<number[]>([]);
export const $headerUser = atom<HeaderUser>(null);
export const $headerLoaded = atom(false);

export const $counts = computed([$basketIds, $compareIds, $favoriteIds], (b, c, f) => ({ basket: b.length, compare: c.length, favorites: f.length }));

/** What the header counters show: the island's render and the boot's paint (header-paint.ts) alike. */
export type HeaderView = { basket: number; compare: number; favorites: number; user: HeaderUser; unread: number };
export const EMPTY_VIEW: HeaderView = { basket: 0, compare: 0, favorites: 0, user: null, unread: 0 };

export const currentView = (): HeaderView => ({ ...$counts.get(), user: $headerUser.get(), unread: $unreadNotifications.get() });

/**
 * The counters' server HTML belongs to the boot until the island hydrates (decision 0300). `painted`
 * is what the boot last wrote into it, so the island's first render matches the page exactly;
 * `owned` is set by that first render and stops the boot from painting a tree React now holds.
 */
export const headerPaint: { painted: HeaderView | null; owned: boolean } = { painted: null, owned: false };

export function applyHeader(data: HeaderData): void {
  $basketIds.set(data.basket);
  $compareIds.set(data.compare);
  $favoriteIds.set(data.favorites);
  $headerUser.set(data.user);
  $headerLoaded.set(true);
}

const CHANNEL = 'store-header';
let channel: BroadcastChannel | null = null;
let inflight: Promise<void> | null = null;
let rerun: Promise<void> | null = null;

/**
 * Reads the header's lists. A read asked for while one is under way may follow a change that read predates (a
 * second compare tap while the first one's refresh is still out): it is not joined to that read but runs right
 * after it, and the older answer is not shown, so the counters never settle on a list from before the last change.
 */
export function loadHeader(): Promise<void> {
  if (inflight) {
    rerun ??= inflight.then(() => {
      rerun = null;
      return loadHeader();
    });
    return rerun;
  }
  inflight = api<HeaderData>('/api/header/')
    .then((data) => {
      if (!rerun) applyHeader(data);
    })
    .catch(() => {
      /* spec §8: store load errors are only logged */
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** After a change: reload, and tell the other tabs to reload too. */
export async function refreshHeader(): Promise<void> {
  await loadHeader();
  channel?.postMessage('changed');
}

const remoteListeners = new Set<() => void>();
let remoteChanged = false;

/** Whether another tab has changed the lists since this page loaded: an island hydrated later shows a list the server rendered before that. */
export const remoteChangeSeen = (): boolean => remoteChanged;

/** Calls `cb` when another tab changed the lists (pages with their own view of a list reload it). */
export function onRemoteChange(cb: () => void): () => void {
  remoteListeners.add(cb);
  return () => remoteListeners.delete(cb);
}

export function startHeaderSync(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    remoteChanged = true;
    void loadHeader();
    for (const cb of remoteListeners) cb();
    document.dispatchEvent(new Event(REMOTE_CHANGE_EVENT));
  };
}

/** Unread notifications of the signed-in user (GET api/header/notification/), for the header badge. */
export const $unreadNotifications = atom(0);

let notificationsAsked = false;

/** Once per page: the boot asks as soon as it sees a signed-in visitor, the island then finds it done. */
export function loadNotificationCountOnce(): void {
  if (notificationsAsked) return;
  notificationsAsked = true;
  void loadNotificationCount();
}

export function loadNotificationCount(): Promise<void> {
  return api<{ unread: number }>('/api/header/notification/')
    .then((d) => $unreadNotifications.set(d.unread))
    .catch((e) => {
      // Spec §8: a notification call answering status 'error' is a failure, logged (the badge keeps its number).
      console.error('[notifications] header count failed', e);
    });
}
