import { ROLE_WINS_TARGET } from '@rankmatch/shared';
import { GOLD_LICENCE_MIN_MATCHES, qualifiesForGoldLicence } from '../season/awards.ts';

// Achievements reached during play (not only at season end), as pure rules. They are evaluated for the ten players of
// every settled match: match-count milestones and the gold licence within a season, 30 wins in one role within a
// season, and the first win ever. Each has a stable key, so reaching it twice grants nothing twice.

export { ROLE_WINS_TARGET };

/** What the rules read about one player. */
export interface PlayerProgress {
  /** Rated (non-void) matches in the season. */
  seasonMatches: number;
  /** Wins in the season, by the role played. */
  seasonWinsByRole: Readonly<Record<string, number>>;
  effectivePenalty: number;
  /** Wins in every season. */
  totalWins: number;
}

/** What the season and the catalogue reward. */
export interface AchievementRules {
  seasonId: string;
  /** threshold → badge, as the season rewards match counts */
  matchBadges: Readonly<Partial<Record<string, string>>>;
  goldLicenceBadge: string | null;
  /** role → the "30 wins in one season as …" badge */
  roleBadges: Readonly<Record<string, string>>;
}

export type AchievementKind = 'first_win' | 'matches' | 'gold_licence' | 'role_wins';

export interface AchievementStatus {
  /** Names the achievement: first_win, matches_100, gold_licence, role_wins_TOP_LANE. */
  id: string;
  kind: AchievementKind;
  /** Unique per player: per season for season achievements (…@season), once ever for the others. */
  key: string;
  /** The season it counts in, or null for achievements of every season. */
  seasonId: string | null;
  badgeId: string | null;
  current: number;
  target: number;
  reached: boolean;
  /** matches: the threshold; role_wins: the role. */
  detail: string | null;
}

export function evaluateAchievements(progress: PlayerProgress, rules: AchievementRules): AchievementStatus[] {
  const season = rules.seasonId;
  const list: AchievementStatus[] = [
    {
      id: 'first_win',
      kind: 'first_win',
      key: 'first_win',
      seasonId: null,
      badgeId: null,
      current: Math.min(progress.totalWins, 1),
      target: 1,
      reached: progress.totalWins >= 1,
      detail: null,
    },
  ];
  const thresholds = Object.keys(rules.matchBadges)
    .map(Number)
    .sort((a, b) => a - b);
  for (const threshold of thresholds) {
    list.push({
      id: `matches_${threshold}`,
      kind: 'matches',
      key: `matches_${threshold}@${season}`,
      seasonId: season,
      badgeId: rules.matchBadges[String(threshold)] ?? null,
      current: Math.min(progress.seasonMatches, threshold),
      target: threshold,
      reached: progress.seasonMatches >= threshold,
      detail: String(threshold),
    });
  }
  if (rules.goldLicenceBadge) {
    list.push({
      id: 'gold_licence',
      kind: 'gold_licence',
      key: `gold_licence@${season}`,
      seasonId: season,
      badgeId: rules.goldLicenceBadge,
      current: Math.min(progress.seasonMatches, GOLD_LICENCE_MIN_MATCHES),
      target: GOLD_LICENCE_MIN_MATCHES,
      reached: qualifiesForGoldLicence(progress.seasonMatches, progress.effectivePenalty),
      detail: null,
    });
  }
  for (const [role, badgeId] of Object.entries(rules.roleBadges)) {
    const wins = progress.seasonWinsByRole[role] ?? 0;
    list.push({
      id: `role_wins_${role}`,
      kind: 'role_wins',
      key: `role_wins_${role}`,
      seasonId: null,
      badgeId,
      current: Math.min(wins, ROLE_WINS_TARGET),
      target: ROLE_WINS_TARGET,
      reached: wins >= ROLE_WINS_TARGET,
      detail: role,
    });
  }
  return list;
}

/** The reached achievements not yet recorded (by key). */
export function newlyReached(
  statuses: readonly AchievementStatus[],
  earnedKeys: ReadonlySet<string>,
): AchievementStatus[] {
  return statuses.filter((s) => s.reached && !earnedKeys.has(s.key));
}
