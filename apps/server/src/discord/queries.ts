import { and, asc, desc, eq, isNotNull, lte, max } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notificationOutbox, seasonRecords, settings, users } from '../db/schema.ts';
import type { FinalStanding } from './texts.ts';

// What the Discord channel reads of other modules' tables: its own deliveries in the outbox, a season's frozen final
// ranking, the announcement's row.

/** When the channel's last queue announcement was queued (the cool-down counts from it), or null. */
export async function lastQueueAnnouncementAt(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ at: max(notificationOutbox.createdAt) })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.channel, 'discord_channel'), eq(notificationOutbox.target, 'queue')));
  return row?.at ?? null;
}

/** The text of the channel's latest message of one kind, or null. */
export async function lastChannelMessage(db: Executor, target: string): Promise<string | null> {
  const [row] = await db
    .select({ payload: notificationOutbox.payload })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.channel, 'discord_channel'), eq(notificationOutbox.target, target)))
    .orderBy(desc(notificationOutbox.id))
    .limit(1);
  const content = (row?.payload as { content?: unknown } | undefined)?.content;
  return typeof content === 'string' ? content : null;
}

/** The channel's latest deliveries, newest first. */
export async function recentChannelDeliveries(db: Executor, limit: number) {
  return db
    .select({
      id: notificationOutbox.id,
      target: notificationOutbox.target,
      payload: notificationOutbox.payload,
      status: notificationOutbox.status,
      lastError: notificationOutbox.lastError,
      createdAt: notificationOutbox.createdAt,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.channel, 'discord_channel'))
    .orderBy(desc(notificationOutbox.id))
    .limit(limit);
}

/** The first `n` of a season's final ranking (season_records, frozen by the season end). */
export async function finalTop(db: Executor, seasonId: string, n: number): Promise<FinalStanding[]> {
  const rows = await db
    .select({
      rank: seasonRecords.finalRank,
      trainerName: users.trainerName,
      maxRate: seasonRecords.maxRate,
      finalRate: seasonRecords.finalRate,
    })
    .from(seasonRecords)
    .innerJoin(users, eq(users.id, seasonRecords.userId))
    .where(
      and(eq(seasonRecords.seasonId, seasonId), isNotNull(seasonRecords.finalRank), lte(seasonRecords.finalRank, n)),
    )
    .orderBy(asc(seasonRecords.finalRank))
    .limit(n);
  return rows.map((r) => ({ ...r, rank: r.rank ?? 0 }));
}

/** A setting's saved value and when it was saved, or null while it was never saved. */
export async function savedSetting(db: Executor, id: string): Promise<{ value: string; updatedAt: number } | null> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.id, id));
  return row ?? null;
}
