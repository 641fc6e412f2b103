import { compareCharacterNames, getCharacter, type StatsReply } from '@rankmatch/shared';
import { formatPercent } from '../../lib/format.ts';
import { STATS_TEXTS as T } from './texts.ts';

// Pure helpers that turn the server's figures into what the page draws: sorting, gap filling, shares, formats.

export type CharacterRow = StatsReply['characters'][number];
export type SortKey = 'name' | 'pick_rate' | 'ban_rate' | 'win_rate' | 'interval';
export type SortDirection = 'ascending' | 'descending';

/** The Japanese name of a character, or ポケモンデータが見つかりません with its id when the roster does not know it. */
export function characterName(id: string): string {
  const name = getCharacter(id)?.name_ja;
  return name && name !== '-' ? name : T.unknownCharacter(id);
}

/** A rate of 0–1 as a percentage with one decimal at most: 0.5234 → "52.3%". */
export const formatRate = (rate: number) => formatPercent(rate * 100);

/** A 95 % interval of 0–1 rates, one decimal on both ends so columns line up: "41.0〜47.5%". */
export const formatInterval = (low: number, high: number) => `${(low * 100).toFixed(1)}〜${(high * 100).toFixed(1)}%`;

/** Seconds as 45秒 or 1分05秒. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? T.seconds(s) : T.minutesSeconds(Math.floor(s / 60), s % 60);
}

/** An axis tick of waits: whole minutes without seconds (4分), else as formatWait. */
export const formatWaitAxis = (seconds: number) =>
  seconds >= 60 && seconds % 60 === 0 ? T.minutes(seconds / 60) : formatWait(seconds);

/**
 * Where a rate sits on the interval bars' track, 0–1. The track spans 20–80 %: win rates live around 50 %, and a
 * 0–100 % track would shrink every interval to a few pixels. Values beyond it stop at the ends.
 */
export const INTERVAL_TRACK = { from: 0.2, to: 0.8 } as const;
export const trackPosition = (rate: number) =>
  Math.min(1, Math.max(0, (rate - INTERVAL_TRACK.from) / (INTERVAL_TRACK.to - INTERVAL_TRACK.from)));

/**
 * Where a sort puts a row; null: the row has no value for that column (the server gives no win rate to a character
 * never picked, only banned) and goes last.
 */
function sortValue(row: CharacterRow, key: Exclude<SortKey, 'name'>): number | null {
  if (key === 'pick_rate') return row.pick_rate;
  if (key === 'ban_rate') return row.ban_rate;
  // The interval sorts by its lower bound: a high rate from few games does not beat a solid one.
  return key === 'win_rate' ? row.win_rate : row.win_rate_low;
}

/**
 * The character table's order. Names sort in Japanese order; numbers break ties by sample size (picks, more first)
 * and then by name, so the order never depends on the server's. Rows without a value stay last in both directions.
 */
export function sortCharacters(rows: readonly CharacterRow[], key: SortKey, direction: SortDirection): CharacterRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  // The roster's precomputed Japanese order: ICU's collation would load its data while the page starts (30 ms).
  const byName = (a: CharacterRow, b: CharacterRow) => compareCharacterNames(a.pokemon_id, b.pokemon_id);
  return [...rows].sort((a, b) => {
    if (key === 'name') return sign * byName(a, b);
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) return sign * (va - vb);
    return b.picks - a.picks || byName(a, b);
  });
}

/** The direction a column sorts in when first chosen: names A→Z, numbers highest first. */
export const firstDirection = (key: SortKey): SortDirection => (key === 'name' ? 'ascending' : 'descending');

const DAY_MS = 86_400_000;

/** Matches per day from the first to the last day with matches, days without any filled in with 0. */
export function fillDays(days: StatsReply['matches_per_day']): { day: string; matches: number }[] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const known = new Map(days.map((d) => [d.day, d.matches]));
  const out: { day: string; matches: number }[] = [];
  const end = Date.parse(`${last.day}T00:00:00Z`);
  for (let t = Date.parse(`${first.day}T00:00:00Z`); t <= end && out.length < 3660; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, matches: known.get(day) ?? 0 });
  }
  return out;
}

/** 'YYYY-MM-DD' → "6/1" (the calendar day itself: the server already counted it in Japan time). */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

export const HISTOGRAM_WIDTH = 50;

/** The rate histogram from its lowest to its highest bin, empty bins filled in with 0. */
export function fillHistogram(bins: StatsReply['rating_histogram']): { from: number; count: number }[] {
  const first = bins[0];
  const last = bins[bins.length - 1];
  if (!first || !last) return [];
  const known = new Map(bins.map((b) => [b.from, b.count]));
  const out: { from: number; count: number }[] = [];
  for (let from = first.from; from <= last.from && out.length < 200; from += HISTOGRAM_WIDTH) {
    out.push({ from, count: known.get(from) ?? 0 });
  }
  return out;
}

export interface ResultShare {
  key: 'A' | 'B' | 'invalid';
  label: string;
  count: number;
  /** 0–1 of all matches. */
  share: number;
}

export function resultShares(results: StatsReply['results']): ResultShare[] {
  const total = results.A + results.B + results.invalid;
  const share = (n: number) => (total > 0 ? n / total : 0);
  return [
    { key: 'A', label: T.resultA, count: results.A, share: share(results.A) },
    { key: 'B', label: T.resultB, count: results.B, share: share(results.B) },
    { key: 'invalid', label: T.resultInvalid, count: results.invalid, share: share(results.invalid) },
  ];
}

/** The heat map's colour strength of a cell, 0–1 (square root, so quiet hours still show against a busy peak). */
export function heatLevel(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.round(Math.sqrt(count / max) * 100) / 100;
}
