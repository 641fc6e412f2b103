// Achievements reached during play (pure).
export {
  type AchievementKind,
  type AchievementRules,
  type AchievementStatus,
  evaluateAchievements,
  newlyReached,
  type PlayedMatch,
  type PlayerProgress,
  ROLE_WINS_TARGET,
  reachedAt,
} from './rules.ts';
