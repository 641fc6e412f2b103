import type { MatchUpdate } from '@rankmatch/shared';
import type { DomainEvents } from '../events/domain.ts';
import type { MatchProgress } from './settlement.ts';

/**
 * What follows a match change, after its transaction committed: pushes, the ongoing list, match.settled, and the
 * players' profile push (their rate changed).
 */
export class MatchNotifier {
  constructor(private readonly events: DomainEvents) {}

  async updated(update: MatchUpdate): Promise<void> {
    await this.events.publish({ type: 'match.updated', data: update });
  }

  /** After a report, a gather step or a wave: pushes every change; settled matches also free their players. */
  async progressed(progress: readonly MatchProgress[]): Promise<void> {
    for (const p of progress) await this.updated(p.update);
    const penalised = progress.filter((p) => p.penalised && p.match.penaltyUserIds.length > 0);
    if (penalised.length > 0) {
      await this.events.publish(
        ...penalised.map((p) => ({
          type: 'penalty.applied' as const,
          match_id: String(p.match.id),
          user_ids: p.match.penaltyUserIds,
        })),
      );
    }
    const settled = progress.filter((p) => p.settled);
    if (settled.length === 0) return;
    await this.events.publish({ type: 'queue.changed' });
    await this.events.publish(
      ...settled.map((p) => ({
        type: 'match.settled' as const,
        match_id: String(p.match.id),
        season_id: p.match.seasonId,
        winner: (p.match.winner as 'A' | 'B' | null) ?? null,
      })),
    );
    await this.events.publish({
      type: 'profile.changed',
      user_ids: settled.flatMap((p) => p.players),
      reason: 'settled',
    });
  }
}
