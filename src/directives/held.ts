/**
 * `client:held` — hydrate an island at once (or, with `"idle"`, when the browser is idle; with `"use"`, when
 * the visitor starts using the page or another tab changes the shopper's lists) and hold the taps on its
 * controls made before it is ready (docs/decisions/0320-taps-before-hydration.md).
 *
 * With `client:load` or `client:idle`, the server's HTML shows the island's buttons a moment
 * (on a cheap phone, seconds) before React has hydrated them; a tap in that moment reached plain
 * HTML and was lost — «Добавить адрес» did nothing and the visitor tapped again or left. Here a
 * click on a control inside the island is held until React has hydrated the island's controls, then
 * replayed. A failed load releases the held taps as they are (a form's submit button still submits
 * the form natively), and taps pass through after HOLD_MS whatever happens, so nothing is ever
 * swallowed.
 */
import type { ClientDirective } from 'astro';
import { holdTaps, onFirstUse } from './hold-taps';
import { REMOTE_CHANGE_EVENT } from '../lib/remote-change';

/** The island's controls; links are left alone: they work without it. */
const CONTROLS = 'button, [role="button"], [role="switch"], [role="tab"], [role="menuitem"], summary';
const HOLD_MS = 8000;

export type HeldOptions = 'load' | 'idle' | 'use';

/** React DOM keeps its props on each element it has hydrated, under an own `__reactProps$…` key (React 17–19). */
const owned = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));

/**
 * Resolves once React has hydrated every control of the island, or at `until`. `hydrate()` returns when
 * `hydrateRoot` has been called, not when hydration is done: a click replayed in between reaches a checkbox
 * or switch that React hydrates synchronously inside that very click, after the browser has flipped it, so
 * React's value tracking starts at the flipped state, sees no change and never calls `onChange` (an e2e
 * met it: 2 of 16 taps on an address's notification switch did nothing).
 */
function whenOwned(el: HTMLElement, until: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (Date.now() >= until || [...el.querySelectorAll(CONTROLS)].every(owned)) resolve();
      else setTimeout(check, 16);
    };
    check();
  });
}

const held: ClientDirective = (load, opts, el) => {
  let started = false;

  const start = async () => {
    if (started) return;
    started = true;
    const until = Date.now() + HOLD_MS;
    // With "use", the first use may be this very tap: it is held from here on, like every tap of the other modes.
    const taps = holdTaps(el, CONTROLS);
    setTimeout(() => taps.release(), HOLD_MS);
    try {
      const hydrate = await load();
      await hydrate();
      await whenOwned(el, until);
    } finally {
      taps.release();
    }
  };
  if (opts.value === 'use') {
    // A page that exists for its island (the basket) shows everything in the server's HTML; React's start-up is a
    // long task a cheap phone pays only once the visitor reaches for the page. The tap that starts it is held by the
    // listener `start` adds, registered at the pointerdown, before the click follows.
    onFirstUse(() => void start(), [REMOTE_CHANGE_EVENT]);
  } else if (opts.value === 'idle' && 'requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
  else void start();
};

export default held;
