/** How the address page's parts run a change: busy state, the change, a reload of the list, a message. */
export type Run = <T>(change: () => Promise<T>, opts?: { done?: (result: T) => string | null; onError?: (e: unknown) => void }) => Promise<boolean>;
