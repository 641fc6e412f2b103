import { DEFAULT_MATCHMAKING_CONFIG, nextWaveUnix, windowHalfWidth } from '@rankmatch/engine';
import type { QueueOutlook } from '@rankmatch/shared';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { type Executor, readAll } from '../db/client.ts';
import { playerMmr, queueEntries, users, waveRuns } from '../db/schema.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import { type HourFigures, presentOutlook } from './presenter.ts';
import { queueSize } from './service.ts';

// The queue's outlook: when people usually queue (by hour, from the recorded waves), when the next wave runs, and how
// many players near the caller's rate are waiting now.

/** The waves of the last four weeks make the hourly figures. */
const OUTLOOK_DAYS = 28;
const JST_OFFSET_SECONDS = 9 * 3600;

/** The rate the waves match on: the MMR's mean, a newcomer's start rate. */
const matchRating = sql<number>`round(coalesce(${playerMmr.mu}, ${users.startRate}))::int`;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Japan-time hours 0–23: the median queue at the hour's waves and the median wait of those matched then. */
export async function hourlyOutlook(db: Executor, now: number): Promise<HourFigures[]> {
  const rows = await db
    .select({ ranAt: waveRuns.ranAt, candidates: waveRuns.candidates, wait: waveRuns.averageWaitSeconds })
    .from(waveRuns)
    .where(and(gte(waveRuns.ranAt, now - OUTLOOK_DAYS * 86_400), isNotNull(waveRuns.slot)));
  const hours = Array.from({ length: 24 }, () => ({ queues: [] as number[], waits: [] as number[] }));
  for (const r of rows) {
    const slot = hours[Math.floor(((r.ranAt + JST_OFFSET_SECONDS) % 86_400) / 3600)];
    if (!slot) continue;
    slot.queues.push(r.candidates);
    if (r.wait !== null) slot.waits.push(r.wait);
  }
  return hours.map((h, hour) => ({
    hour,
    medianQueue: median(h.queues),
    medianWaitSeconds: median(h.waits),
    waves: h.queues.length,
  }));
}

/** The match ratings of the players waiting now (all but `except`). */
export async function queuedRatings(db: Executor, except: string | null = null): Promise<number[]> {
  const rows = await db
    .select({ userId: queueEntries.userId, rating: matchRating })
    .from(queueEntries)
    .innerJoin(users, eq(users.id, queueEntries.userId))
    .leftJoin(playerMmr, eq(playerMmr.userId, queueEntries.userId));
  return rows.filter((r) => r.userId !== except).map((r) => Number(r.rating));
}

export async function matchRatingOf(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ rating: matchRating })
    .from(users)
    .leftJoin(playerMmr, eq(playerMmr.userId, users.id))
    .where(eq(users.id, userId));
  return row ? Number(row.rating) : null;
}

/** Players within a rating's window (the base window of a wave's anchor). */
export function nearCount(ratings: readonly number[], rating: number): number {
  const half = windowHalfWidth(0, DEFAULT_MATCHMAKING_CONFIG);
  return ratings.filter((r) => Math.abs(r - rating) <= half).length;
}

export async function queueOutlook(db: Executor, now: number, userId: string | null): Promise<QueueOutlook> {
  const [byHour, season, ratings, own, total] = await readAll(
    db,
    () => hourlyOutlook(db, now),
    () => markedActiveSeason(db),
    () => queuedRatings(db, userId),
    () => (userId ? matchRatingOf(db, userId) : Promise.resolve(null)),
    () => queueSize(db),
  );
  return presentOutlook({
    hours: byHour,
    // The next wave that matches: the next turn in matching hours, while a season runs.
    nextWaveAt: isSeasonOpen(season, now) ? nextWaveUnix(now) : null,
    waiting: total,
    nearWaiting: own === null ? null : nearCount(ratings, own),
  });
}
