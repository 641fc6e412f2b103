// Follow-up work that batches itself under load: items pushed while a run is busy are handled together by the next
// run, so a burst of settlements costs a few queries instead of a few per settlement, and a lone item runs at once.

export class Coalescing<T> {
  private pending: T[] = [];
  private current: Promise<void> | null = null;

  constructor(private readonly handle: (items: T[]) => Promise<void>) {}

  /** Resolves when the run that handles `item` has finished; rejects with that run's error. */
  push(item: T): Promise<void> {
    this.pending.push(item);
    if (!this.current) {
      this.current = this.loop().finally(() => {
        this.current = null;
      });
    }
    return this.current;
  }

  private async loop(): Promise<void> {
    let failure: unknown = null;
    while (this.pending.length > 0) {
      const items = this.pending.splice(0);
      try {
        await this.handle(items);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== null) throw failure;
  }
}
