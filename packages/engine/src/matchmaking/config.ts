import type { MatchmakingConfig } from './types.ts';

// Defaults from the issue: window ±200, +50 per missed wave, 5-point gap tolerance for the role trade-off (spent
// only to put more players in a preferred role). poolSize/maxPoolSize/waitBonusPerWave/gapPointsPerOffRole tune the
// anchor-by-anchor plan and were tuned with `npm run bench:matchmaking`.
export const DEFAULT_MATCHMAKING_CONFIG: Readonly<MatchmakingConfig> = Object.freeze({
  windowBase: 200,
  windowStepPerWave: 50,
  gapTolerance: 5,
  poolSize: 24,
  maxPoolSize: 96,
  waitBonusPerWave: 10,
  gapPointsPerOffRole: 5,
  seed: 1,
});

export function resolveMatchmakingConfig(config: Partial<MatchmakingConfig> = {}): MatchmakingConfig {
  const resolved = { ...DEFAULT_MATCHMAKING_CONFIG, ...config };
  if (!(resolved.windowBase >= 0) || !(resolved.windowStepPerWave >= 0) || !(resolved.gapTolerance >= 0)) {
    throw new RangeError('matchmaking config: windowBase, windowStepPerWave and gapTolerance must be ≥ 0');
  }
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
