import type { QueueEntry, QueueOutlook } from '@rankmatch/shared';
import type { queueEntries } from '../db/schema.ts';

export type EntryRow = typeof queueEntries.$inferSelect;

/** A queue entry as the API replies with it. */
export function presentEntry(row: EntryRow): QueueEntry {
  return {
    user_id: row.userId,
    deck_type: (row.deckType as QueueEntry['deck_type']) ?? null,
    roles: row.roles as QueueEntry['roles'],
    joined_at: row.joinedAt,
    waves_missed: row.wavesMissed,
  };
}

/** One Japan-time hour of the recorded waves. */
export interface HourFigures {
  hour: number;
  medianQueue: number | null;
  medianWaitSeconds: number | null;
  waves: number;
}

/** When to come (GET /api/queue/outlook): an hour without waves counts an empty queue. */
export function presentOutlook(input: {
  hours: readonly HourFigures[];
  nextWaveAt: number | null;
  waiting: number;
  nearWaiting: number | null;
}): QueueOutlook {
  return {
    by_hour: input.hours.map((h) => ({
      hour: h.hour,
      typical_queue: h.medianQueue ?? 0,
      wait_p50_seconds: h.medianWaitSeconds,
      waves: h.waves,
    })),
    next_wave_at: input.nextWaveAt,
    total_waiting: input.waiting,
    near_waiting: input.nearWaiting,
  };
}
