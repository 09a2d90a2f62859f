/**
 * Header state shared by every island: the basket, compare and favourites id sets from
 * GET api/header/. Islands read these atoms; writers call `refreshHeader()` after a change, which
 * also tells other open tabs to refresh (BroadcastChannel).
 */
import { atom, computed } from 'nanostores';
import { api } from './api';

export type HeaderUser = { name: string; isContragentAdmin: boolean } | null;
export type HeaderData = { basket: number[]; compare: number[]; favorites: number[]; user: HeaderUser };

export const $basketIds = atom<number[]>([]);
export const $compareIds = atom<number[]>([]);
export const $favoriteIds = atom<number[]>([]);
export const $headerUser = atom<HeaderUser>(null);
export const $headerLoaded = atom(false);

export const $counts = computed([$basketIds, $compareIds, $favoriteIds], (b, c, f) => ({ basket: b.length, compare: c.length, favorites: f.length }));

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

export function loadHeader(): Promise<void> {
  inflight ??= api<HeaderData>('/api/header/')
    .then(applyHeader)
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

/** Calls `cb` when another tab changed the lists (pages with their own view of a list reload it). */
export function onRemoteChange(cb: () => void): () => void {
  remoteListeners.add(cb);
  return () => remoteListeners.delete(cb);
}

export function startHeaderSync(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    void loadHeader();
    for (const cb of remoteListeners) cb();
  };
}

/** Unread notifications of the signed-in user (GET api/header/notification/), for the header badge. */
export const $unreadNotifications = atom(0);

export function loadNotificationCount(): Promise<void> {
  return api<{ unread: number }>('/api/header/notification/')
    .then((d) => $unreadNotifications.set(d.unread))
    .catch((e) => {
      // Spec §8: a notification call answering status 'error' is a failure, logged (the badge keeps its number).
      console.error('[notifications] header count failed', e);
    });
}
