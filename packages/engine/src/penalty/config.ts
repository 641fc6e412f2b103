import { PENALTY_BLOCK_THRESHOLD } from '@rankmatch/shared';
import type { PenaltyConfig } from './types.ts';

// 4 of one team: a team of 5 reporting one player (teammate or opponent) is a strong, hard-to-fake signal.
// 6 in total: needs reporters from both teams, so a single team cannot penalise an opponent on its own
// with fewer than 4 of its players. 30 minutes per point grows the cost of repeat offences; 50 clean matches
// per point of correction lets a reformed player work back below the block threshold.
export const DEFAULT_PENALTY_CONFIG: Readonly<PenaltyConfig> = Object.freeze({
  sameTeamReporters: 4,
  totalReporters: 6,
  timeoutMinutesPerPenalty: 30,
  matchesPerCorrection: 50,
  blockThreshold: PENALTY_BLOCK_THRESHOLD,
});

export function resolvePenaltyConfig(config: Partial<PenaltyConfig> = {}): PenaltyConfig {
  return { ...DEFAULT_PENALTY_CONFIG, ...config };
}

/** Rules-page text (Japanese). */
export function penaltyRuleJa(config: PenaltyConfig = DEFAULT_PENALTY_CONFIG): string {
  return [
    '試合報告では違反プレイヤー（無効試合の場合は原因プレイヤー）を1人報告できます。自分自身や試合に参加していないプレイヤーへの報告は無効です。',
    `同じチームの${config.sameTeamReporters}人以上、または合計${config.totalReporters}人以上から報告されたプレイヤーには、報告期限の終了時にペナルティが1加算されます。`,
    `ペナルティを受けると「${config.timeoutMinutesPerPenalty}分 × 実効ペナルティ数」の間、マッチングに参加できません。`,
    '実効ペナルティ = 累積ペナルティ − 軽減数（0未満にはなりません）。',
    `実効ペナルティが${config.blockThreshold}以上になるとマッチングに参加できなくなります。`,
    `最後のペナルティ以降、勝敗が確定した試合を${config.matchesPerCorrection}試合消化するごとに軽減数が1増えます（無効試合は数えません）。`,
  ].join('\n');
}

/** The text for the default configuration. */
export const PENALTY_RULE_JA = penaltyRuleJa();
