import type { AchievementStatus } from '@rankmatch/engine';
import { type Achievement, achievementText, GOLD_LICENCE_MATCHES, ROLE_WINS_TARGET } from '@rankmatch/shared';
import type { userAchievements } from '../db/schema.ts';

export type UserAchievementRow = typeof userAchievements.$inferSelect;

/** An achievement with the player's progress, and whether (and when) they earned it. */
export function present(status: AchievementStatus, earned: UserAchievementRow | undefined): Achievement {
  return {
    id: status.id,
    ...achievementText(status.id),
    badge_id: status.badgeId,
    season_id: status.seasonId,
    progress: { current: status.current, target: status.target },
    earned: earned !== undefined,
    earned_at: earned?.earnedAt ?? null,
  };
}

/** An earned achievement, outside the active season's rules (no season active, the recent list): progress full. */
export function presentEarned(row: UserAchievementRow): Achievement {
  const target = /^matches_(\d+)$/.exec(row.achievementId)?.[1];
  const goal = target
    ? Number(target)
    : row.achievementId.startsWith('role_wins_')
      ? ROLE_WINS_TARGET
      : row.achievementId === 'gold_licence'
        ? GOLD_LICENCE_MATCHES
        : 1;
  return {
    id: row.achievementId,
    ...achievementText(row.achievementId),
    badge_id: row.badgeId,
    season_id: row.seasonId,
    progress: { current: goal, target: goal },
    earned: true,
    earned_at: row.earnedAt,
  };
}
