import { BADGES } from './badges.ts';
import { GOLD_LICENCE_MATCHES } from './constants.ts';
import { VALIDATION_CODES as V, z } from './validation.ts';

// Season rewards (spec player side §1, §9): the final ranking tier, the number of matches played and the gold licence.
// Which catalogue badge each tier gives is part of the season; by default the catalogue's season-numbered entries.

export const RANK_TIERS = ['rank_1', 'rank_2', 'rank_3', 'top_10', 'top_100'] as const;
export type RankTier = (typeof RANK_TIERS)[number];
export const AWARD_TIERS = [...RANK_TIERS, 'matches', 'gold_licence'] as const;
export type AwardTier = (typeof AWARD_TIERS)[number];

export const AWARD_TIER_LABELS: Record<AwardTier, string> = {
  rank_1: '最終順位1位',
  rank_2: '最終順位2位',
  rank_3: '最終順位3位',
  top_10: '最終順位TOP10',
  top_100: '最終順位TOP100',
  matches: '試合数',
  gold_licence: 'ゴールドライセンス',
};

/** Match-count thresholds a season may reward (spec §9: 100 … 1000 depending on the season). */
export const MATCH_THRESHOLDS = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;

export interface SeasonAwardMap {
  rank_1: string | null;
  rank_2: string | null;
  rank_3: string | null;
  top_10: string | null;
  top_100: string | null;
  gold_licence: string | null;
  /** threshold ("100" … "1000") → badge */
  matches: Record<string, string>;
}

const catalogueBadgeId = z
  .string(V.AWARD_BADGE_UNKNOWN)
  .refine((id) => BADGES.some((b) => b.id === id), V.AWARD_BADGE_UNKNOWN);
const slot = catalogueBadgeId.nullable();
const THRESHOLD_KEYS: string[] = MATCH_THRESHOLDS.map(String);

export const seasonAwardMapSchema = z
  .object({
    rank_1: slot,
    rank_2: slot,
    rank_3: slot,
    top_10: slot,
    top_100: slot,
    gold_licence: slot,
    matches: z.record(z.string(), catalogueBadgeId).superRefine((map, ctx) => {
      for (const key of Object.keys(map)) {
        if (!THRESHOLD_KEYS.includes(key))
          ctx.addIssue({ code: 'custom', path: [key], message: V.AWARD_THRESHOLD_INVALID });
      }
    }),
  })
  .strict() satisfies z.ZodType<SeasonAwardMap>;

const RANK_CONDITIONS: Record<RankTier, string> = {
  rank_1: '1位',
  rank_2: '2位',
  rank_3: '3位',
  top_10: 'TOP10',
  top_100: 'TOP100',
};

/** The catalogue's entries for season number `n` (シーズンn 最終順位…, シーズンnでm試合以上プレイ, ゴールドライセンス). */
export function defaultSeasonAwards(seasonNumber: number | null): SeasonAwardMap {
  const map: SeasonAwardMap = {
    rank_1: null,
    rank_2: null,
    rank_3: null,
    top_10: null,
    top_100: null,
    gold_licence: null,
    matches: {},
  };
  if (seasonNumber === null) return map;
  const byCondition = new Map(BADGES.map((b) => [b.condition, b.id]));
  for (const tier of RANK_TIERS) {
    map[tier] = byCondition.get(`シーズン${seasonNumber} 最終順位${RANK_CONDITIONS[tier]}`) ?? null;
  }
  map.gold_licence = byCondition.get(`シーズン${seasonNumber}で${GOLD_LICENCE_MATCHES}試合以上かつペナルティ0`) ?? null;
  for (const threshold of MATCH_THRESHOLDS) {
    const id = byCondition.get(`シーズン${seasonNumber}で${threshold}試合以上プレイ`);
    if (id) map.matches[String(threshold)] = id;
  }
  return map;
}

/** A season's number for the defaults: the first number in its name, else in its id (シーズン5 → 5). */
export function seasonNumberOf(season: { id: string; name: string }): number | null {
  const found = /\d+/.exec(season.name) ?? /\d+/.exec(season.id);
  return found ? Number(found[0]) : null;
}

/** The map in force for a season: its own, else the catalogue's defaults for its number. */
export function seasonAwardsOf(season: { id: string; name: string; awards: SeasonAwardMap | null }): SeasonAwardMap {
  return season.awards ?? defaultSeasonAwards(seasonNumberOf(season));
}
