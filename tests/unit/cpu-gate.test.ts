import { describe, expect, it } from 'vitest';
import { CpuGate } from '../../src/server/http/cpu-gate';

/** A job that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  let started = false;
  return { work: async () => { started = true; await done; return 'ok'; }, finish, started: () => started };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('CpuGate', () => {
  it('one client holds at most the slots it found free; another client queues; beyond the queue is busy', async () => {
    const gate = new CpuGate({ concurrent: 2, queue: 1 });
    const a1 = held();
    const a2 = held();
    const p1 = gate.run('a', a1.work);
    const p2 = gate.run('a', a2.work);
    await tick();
    expect(a1.started() && a2.started()).toBe(true);
    expect(gate.active).toBe(2);
    // Both slots taken: client a's third job is refused, not queued.
    expect(await gate.run('a', async () => 'never')).toEqual({ ok: false, reason: 'yours' });
    // Client b waits in the queue; client c finds the queue full.
    const b = held();
    const pb = gate.run('b', b.work);
    await tick();
    expect(b.started()).toBe(false);
    expect(await gate.run('c', async () => 'never')).toEqual({ ok: false, reason: 'busy' });
    // A freed slot is handed to the waiter: never counted free, so still two running, and a newcomer queues.
    a1.finish();
    await tick();
    expect(b.started()).toBe(true);
    expect(gate.active).toBe(2);
    expect(await p1).toEqual({ ok: true, value: 'ok' });
    const newcomer = gate.run('d', async () => 'd');
    a2.finish();
    b.finish();
    expect(await pb).toEqual({ ok: true, value: 'ok' });
    expect(await p2).toEqual({ ok: true, value: 'ok' });
    expect(await newcomer).toEqual({ ok: true, value: 'd' });
    expect(gate.active).toBe(0);
    // Once its jobs are done, client a is welcome again.
    expect(await gate.run('a', async () => 'again')).toEqual({ ok: true, value: 'again' });
  });

  it('a job that throws frees its slot and its client', async () => {
    const gate = new CpuGate({ concurrent: 1, queue: 0 });
    await expect(gate.run('a', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(gate.active).toBe(0);
    expect(await gate.run('a', async () => 1)).toEqual({ ok: true, value: 1 });
  });

  it('with perClient, a client may have that many running or waiting even when slots are full — and no more', async () => {
    const gate = new CpuGate({ concurrent: 1, queue: 10, perClient: 3 });
    const jobs = [held(), held(), held()];
    const runs = jobs.map((j) => gate.run('browser', j.work));
    await tick();
    expect(jobs.map((j) => j.started())).toEqual([true, false, false]);
    // A fourth from the same client is refused at once; another client still queues behind.
    expect(await gate.run('browser', async () => 'never')).toEqual({ ok: false, reason: 'yours' });
    const other = held();
    const po = gate.run('other', other.work);
    for (const j of jobs) {
      j.finish();
      await tick();
    }
    await tick();
    expect(other.started()).toBe(true);
    other.finish();
    expect(await Promise.all(runs)).toEqual(jobs.map(() => ({ ok: true, value: 'ok' })));
    expect(await po).toEqual({ ok: true, value: 'ok' });
    expect(await gate.run('browser', async () => 'again')).toEqual({ ok: true, value: 'again' });
  });
});
