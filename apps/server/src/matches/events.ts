import type { DomainEvent } from '../events/bus.ts';
import type { MatchProgress } from './settlement.ts';

/**
 * What follows a change of matches (a report, a gather step, an admin's test tool), told after its commit: the match
 * pushes, the penalties, and for settled matches the queue (their players are free), match.settled and the players'
 * profile push (their rate changed).
 */
export function progressEvents(progress: readonly MatchProgress[]): DomainEvent[] {
  const events: DomainEvent[] = progress.map((p) => ({ type: 'match.updated', data: p.update }));
  for (const p of progress) {
    if (p.penalised && p.match.penaltyUserIds.length > 0) {
      events.push({ type: 'penalty.applied', match_id: String(p.match.id), user_ids: p.match.penaltyUserIds });
    }
  }
  const settled = progress.filter((p) => p.settled);
  if (settled.length === 0) return events;
  events.push({ type: 'queue.changed' });
  for (const p of settled) {
    events.push({
      type: 'match.settled',
      match_id: String(p.match.id),
      season_id: p.match.seasonId,
      winner: (p.match.winner as 'A' | 'B' | null) ?? null,
    });
  }
  events.push({ type: 'profile.changed', user_ids: settled.flatMap((p) => p.players), reason: 'settled' });
  return events;
}
