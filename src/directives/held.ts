/**
 * `client:held` — hydrate an island at once (or, with `"idle"`, when the browser is idle) and hold
 * the taps on its controls made before it is ready (docs/decisions/0320-taps-before-hydration.md).
 *
 * With `client:load` or `client:idle`, the server's HTML shows the island's buttons a moment
 * (on a cheap phone, seconds) before React has hydrated them; a tap in that moment reached plain
 * HTML and was lost — «Добавить адрес» did nothing and the visitor tapped again or left. Here a
 * click on a control inside the island is held until its hydration has started (React listens on
 * the island from then on and hydrates the tapped part first), then replayed. A failed load
 * releases the held taps as they are (a form's submit button still submits the form natively), and
 * taps pass through after HOLD_MS whatever happens, so nothing is ever swallowed.
 */
import type { ClientDirective } from 'astro';
import { holdTaps } from './hold-taps';

/** The island's controls; links are left alone: they work without it. */
const CONTROLS = 'button, [role="button"], [role="switch"], [role="tab"], [role="menuitem"], summary';
const HOLD_MS = 8000;

export type HeldOptions = 'load' | 'idle';

const held: ClientDirective = (load, opts, el) => {
  const taps = holdTaps(el, CONTROLS);
  setTimeout(() => taps.release(), HOLD_MS);

  const start = async () => {
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      taps.release();
    }
  };
  if (opts.value === 'idle' && 'requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
  else void start();
};

export default held;
