import type { MatchUpdate } from '@rankmatch/shared';
import type { EventBus } from '../events/bus.ts';
import type { MatchProgress } from './settlement.ts';

/** What follows a match change, after its transaction committed: pushes, the ongoing list, the ranking. */
export class MatchNotifier {
  constructor(
    private readonly bus: EventBus,
    private readonly ranking: { nudge(): void },
  ) {}

  async updated(update: MatchUpdate): Promise<void> {
    await this.bus.publish({ type: 'match_update', data: update });
  }

  /** After a report, a gather step or a wave: pushes every change; settled matches also free their players. */
  async progressed(progress: readonly MatchProgress[]): Promise<void> {
    for (const p of progress) await this.updated(p.update);
    if (progress.some((p) => p.settled)) {
      await this.bus.publish({ type: 'queue_changed' });
      this.ranking.nudge();
    }
  }
}
