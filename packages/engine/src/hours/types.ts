/** One daily matching session, in minutes after local midnight of the day it starts. */
export interface DailyWindow {
  /** Opening minute, 0 ≤ open < close. */
  open: number;
  /** Closing minute (exclusive). Values above 1440 run past midnight into the next day (at most 2880). */
  close: number;
}

export interface MatchingHoursConfig {
  /** Local time offset from UTC in minutes (Japan: +540, no DST). */
  utcOffsetMinutes: number;
  /**
   * Session starting on each local weekday, indexed like Date#getUTCDay: 0 = Sunday … 6 = Saturday.
   * null = no session starts that day (the previous day's session may still run past midnight).
   */
  windows: readonly (DailyWindow | null)[];
  /** Waves run at local times that are multiples of this (120 = every even minute). */
  waveIntervalSeconds: number;
}
