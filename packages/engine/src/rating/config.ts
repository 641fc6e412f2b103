import { INITIAL_RATE, PROVISIONAL_MATCHES } from '@rankmatch/shared';
import type { RatingConfig } from './types.ts';

// Defaults tuned with `npm run bench:rating` (see the README's Rating section for the figures).
export const DEFAULT_RATING_CONFIG: Readonly<RatingConfig> = Object.freeze({
  kFactor: 20,
  provisionalKFactor: 80,
  provisionalSigmas: 1,
  gapScale: 50,
  minDelta: 10,
  maxDelta: 50,
  mmr: Object.freeze({ initialSigma: 125, beta: 460, tau: 4, seasonSigma: 40 }),
});

export function resolveRatingConfig(config: Partial<RatingConfig> = {}): RatingConfig {
  return { ...DEFAULT_RATING_CONFIG, ...config, mmr: { ...DEFAULT_RATING_CONFIG.mmr, ...config.mmr } };
}

/** Rules-page text (Japanese), from the running configuration. */
export function ratingRuleJa(config: RatingConfig = DEFAULT_RATING_CONFIG): string {
  const { kFactor: k, provisionalKFactor: kp, minDelta: min, maxDelta: max } = config;
  return [
    `レートはElo方式で計算します（初期レート${INITIAL_RATE}）。`,
    'このほかに、試合結果から実力を推定する内部レート（MMR：推定値とその不確かさ）があり、マッチングに使います。内部レートはシーズンをまたいで引き継がれ、新しいシーズンの最初の試合で不確かさが少し広がります。',
    `期待勝率は、両チームの内部レートの平均から求めた自チームの勝率を、自分のレートが内部レートより高いほど高く、低いほど低く補正したものです（${config.gapScale}高いごとにオッズ10倍）。`,
    `変動幅は K × (勝ち1・負け0 − 期待勝率) を四捨五入し、勝ちは+${min}〜+${max}、負けは−${min}〜−${max}の範囲に収めます。K（変動の大きさを決める係数）は通常${k}です。レートを内部レートに近づける結果（内部レートより低いときの勝ち、高いときの負け）では、離れているほど大きくなり、内部レートの不確かさの${config.provisionalSigmas}倍以上離れると最大の${kp}になります。`,
    'そのため、レートは内部レートに近づくように動きます。内部レートより低いうちは勝つと大きく上がり、高いうちは負けると大きく下がります。内部レートで格上のチームに勝つほど大きく上がります。',
    '無効試合ではレートも内部レートも変動しません。',
    `今シーズンの試合数が${PROVISIONAL_MATCHES}試合未満のレートには「暫定」と表示します。`,
    'ランキングは最高レート順です。',
  ].join('\n');
}

/** The text for the default configuration. */
export const RATING_RULE_JA = ratingRuleJa();
