import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The one element the bar makes, with just what loading-bar.ts touches. */
function fakeDocument() {
  const made: { classes: Set<string> }[] = [];
  const doc = {
    createElement: () => {
      const classes = new Set<string>();
      const el = {
        isConnected: true,
        offsetWidth: 0,
        set className(v: string) { classes.clear(); v.split(' ').forEach((c) => classes.add(c)); },
        classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c), contains: (c: string) => classes.has(c) },
        setAttribute: () => {},
        style: { setProperty: () => {} },
      };
      made.push({ classes });
      return el;
    },
    body: { append: () => {} },
  };
  return { doc, made };
}

describe('the loading bar (spec §9: throttle 200 ms, duration 5000 ms)', () => {
  let made: { classes: Set<string> }[];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    const fake = fakeDocument();
    made = fake.made;
    vi.stubGlobal('document', fake.doc);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a call answered within 200 ms shows nothing', async () => {
    const { loading } = await import('../../src/lib/loading-bar');
    const done = loading();
    vi.advanceTimersByTime(150);
    done();
    vi.advanceTimersByTime(1000);
    expect(made).toHaveLength(0);
  });

  it('a slower call shows the bar after 200 ms; it is done only when the last of several calls is', async () => {
    const { loading, LOADING_BAR } = await import('../../src/lib/loading-bar');
    expect(LOADING_BAR).toEqual({ throttleMs: 200, durationMs: 5000 });
    const first = loading();
    const second = loading();
    vi.advanceTimersByTime(199);
    expect(made).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect([...made[0]!.classes]).toContain('loadbar--on');
    first();
    first();
    expect(made[0]!.classes.has('loadbar--done')).toBe(false);
    second();
    expect(made[0]!.classes.has('loadbar--done')).toBe(true);
  });
});
