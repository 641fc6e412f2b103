import { describe, expect, it, vi } from 'vitest';
import { Coalescing } from '../src/events/coalesce.ts';

describe('Coalescing', () => {
  it('runs a lone item at once and batches what arrives while a run is busy', async () => {
    const runs: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const c = new Coalescing<number>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await gate;
    });
    const first = c.push(1);
    const rest = [c.push(2), c.push(3), c.push(4)];
    expect(runs).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
    await c.push(5);
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('still handles the later items when a run fails, and reports the failure to the items of that run', async () => {
    const handled: number[] = [];
    const c = new Coalescing<number>(async (items) => {
      if (items.includes(1)) throw new Error('boom');
      handled.push(...items);
    });
    const first = c.push(1);
    const second = c.push(2);
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBeUndefined();
    expect(handled).toEqual([2]);
    await expect(c.push(3)).resolves.toBeUndefined();
    expect(handled).toEqual([2, 3]);
  });

  it('with quietMs, waits for a pause (at most maxWaitMs) and runs a burst as one batch', async () => {
    // On a fake clock: the rule is about time, and a loaded machine's real timers would decide the test instead.
    vi.useFakeTimers();
    try {
      const runs: { items: number[]; at: number }[] = [];
      const c = new Coalescing<number>(
        async (items) => {
          runs.push({ items, at: Date.now() });
        },
        { quietMs: 40, maxWaitMs: 150 },
      );
      const started = Date.now();
      const pushed: Promise<void>[] = [];
      // A burst: an item every 10 ms for 100 ms, then a pause.
      for (let i = 0; i < 10; i++) {
        pushed.push(c.push(i));
        await vi.advanceTimersByTimeAsync(10);
      }
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(40);
      await Promise.all(pushed);
      expect(runs.map((r) => r.items)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
      expect((runs[0] as { at: number }).at - started).toBe(130);
      // A stream that never pauses still runs by maxWaitMs.
      const stream = new Coalescing<number>(
        async (items) => {
          runs.push({ items, at: Date.now() });
        },
        { quietMs: 40, maxWaitMs: 60 },
      );
      const first = Date.now();
      let done = false;
      const firstRun = stream.push(0).then(() => {
        done = true;
      });
      for (let i = 1; !done && i < 50; i++) {
        void stream.push(i);
        await vi.advanceTimersByTimeAsync(15);
      }
      await firstRun;
      expect(Date.now() - first).toBe(60);
      expect(runs[1]?.items).toEqual([0, 1, 2, 3, 4]);
    } finally {
      vi.useRealTimers();
    }
  });
});
