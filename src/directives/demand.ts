/**
 * `client:demand` — hydrate an island when the page needs it, not on every page view
 * (docs/decisions/0053-hydrate-on-demand.md).
 *
 * The storefront's own islands (header counters, search overlay, card buttons) render nothing the
 * server's HTML does not already show once the header boot (islands/header/header-boot.ts) has
 * painted the visitor's counters and card marks into it — for a guest and a signed-in shopper alike
 * (decision 0300). Loading React on every page view cost a cheap phone a long task for nothing, so
 * the island hydrates when the visitor starts using the page: a touch, a press, a key, focus moving,
 * a pointer over it.
 * With a value `{ island, hold }`, a click on an element matching `hold` (a CSS selector: the
 * island's own controls) made before the island is ready is held and replayed once the island says
 * it is ready (`island:ready` with detail `island`, see islands/shared/ready.ts), so the first tap
 * on «В корзину» is never lost. With `keepalive` as well — `{ match, call, param, from }` — a held
 * control matching `match` is sent as a keepalive POST to `call` with the body `{[param]: value}`,
 * the value read from the attribute `from` of its closest ancestor that has it, if the visitor leaves
 * before the island is ready (a write that does not depend on the island's state). Said once per
 * page here rather than as an address on every card's button: about 45 bytes a card.
 */
import type { ClientDirective } from 'astro';
import { freshRequestKey, REQUEST_KEY_HEADER } from '../lib/request-key';
import { holdTaps, onFirstUse, type TapHold } from './hold-taps';

/** Held clicks pass through if the island is not ready by then (a failed load must not swallow taps). */
const HOLD_MS = 8000;

export type KeepaliveWrite = { match: string; call: string; param: string; from: string };
export type DemandOptions = { island: string; hold: string; keepalive?: KeepaliveWrite };

const demand: ClientDirective = (load, opts) => {
  const value = opts.value as Partial<DemandOptions> | boolean | string | undefined;
  const selector = typeof value === 'object' && value?.hold ? value.hold : '';
  const island = typeof value === 'object' ? value?.island : undefined;
  const keepalive = typeof value === 'object' ? value?.keepalive : undefined;
  let started = false;
  let taps: TapHold | null = null;

  const release = () => {
    if (!taps?.holding) return;
    document.removeEventListener('island:ready', onReady);
    window.removeEventListener('pagehide', onPageHide);
    taps.release();
  };
  /** Leaving the page with taps still held: the writes that can be made without the island are sent. */
  const onPageHide = () => {
    if (!taps?.holding) return;
    for (const target of taps.take()) {
      if (!keepalive || !target.matches(keepalive.match)) continue;
      const value = target.closest(`[${keepalive.from}]`)?.getAttribute(keepalive.from);
      if (!value) continue;
      const body = JSON.stringify({ [keepalive.param]: value });
      // One key for this tap, as every basket write of the islands carries (stores/api.ts `once`).
      void fetch(keepalive.call, { method: 'POST', credentials: 'same-origin', keepalive: true, headers: { 'content-type': 'application/json', accept: 'application/json', [REQUEST_KEY_HEADER]: freshRequestKey() }, body }).catch(() => {});
    }
  };
  const onReady = (event: Event) => {
    if ((event as CustomEvent<string>).detail === island) release();
  };

  const start = async () => {
    if (started) return;
    started = true;
    if (selector) {
      taps = holdTaps(document, selector);
      document.addEventListener('island:ready', onReady);
      window.addEventListener('pagehide', onPageHide);
      setTimeout(release, HOLD_MS);
    }
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      release();
      throw error;
    }
  };

  onFirstUse(() => void start());
};

export default demand;
