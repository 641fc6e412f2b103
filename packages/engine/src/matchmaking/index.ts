// Pure matchmaking engine (no I/O): runWave turns the waiting queue into 5v5 matches plus the wave's metrics.
// Internals (splits, permutations, group selection, PRNG) stay in their files; tests and the bench import them there.
export { DEFAULT_MATCHMAKING_CONFIG, resolveMatchmakingConfig, windowHalfWidth } from './config.ts';
export { computeWaveMetrics } from './metrics.ts';
export { assignRoles } from './roles.ts';
export { describeMatchmakingRule, MATCHMAKING_RULE_EN, MATCHMAKING_RULE_JA } from './rule.ts';
export type {
  Match,
  MatchmakingConfig,
  MatchPlayer,
  MatchQuality,
  MatchTeam,
  MatchTeamSide,
  PlayerWait,
  WaitingEntry,
  WaveMetrics,
  WaveResult,
} from './types.ts';
export { runWave } from './wave.ts';
