// Human-readable matchmaking rule for the rules page and README, generated from the config so it never drifts.
import { DEFAULT_MATCHMAKING_CONFIG } from './config.ts';
import type { MatchmakingConfig } from './types.ts';

export function describeMatchmakingRule(config: MatchmakingConfig = DEFAULT_MATCHMAKING_CONFIG): {
  ja: string;
  en: string;
} {
  const { windowBase: base, windowStepPerWave: step, gapTolerance: tol } = config;
  const ja = [
    'マッチングは2分ごとの「ウェーブ」でまとめて行います。',
    `待ち時間が長い人から順に基準プレイヤーとし、その人のレート±${base}（マッチしなかったウェーブ1回ごとに±${step}ずつ広がります）の範囲にいる人から、レートが近く・待ち時間が長く・希望ロールがかみ合う9人を選び、10人のマッチを作ります。`,
    `10人を5人ずつに分ける126通りのうち、チーム平均レートの差が最も小さい分け方を選びます（差が${tol}以内なら、希望ロールをより多く満たせる分け方を優先します）。`,
    '各チームは5つのロールを1人ずつ担当し、第1希望、第2希望…の順に割り当てます（希望なしの人はどのロールでも構いません）。',
    '平均レートが低いチームが先攻です（同じ場合は基準プレイヤーのチーム）。ホストは先攻チームでレートが最も高い人です（同じ場合は待ち時間が長い人）。',
  ].join('\n');
  const en = [
    'Matchmaking runs in waves every 2 minutes.',
    `Players are taken longest-waiting first as the anchor; from everyone within ±${base} of the anchor's rating (widened by ±${step} for every wave the anchor has missed), the 9 closest in rating, longest waiting and with complementary roles join the anchor in a match of 10.`,
    `Of the 126 ways to split the 10 into 5 + 5, the one with the smallest team-average rating gap is chosen (within ${tol} points of it, the split that gives more players a preferred role wins).`,
    'Each team covers the five roles, one player each, giving first choices first, then second choices… (players with no preference can take any role).',
    "The team with the lower average rating attacks first (equal: the anchor's team). The host is the highest-rated player of the first-attack team (equal: the longest waiting).",
  ].join('\n');
  return { ja, en };
}

const DEFAULT_RULE = describeMatchmakingRule();
/** Rules-page text (Japanese), for the default config. */
export const MATCHMAKING_RULE_JA: string = DEFAULT_RULE.ja;
/** README text (English), for the default config. */
export const MATCHMAKING_RULE_EN: string = DEFAULT_RULE.en;
