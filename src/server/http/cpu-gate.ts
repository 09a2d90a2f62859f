/**
 * A bound in front of CPU-heavy work (issue 28: XLSX parsing, PDF documents): at most `concurrent`
 * jobs run at once and `queue` wait for a slot; more are refused ('busy'). Once every slot is
 * taken, a client that already has a job running or waiting is refused ('yours') instead of queueing
 * another — so one client sending many heavy requests at once holds at most the slots it found
 * free, never the queue, and everyone else's job still gets in.
 *
 * `perClient` instead allows each client that many jobs running or waiting, slots free or not: for work
 * a browser asks for several at a time (a listing's pictures, six connections at once), where «one each»
 * would refuse an ordinary page.
 *
 * Per node, in memory: the work it bounds is this node's CPU.
 */
export type GateRefusal = 'busy' | 'yours';
export type GateResult<T> = { ok: true; value: T } | { ok: false; reason: GateRefusal };

export class CpuGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perClient = new Map<string, number>();

  constructor(readonly limits: { concurrent: number; queue: number; perClient?: number }) {}

  /** Runs `work` in turn; `client` (a user id or an address) is held to one job once the slots are full. */
  async run<T>(client: string | undefined, work: () => Promise<T>): Promise<GateResult<T>> {
    if (client !== undefined) {
      const held = this.perClient.get(client) ?? 0;
      const { perClient } = this.limits;
      if (perClient !== undefined ? held >= perClient : held > 0 && this.running >= this.limits.concurrent) return { ok: false, reason: 'yours' };
      this.perClient.set(client, held + 1);
    }
    try {
      if (this.running < this.limits.concurrent) this.running++;
      else if (this.waiting.length >= this.limits.queue) return { ok: false, reason: 'busy' };
      // A freed slot is handed to the first waiter as it is (never counted free meanwhile), so a newcomer cannot take it first.
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
      try {
        return { ok: true, value: await work() };
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      if (client !== undefined) {
        const held = (this.perClient.get(client) ?? 1) - 1;
        if (held > 0) this.perClient.set(client, held);
        else this.perClient.delete(client);
      }
    }
  }

  /** Jobs running now (tests, health). */
  get active(): number {
    return this.running;
  }
}
