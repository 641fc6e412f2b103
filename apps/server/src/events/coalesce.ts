// Follow-up work that batches itself under load: items pushed while a run is busy are handled together by the next
// run, so a burst of settlements costs a few queries instead of a few per settlement.
//
// By default a lone item runs at once. With `quietMs`, a batch waits until no item has come for that long (at most
// `maxWaitMs` after its first item): work that can wait a moment (achievements after a settlement) then stays out
// of a burst of requests instead of competing with it, and the whole burst is one run.

export interface CoalescingOptions {
  /** Start a batch once no item has arrived for this long (0: at once). */
  quietMs?: number;
  /** …but no later than this after the batch's first item (default: quietMs). */
  maxWaitMs?: number;
}

interface Batch {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
  firstAt: number;
}

function newBatch(): Batch {
  let resolve: () => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, firstAt: Date.now() };
}

export class Coalescing<T> {
  private pending: T[] = [];
  private batch: Batch | null = null;
  private running = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly handle: (items: T[]) => Promise<void>,
    private readonly options: CoalescingOptions = {},
  ) {}

  /** Resolves when the run that handles `item` has finished; rejects with that run's error. */
  push(item: T): Promise<void> {
    this.pending.push(item);
    this.batch ??= newBatch();
    const { promise } = this.batch;
    this.schedule();
    return promise;
  }

  private schedule(): void {
    // A run under way schedules the next batch when it ends.
    if (this.running || !this.batch) return;
    const quiet = this.options.quietMs ?? 0;
    if (quiet <= 0) {
      void this.run();
      return;
    }
    const latest = this.batch.firstAt + (this.options.maxWaitMs ?? quiet);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.run();
      },
      Math.max(0, Math.min(quiet, latest - Date.now())),
    );
  }

  private async run(): Promise<void> {
    const batch = this.batch;
    const items = this.pending.splice(0);
    this.batch = null;
    if (!batch) return;
    this.running = true;
    try {
      await this.handle(items);
      batch.resolve();
    } catch (err) {
      batch.reject(err);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
