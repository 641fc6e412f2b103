import type { RatingConfig } from './types.ts';

// K = 40: an even match moves everyone by exactly ±20, the middle of the rules' "about 10 to 50" band.
// Inside the matchmaking window (±200 from the opponents' average, E between 0.24 and 0.76) raw changes run
// from about 10 to 30, so the favourite still gains the 10 floor and a full upset earns about +30; only a
// 400+ gap gets near 40. The 50 ceiling can never be hit with K = 40 — it guards a larger configured K.
// The 10 floor keeps every valid match meaningful: even a heavy favourite wins or loses at least 10.
export const DEFAULT_RATING_CONFIG: Readonly<RatingConfig> = Object.freeze({
  kFactor: 40,
  minDelta: 10,
  maxDelta: 50,
});

export function resolveRatingConfig(config: Partial<RatingConfig> = {}): RatingConfig {
  return { ...DEFAULT_RATING_CONFIG, ...config };
}

/** Rules-page text (Japanese). */
export function ratingRuleJa(config: RatingConfig = DEFAULT_RATING_CONFIG): string {
  return [
    'レートはElo方式で計算します（初期レート1500）。',
    '各プレイヤーの期待勝率は、自分のレートと相手チームの平均レートの差から求めます（期待勝率 = 1 / (1 + 10^((相手平均 − 自分) / 400))）。',
    `変動幅は K(${config.kFactor}) × (勝ち1・負け0 − 期待勝率) を四捨五入し、勝ちは+${config.minDelta}〜+${config.maxDelta}、負けは−${config.minDelta}〜−${config.maxDelta}の範囲に収めます。`,
    '格上に勝つほど大きく上がり、格下に負けるほど大きく下がります。無効試合ではレートは変動しません。',
    'ランキングは最高レート順です。',
  ].join('\n');
}

/** The text for the default configuration. */
export const RATING_RULE_JA = ratingRuleJa();
