import { describe, expect, it } from 'vitest';
import {
  evaluateAchievements,
  highestThreshold,
  newlyReached,
  type PlayerProgress,
  qualifiesForGoldLicence,
  rankTier,
  type SeasonRewardMap,
  seasonRewards,
} from '../src/index.ts';

const MAP: SeasonRewardMap = {
  rank_1: 'b_r1',
  rank_2: 'b_r2',
  rank_3: 'b_r3',
  top_10: 'b_t10',
  top_100: 'b_t100',
  gold_licence: 'b_gold',
  matches: { '100': 'b_m100', '200': 'b_m200', '300': 'b_m300' },
};

describe('rankTier', () => {
  it.each([
    [1, 'rank_1'],
    [2, 'rank_2'],
    [3, 'rank_3'],
    [4, 'top_10'],
    [10, 'top_10'],
    [11, 'top_100'],
    [100, 'top_100'],
    [101, null],
    [0, null],
    [null, null],
  ] as const)('rank %s → %s', (rank, tier) => {
    expect(rankTier(rank)).toBe(tier);
  });
});

describe('match thresholds and the gold licence', () => {
  it('takes the highest threshold reached', () => {
    expect(highestThreshold(99, [100, 200])).toBeNull();
    expect(highestThreshold(100, [100, 200])).toBe(100);
    expect(highestThreshold(250, [200, 100, 300])).toBe(200);
    expect(highestThreshold(5000, [100, 1000])).toBe(1000);
  });

  it('needs 50 matches and no effective penalty', () => {
    expect(qualifiesForGoldLicence(49, 0)).toBe(false);
    expect(qualifiesForGoldLicence(50, 0)).toBe(true);
    expect(qualifiesForGoldLicence(50, 1)).toBe(false);
    expect(qualifiesForGoldLicence(300, 0)).toBe(true);
  });
});

describe('seasonRewards', () => {
  it('gives one badge per family, the best tier', () => {
    expect(seasonRewards({ rank: 3, matches: 250, effectivePenalty: 0 }, MAP)).toEqual([
      { tier: 'rank_3', badgeId: 'b_r3' },
      { tier: 'matches', badgeId: 'b_m200' },
      { tier: 'gold_licence', badgeId: 'b_gold' },
    ]);
    expect(seasonRewards({ rank: 4, matches: 49, effectivePenalty: 0 }, MAP)).toEqual([
      { tier: 'top_10', badgeId: 'b_t10' },
    ]);
    expect(seasonRewards({ rank: 101, matches: 60, effectivePenalty: 1 }, MAP)).toEqual([]);
    expect(seasonRewards({ rank: null, matches: 100, effectivePenalty: 2 }, MAP)).toEqual([
      { tier: 'matches', badgeId: 'b_m100' },
    ]);
  });

  it('skips tiers the season does not reward', () => {
    const sparse: SeasonRewardMap = { ...MAP, rank_1: null, gold_licence: null, matches: {} };
    expect(seasonRewards({ rank: 1, matches: 999, effectivePenalty: 0 }, sparse)).toEqual([]);
  });
});

describe('evaluateAchievements', () => {
  const rules = {
    seasonId: 's5',
    matchBadges: { '200': 'b_m200', '100': 'b_m100' },
    goldLicenceBadge: 'b_gold',
    roleBadges: { TOP_LANE: 'b_top', TANK: 'b_tank' },
  };
  const progress = (p: Partial<PlayerProgress>): PlayerProgress => ({
    seasonMatches: 0,
    seasonWinsByRole: {},
    effectivePenalty: 0,
    totalWins: 0,
    ...p,
  });
  const reached = (p: Partial<PlayerProgress>) =>
    evaluateAchievements(progress(p), rules)
      .filter((a) => a.reached)
      .map((a) => a.key);

  it('lists every achievement with its progress, thresholds in order', () => {
    const list = evaluateAchievements(progress({ seasonMatches: 120, seasonWinsByRole: { TOP_LANE: 12 } }), rules);
    expect(list.map((a) => [a.id, a.current, a.target])).toEqual([
      ['first_win', 0, 1],
      ['matches_100', 100, 100],
      ['matches_200', 120, 200],
      ['gold_licence', 50, 50],
      ['role_wins_TOP_LANE', 12, 30],
      ['role_wins_TANK', 0, 30],
    ]);
  });

  it('reaches milestones at their boundaries', () => {
    expect(reached({ seasonMatches: 99, effectivePenalty: 1 })).toEqual([]);
    expect(reached({ seasonMatches: 100, effectivePenalty: 1 })).toEqual(['matches_100@s5']);
    expect(reached({ seasonMatches: 49 })).toEqual([]);
    expect(reached({ seasonMatches: 50 })).toEqual(['gold_licence@s5']);
    expect(reached({ seasonWinsByRole: { TANK: 29 } })).toEqual([]);
    expect(reached({ seasonWinsByRole: { TANK: 30 }, totalWins: 30 })).toEqual(['first_win', 'role_wins_TANK']);
  });

  it('keys season achievements by season and the others once ever', () => {
    const other = evaluateAchievements(progress({ seasonMatches: 100, totalWins: 1 }), { ...rules, seasonId: 's6' });
    expect(other.filter((a) => a.reached).map((a) => a.key)).toEqual([
      'first_win',
      'matches_100@s6',
      'gold_licence@s6',
    ]);
  });

  it('newlyReached leaves out what was recorded', () => {
    const list = evaluateAchievements(progress({ seasonMatches: 100, totalWins: 3 }), rules);
    expect(newlyReached(list, new Set(['first_win'])).map((a) => a.key)).toEqual(['matches_100@s5', 'gold_licence@s5']);
  });
});
