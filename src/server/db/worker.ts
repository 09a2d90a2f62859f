/**
 * A node's background loop over a table of claimed rows (the CRM outbox, the message outbox): a pass
 * every `pollMs`, or at once when asked (`kick`) after a new row; a pass that filled its batch is
 * followed by another at once. The pass under way finishes before the database closes. Claims with a
 * lease (in each table's own query) make it safe on every node at once.
 */
import { getDb, getDbHandle, type Db, type NotifyChannel } from './client';

export type PollingWorker = { start: () => void; kick: () => void };

/** Delay before the next attempt after `failures` failed ones: base · 2^(failures−1), capped, plus up to 10 % jitter. */
export function backoffMs(failures: number, s: { baseDelayMs: number; maxDelayMs: number }, jitter = Math.random()): number {
  const exp = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(exp * (1 + 0.1 * jitter));
}

type State = { timer: ReturnType<typeof setTimeout> | null; running: boolean; again: boolean; stopped: boolean; pass?: Promise<void> };

/**
 * `pass` handles one batch and returns how many rows it claimed; `batch` is the size that means "more may be due".
 * `enabled` is read at start (a node can be kept out of delivery). `listen`: a channel whose NOTIFY (a trigger's, on
 * commit, from any node) asks for a pass at once. The state lives on globalThis: Astro's
 * bundles may load this module more than once in one process, and one process must have one loop.
 */
export function pollingWorker(name: string, o: { pass: (db: Db) => Promise<number>; batch: number; pollMs: () => number; enabled: () => boolean; listen?: NotifyChannel }): PollingWorker {
  const key = `__worker_${name}`;
  const g = globalThis as unknown as Record<string, State | undefined>;

  function schedule(state: State, ms: number) {
    if (state.timer) clearTimeout(state.timer);
    if (state.stopped) return;
    state.timer = setTimeout(() => tick(state), ms);
    state.timer.unref?.();
  }

  /** Starts a pass unless one is under way (then it is asked to go again); `state.pass` is the one under way, for the close. */
  function tick(state: State) {
    state.timer = null;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    state.again = false;
    state.pass = (async () => {
      try {
        const db = await getDb();
        while (!state.stopped && (await o.pass(db)) >= o.batch) {}
      } catch (e) {
        console.error(`[${name}] pass failed`, e);
      } finally {
        state.running = false;
        schedule(state, state.again ? 0 : o.pollMs());
      }
    })();
  }

  function kick() {
    const state = g[key];
    if (!state) return;
    if (state.running) state.again = true;
    else schedule(state, 0);
  }

  return {
    start() {
      if (g[key] || !o.enabled()) return;
      const state: State = { timer: null, running: false, again: false, stopped: false };
      g[key] = state;
      schedule(state, 1000);
      void getDbHandle().then(async (h) => {
        h.beforeClose(async () => {
          state.stopped = true;
          if (state.timer) clearTimeout(state.timer);
          await state.pass;
        });
        if (o.listen) await h.listen?.(o.listen, kick).catch((e) => console.error(`[${name}] LISTEN ${o.listen} failed: polling only`, e));
      });
    },
    kick,
  };
}
