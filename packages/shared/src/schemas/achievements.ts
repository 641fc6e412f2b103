import { GOLD_LICENCE_MATCHES, ROLE_WINS_TARGET, ROLES, type Role } from '../constants.ts';
import { AWARD_TIERS } from '../season-awards.ts';
import { z } from '../validation.ts';
import { unixSecondsSchema } from './common.ts';

// Achievements (spec player side §7 achievement calls) and what the season end handed out.

export const achievementSchema = z.object({
  /** first_win, matches_100, gold_licence, role_wins_TOP_LANE */
  id: z.string(),
  name: z.string(),
  condition: z.string(),
  badge_id: z.string().nullable(),
  /** The season it counts in; null for achievements across seasons. */
  season_id: z.string().nullable(),
  progress: z.object({ current: z.number().int(), target: z.number().int() }),
  earned: z.boolean(),
  earned_at: unixSecondsSchema.nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementsReplySchema = z.object({ achievements: z.array(achievementSchema) });
export type AchievementsReply = z.infer<typeof achievementsReplySchema>;

export const RECENT_ACHIEVEMENTS_DEFAULT = 10;
export const RECENT_ACHIEVEMENTS_MAX = 50;
export const recentAchievementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_ACHIEVEMENTS_MAX).default(RECENT_ACHIEVEMENTS_DEFAULT),
});
export const achievementCheckSchema = z.object({}).strict();
export const achievementCheckReplySchema = z.object({ newly_earned: z.array(achievementSchema) });

/** The catalogue's wording of the roles in the "30 wins in one season as …" family. */
export const ROLE_WIN_BADGE_ROLE_NAMES: Record<Role, string> = {
  TOP_LANE: 'トップレーン',
  MIDDLE: 'ミドル',
  BOTTOM_LANE: 'ボトムレーン',
  SUPPORT: 'サポート',
  TANK: 'タンク',
};

/** Name and condition of an achievement, in Japanese. */
export function achievementText(id: string): { name: string; condition: string } {
  if (id === 'first_win') return { name: '初勝利', condition: 'ランクマッチで初めて勝利する' };
  if (id === 'gold_licence') {
    return {
      name: 'ゴールドライセンス',
      condition: `今シーズンで${GOLD_LICENCE_MATCHES}試合以上プレイし、ペナルティが0`,
    };
  }
  const matches = /^matches_(\d+)$/.exec(id);
  if (matches) return { name: `${matches[1]}戦達成`, condition: `今シーズンで${matches[1]}試合以上プレイ` };
  const role = /^role_wins_([A-Z_]+)$/.exec(id)?.[1] as Role | undefined;
  if (role && ROLES.includes(role)) {
    const name = ROLE_WIN_BADGE_ROLE_NAMES[role];
    return { name: `${name}職人`, condition: `1シーズンで${name}として${ROLE_WINS_TARGET}勝` };
  }
  return { name: id, condition: '' };
}

export const seasonAwardEntrySchema = z.object({ tier: z.enum(AWARD_TIERS), badge_id: z.string() });
