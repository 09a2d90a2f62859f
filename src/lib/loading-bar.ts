/**
 * Spec §9's loading bar: a thin bar along the top of the window while the store's own calls are in
 * flight — shown only once one has taken 200 ms (the throttle: quick answers flash nothing), creeping
 * towards the end over 5,000 ms (the duration), then filled and faded when the last call is done.
 * Plain DOM, no React: islands call it through stores/api.ts. `prefers-reduced-motion` gets the bar
 * without the creep (styles/global.css `.loadbar`).
 */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000 } as const;

let inFlight = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let bar: HTMLElement | null = null;

function element(): HTMLElement {
  if (bar?.isConnected) return bar;
  bar = document.createElement('div');
  bar.className = 'loadbar';
  bar.setAttribute('aria-hidden', 'true');
  bar.style.setProperty('--loadbar-duration', `${LOADING_BAR.durationMs}ms`);
  document.body.append(bar);
  return bar;
}

/** A call began; returns its `done`, to call once (answer or failure). Without a page (tests, workers) nothing is drawn. */
export function loading(): () => void {
  if (typeof document === 'undefined') return () => {};
  if (inFlight++ === 0) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const el = element();
      el.classList.remove('loadbar--done');
      // Restart the creep from zero: a reflow between the two states.
      el.classList.remove('loadbar--on');
      void el.offsetWidth;
      el.classList.add('loadbar--on');
    }, LOADING_BAR.throttleMs);
  }
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    if (--inFlight > 0) return;
    clearTimeout(timer);
    if (bar?.classList.contains('loadbar--on')) bar.classList.add('loadbar--done');
  };
}
