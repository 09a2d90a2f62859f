/**
 * Holding the taps made on an island's controls before it can answer them, for both hydration directives
 * (`client:demand`, `client:held`): clicks on `selector` inside `root` are stopped in the capture phase and kept
 * until `release()` replays them on the elements still in the page. `take()` hands them over instead (a directive
 * that sends them another way when the visitor leaves).
 */
/** What counts as the visitor starting to use the page: a touch, a press, a key, focus moving, a pointer over it. */
const FIRST_USE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointerover'] as const;

/**
 * Calls `start` once, at the visitor's first use of the page or at the first of `also` (events dispatched on the
 * document). Capture phase: it runs before the page's own handlers, so a tap that starts an island can still be held.
 */
export function onFirstUse(start: () => void, also: readonly string[] = []): void {
  const events = [...FIRST_USE, ...also];
  const once = () => {
    for (const type of events) document.removeEventListener(type, once, true);
    start();
  };
  for (const type of events) document.addEventListener(type, once, { capture: true, passive: true });
}

export type TapHold = { readonly holding: boolean; release(): void; take(): HTMLElement[] };

export function holdTaps(root: Document | HTMLElement, selector: string): TapHold {
  let holding = true;
  const held: HTMLElement[] = [];
  const onClick = (event: Event) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(selector);
    if (!holding || !target || !root.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  root.addEventListener('click', onClick, true);
  return {
    get holding() {
      return holding;
    },
    release() {
      if (!holding) return;
      holding = false;
      root.removeEventListener('click', onClick, true);
      for (const target of held.splice(0)) if (target.isConnected) target.click();
    },
    take: () => held.splice(0),
  };
}
