/** The browser's task scheduler (Chrome 129+: `scheduler.yield()`). */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a task of its own: what follows runs after the browser has had the main thread (input, paint). With
 * `scheduler.yield()` where the browser has it (no 4 ms clamp on nested timers, and the rest keeps its place in the
 * queue), a zero-delay timer elsewhere.
 */
export const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof scheduler?.yield === 'function'
    ? scheduler.yield()
    : new Promise<void>((resolve) => setTimeout(resolve, 0));
};
