import { useEffect } from 'react';

/**
 * Tells a `client:demand` island's directive that the island's listeners are in place, so the
 * clicks it held while React was loading can be replayed (src/directives/demand.ts). `island`: the
 * name given in the directive's value. Call it last
 * among the component's effects: effects run in the order they are declared.
 */
export function useIslandReady(island: string): void {
  useEffect(() => {
    document.dispatchEvent(new CustomEvent('island:ready', { detail: island }));
  }, [island]);
}
