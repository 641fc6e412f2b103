import type { ErrorCode } from '@rankmatch/shared';
import { AppError } from './errors.ts';

// A per-player budget for one costly action (a sliding window of the times it was taken), on this instance: with
// several instances a player gets the budget on each, which still bounds the cost. Refused with the action's code.

export class PerUserLimit {
  private readonly taken = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number,
    private readonly code: ErrorCode,
  ) {}

  /** Counts one use by `userId` at `now` (unix seconds), or throws the code when the budget is spent. */
  take(userId: string, now: number): void {
    const recent = (this.taken.get(userId) ?? []).filter((t) => t > now - this.windowSeconds);
    if (recent.length >= this.max) {
      this.taken.set(userId, recent);
      throw new AppError(this.code);
    }
    recent.push(now);
    this.taken.set(userId, recent);
    // Players who have not used it within the window are forgotten (the map stays as small as the active users).
    if (this.taken.size > 10_000) {
      for (const [id, times] of this.taken)
        if (times.every((t) => t <= now - this.windowSeconds)) this.taken.delete(id);
    }
  }
}
