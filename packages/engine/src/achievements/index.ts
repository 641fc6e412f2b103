// Achievements reached during play (pure).
export {
  type AchievementKind,
  type AchievementRules,
  type AchievementStatus,
  evaluateAchievements,
  newlyReached,
  type PlayerProgress,
  ROLE_WINS_TARGET,
} from './rules.ts';
