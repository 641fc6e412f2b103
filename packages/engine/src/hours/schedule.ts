// Pure clock functions: is matching open at a unix time, and when is the next wave.
import { resolveMatchingHoursConfig } from './config.ts';
import type { MatchingHoursConfig } from './types.ts';

const DAY = 86_400;
/** 1970-01-01 was a Thursday (getUTCDay 4). */
const EPOCH_WEEKDAY = 4;

function weekday(localDayIndex: number): number {
  return (((localDayIndex + EPOCH_WEEKDAY) % 7) + 7) % 7;
}

function openIn(cfg: MatchingHoursConfig, nowUnix: number): boolean {
  const local = nowUnix + cfg.utcOffsetMinutes * 60;
  const day = Math.floor(local / DAY);
  const secondOfDay = local - day * DAY;
  // A session started today, or yesterday's session still running past midnight.
  const today = cfg.windows[weekday(day)];
  if (today && secondOfDay >= today.open * 60 && secondOfDay < today.close * 60) return true;
  const yesterday = cfg.windows[weekday(day - 1)];
  return Boolean(yesterday && secondOfDay + DAY >= yesterday.open * 60 && secondOfDay + DAY < yesterday.close * 60);
}

/** True when matching is open at `nowUnix` (unix seconds). Open is inclusive, close exclusive. */
export function isMatchingOpen(nowUnix: number, config: Partial<MatchingHoursConfig> = {}): boolean {
  return openIn(resolveMatchingHoursConfig(config), nowUnix);
}

/** True when `nowUnix` is a wave time: an exact multiple of the interval in local time, while open. */
export function isWaveTime(nowUnix: number, config: Partial<MatchingHoursConfig> = {}): boolean {
  const cfg = resolveMatchingHoursConfig(config);
  return (nowUnix + cfg.utcOffsetMinutes * 60) % cfg.waveIntervalSeconds === 0 && openIn(cfg, nowUnix);
}

/** Smallest interval-aligned (local time) instant ≥ t. */
function alignUp(t: number, cfg: MatchingHoursConfig): number {
  const off = cfg.utcOffsetMinutes * 60;
  const step = cfg.waveIntervalSeconds;
  return Math.ceil((t + off) / step) * step - off;
}

/** The first session start strictly after t (t being a closed instant), or null if no session is configured. */
function nextOpening(t: number, cfg: MatchingHoursConfig): number | null {
  const off = cfg.utcOffsetMinutes * 60;
  const day = Math.floor((t + off) / DAY);
  let best: number | null = null;
  for (let d = day - 1; d <= day + 8; d++) {
    const w = cfg.windows[weekday(d)];
    if (!w) continue;
    const start = d * DAY + w.open * 60 - off;
    if (start > t && (best === null || start < best)) best = start;
  }
  return best;
}

/**
 * The next wave time strictly after `nowUnix`: the next even minute (interval multiple, local time) at which
 * matching is open — outside the hours, that is the opening time. Strictly after, so a scheduler that runs a
 * wave at T and asks again at T gets T + 120. Throws if the config never opens.
 */
export function nextWaveUnix(nowUnix: number, config: Partial<MatchingHoursConfig> = {}): number {
  const cfg = resolveMatchingHoursConfig(config);
  // Smallest aligned instant > nowUnix (unix times are whole seconds; a fraction is rounded down first).
  let t = alignUp(Math.floor(nowUnix) + 1, cfg);
  // Each round either returns or jumps to the next session start; a week has at most 7 starts (+ unaligned ones).
  for (let round = 0; round < 32; round++) {
    if (openIn(cfg, t)) return t;
    const opening = nextOpening(t, cfg);
    if (opening === null) break;
    t = alignUp(opening, cfg);
  }
  throw new RangeError('nextWaveUnix: matching never opens with this config');
}
