import type { MatchSummary } from '@rankmatch/shared';

/** How a settled match ended for one player: the result and the rate before → after (the server's own numbers). */
export interface SettledResult {
  outcome: 'win' | 'lose' | 'invalid';
  before: number;
  after: number;
  delta: number;
}

/** The player's line of a settled match's summary (GET /api/matches/{id}/summary), or null when not in it. */
export function settledResultOf(summary: MatchSummary | undefined, userId: string): SettledResult | null {
  if (!summary) return null;
  for (const team of ['A', 'B'] as const) {
    const player = (team === 'A' ? summary.team_a : summary.team_b).find((p) => p.user_id === userId);
    if (!player) continue;
    const outcome = summary.winner_team === null ? 'invalid' : summary.winner_team === team ? 'win' : 'lose';
    return { outcome, before: player.rate_before, after: player.rate_after, delta: player.rate_delta };
  }
  return null;
}
