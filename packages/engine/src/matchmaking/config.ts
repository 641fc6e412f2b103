import { AVOID_YIELD_AFTER_WAVES } from '@rankmatch/shared';
import type { MatchmakingConfig } from './types.ts';

// Window ±200 (the rules text's), 5-point gap tolerance for the role trade-off (spent only to put more players in a
// preferred role). The waves match on the MMR, which keeps players where it believes they are: where start rates say
// something its spread is about twice the old Elo's (whose spread was mostly noise that kept mixing the queue), so the
// extremes waited longer with +50 per missed wave; +200 (it was +50 on Elo) keeps the waits of `npm run bench:rating`
// no longer than they were. poolSize/maxPoolSize/waitBonusPerWave/gapPointsPerOffRole tune the anchor-by-anchor plan
// and were tuned with `npm run bench:matchmaking`. spreadTolerance (15 points, about one point of predicted win
// chance) is spent only to spread newcomers over both teams (chooseSplit). Avoid lists yield after
// AVOID_YIELD_AFTER_WAVES (3) missed waves.
export const DEFAULT_MATCHMAKING_CONFIG: Readonly<MatchmakingConfig> = Object.freeze({
  windowBase: 200,
  windowStepPerWave: 200,
  gapTolerance: 5,
  spreadTolerance: 15,
  poolSize: 24,
  maxPoolSize: 96,
  waitBonusPerWave: 10,
  gapPointsPerOffRole: 5,
  avoidYieldAfterWaves: AVOID_YIELD_AFTER_WAVES,
  seed: 1,
});

/** The window before the MMR (on the Elo rate): the rating benchmark's "today". */
export const LEGACY_MATCHMAKING_WINDOW: Readonly<Pick<MatchmakingConfig, 'windowBase' | 'windowStepPerWave'>> =
  Object.freeze({ windowBase: 200, windowStepPerWave: 50 });

export function resolveMatchmakingConfig(config: Partial<MatchmakingConfig> = {}): MatchmakingConfig {
  const resolved = { ...DEFAULT_MATCHMAKING_CONFIG, ...config };
  if (!(resolved.windowBase >= 0) || !(resolved.windowStepPerWave >= 0) || !(resolved.gapTolerance >= 0)) {
    throw new RangeError('matchmaking config: windowBase, windowStepPerWave and gapTolerance must be ≥ 0');
  }
  if (!(resolved.spreadTolerance >= 0)) throw new RangeError('matchmaking config: spreadTolerance must be ≥ 0');
  if (!(resolved.avoidYieldAfterWaves >= 0))
    throw new RangeError('matchmaking config: avoidYieldAfterWaves must be ≥ 0');
  if (!(resolved.gapPointsPerOffRole > 0)) throw new RangeError('matchmaking config: gapPointsPerOffRole must be > 0');
  if (!(resolved.poolSize >= 9) || !(resolved.maxPoolSize >= resolved.poolSize)) {
    throw new RangeError('matchmaking config: need 9 ≤ poolSize ≤ maxPoolSize');
  }
  return resolved;
}

/** Half-width of the rating window of an anchor who has missed `wavesMissed` waves. */
export function windowHalfWidth(wavesMissed: number, config: MatchmakingConfig): number {
  return config.windowBase + config.windowStepPerWave * Math.max(0, wavesMissed);
}
