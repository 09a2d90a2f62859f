/**
 * Tests that meet the wall clock: rate-limit windows and the days and cut-off hours of Minsk.
 * The server runs on this machine and reads the same clock, so the tests can tell when a boundary
 * passed (or is about to) while they ran — which a loaded CI machine makes more likely, as every
 * step takes longer.
 */
import { CUT_OFF_HOUR } from '../../src/server/checkout/calendar';

/**
 * Runs `attempt` and, if it failed while the clock crossed a boundary of a `windowSeconds` rate-limit
 * window, runs it again (at most twice more). The limits slide (server/http/rate-limit.ts): just after a
 * boundary the last window's count weighs `1 − elapsed/window`, a hair under 1, so N attempts split
 * across it count as a hair under N and a limit of exactly N is not reached yet. `attempt` must be
 * self-contained (its own account, its own address): a fresh run is not near the next boundary.
 * A failure without a boundary crossed is thrown at once; so is one of the last run.
 */
export async function inOneWindow<T>(windowSeconds: number, attempt: () => Promise<T>): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / (windowSeconds * 1000));
  for (let run = 1; ; run++) {
    const started = windowOf();
    try {
      return await attempt();
    } catch (e) {
      if (run >= 3 || windowOf() === started) throw e;
      console.log(`a ${windowSeconds} s rate-limit window ended during run ${run}; running it again (${(e as Error).message.split('\n')[0]})`);
    }
  }
}

/**
 * Waits, when needed, until none of the given times of day (UTC "HH:MM") is less than `marginMs`
 * ahead, so that what a test reads before such a time and what it sends after it still agree (a
 * delivery date offered before the cut-off, "today" at midnight). Waits at most `marginMs`.
 */
export async function clearOfTimesOfDay(utcTimes: string[], marginMs: number): Promise<void> {
  const DAY = 86_400_000;
  const now = Date.now();
  const dayStart = Math.floor(now / DAY) * DAY;
  let wait = 0;
  for (const t of utcTimes) {
    const [h, m] = t.split(':').map(Number) as [number, number];
    const at = dayStart + (h * 60 + m) * 60_000;
    for (const next of [at, at + DAY]) if (next > now && next - now < marginMs) wait = Math.max(wait, next - now + 1_000);
  }
  if (wait) {
    console.log(`waiting ${Math.ceil(wait / 1000)} s for a day boundary (${utcTimes.join(', ')} UTC) to pass`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Minsk keeps UTC+3 all year: its midnight and the checkout's cut-off hour (server/checkout/calendar.ts) in UTC. */
export const MINSK_MIDNIGHT_UTC = '21:00';
export const MINSK_CUT_OFF_UTC = `${String((CUT_OFF_HOUR + 21) % 24).padStart(2, '0')}:00`;
