import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { seasonAwards, seasonRecords } from '../db/schema.ts';

// A deleted account's ended seasons stay in the seasons' final rankings and award counts, under its anonymised
// remainder (deletion/), so other players' ranks do not move.

/** Moves a player's season records and awards from `from` to `to` (a new users row). */
export async function handOverSeasonRecords(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(seasonRecords).set({ userId: to }).where(eq(seasonRecords.userId, from));
  await tx.update(seasonAwards).set({ userId: to }).where(eq(seasonAwards.userId, from));
}
