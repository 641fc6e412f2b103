import { describe, expect, it } from 'vitest';
import { type AchievementRules, evaluateAchievements, type PlayedMatch, reachedAt } from '../src/index.ts';

// When a recorded history reached each achievement (the demo's dating of what its imported seasons reached).

const RULES: AchievementRules = {
  seasonId: 's2',
  matchBadges: { '100': 'badge_039' },
  goldLicenceBadge: 'badge_071',
  roleBadges: { TANK: 'badge_132' },
};

/** `n` matches of season `seasonId` from `start`, one an hour; `won(i)` and `role(i)` describe the i-th (0-based). */
function played(seasonId: string, start: number, n: number, won: (i: number) => boolean, role = 'TANK'): PlayedMatch[] {
  return Array.from({ length: n }, (_, i) => ({ at: start + i * 3600, seasonId, role, won: won(i) }));
}

describe('reachedAt', () => {
  const past = played('s1', 1_000_000, 20, (i) => i === 7);
  const current = played('s2', 2_000_000, 120, (i) => i % 2 === 0);
  const history = [...current, ...past];
  const statuses = evaluateAchievements(
    { seasonMatches: 120, seasonWinsByRole: { TANK: 60 }, effectivePenalty: 0, totalWins: 61 },
    RULES,
  );
  const at = (id: string) => reachedAt(statuses.find((s) => s.id === id) as (typeof statuses)[number], history, 's2');

  it('dates each achievement at the match that completed it', () => {
    expect(at('first_win')).toBe(1_000_000 + 7 * 3600); // the first win ever, in the past season
    expect(at('matches_100')).toBe(2_000_000 + 99 * 3600);
    expect(at('gold_licence')).toBe(2_000_000 + 49 * 3600);
    expect(at('role_wins_TANK')).toBe(2_000_000 + 58 * 3600); // the 30th win: matches 0, 2, … 58
  });

  it('is null for what the history does not reach', () => {
    const short = played('s2', 2_000_000, 40, () => false);
    const status = statuses.find((s) => s.id === 'matches_100') as (typeof statuses)[number];
    expect(reachedAt(status, short, 's2')).toBeNull();
    expect(reachedAt(statuses.find((s) => s.id === 'first_win') as (typeof statuses)[number], short, 's2')).toBeNull();
  });
});
