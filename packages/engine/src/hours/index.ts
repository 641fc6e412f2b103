// Matching hours (Japan time) and the 2-minute wave clock. Pure functions of a unix time.
export {
  DEFAULT_MATCHING_HOURS,
  MATCHING_HOURS_RULE_EN,
  MATCHING_HOURS_RULE_JA,
  resolveMatchingHoursConfig,
} from './config.ts';
export { isMatchingOpen, isWaveTime, nextWaveUnix } from './schedule.ts';
export type { DailyWindow, MatchingHoursConfig } from './types.ts';
