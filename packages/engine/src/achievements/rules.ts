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

/** One rated (non-void) match of a player, as a recorded history holds it. */
export interface PlayedMatch {
  /** When the match settled (unix seconds). */
  at: number;
  seasonId: string;
  role: string;
  won: boolean;
}

/**
 * When a recorded history reached an achievement evaluated in `seasonId`: the settlement of the match that completed
 * it (the season's Nth match, its 50th for the gold licence, the 30th win in a role in the season, the first win
 * ever), or null when the history does not reach it. Used to date what an imported history reached (the demo), as
 * the live evaluation after each settlement would have.
 */
export function reachedAt(status: AchievementStatus, history: readonly PlayedMatch[], seasonId: string): number | null {
  const ordered = [...history].sort((a, b) => a.at - b.at);
  const inSeason = ordered.filter((m) => m.seasonId === seasonId);
  const nth = (list: readonly PlayedMatch[], n: number) => list[n - 1]?.at ?? null;
  switch (status.kind) {
    case 'first_win':
      return ordered.find((m) => m.won)?.at ?? null;
    case 'matches':
      return nth(inSeason, status.target);
    case 'gold_licence':
      return nth(inSeason, GOLD_LICENCE_MIN_MATCHES);
    case 'role_wins':
      return nth(
        inSeason.filter((m) => m.won && m.role === status.detail),
        ROLE_WINS_TARGET,
      );
  }
}
