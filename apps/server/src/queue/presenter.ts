import type { QueueEntry } from '@rankmatch/shared';
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
