import { describe, expect, it } from 'vitest';
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

  it('still handles the later items when a run fails, and reports the failure', async () => {
    const handled: number[] = [];
    const c = new Coalescing<number>(async (items) => {
      if (items.includes(1)) throw new Error('boom');
      handled.push(...items);
    });
    const first = c.push(1);
    const second = c.push(2);
    await expect(first).rejects.toThrow('boom');
    await expect(second).rejects.toThrow('boom');
    expect(handled).toEqual([2]);
    await expect(c.push(3)).resolves.toBeUndefined();
    expect(handled).toEqual([2, 3]);
  });
});
