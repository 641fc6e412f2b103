import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { matches, matchPlayers, matchReports, playerMmr, seasonStats } from '../db/schema.ts';

// A deleted account's matches stay in every other player's history: its rows move to the account's anonymised
// remainder (deletion/), so teams keep ten players, reports their culprit, settlements and corrections their numbers.

/** Moves a player's match rows, season numbers and hidden rating from `from` to `to` (a new users row). */
export async function handOverMatchHistory(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(matchPlayers).set({ userId: to }).where(eq(matchPlayers.userId, from));
  await tx.update(matchReports).set({ userId: to }).where(eq(matchReports.userId, from));
  // Other players' reports that named them as the culprit.
  await tx.update(matchReports).set({ violationReport: to }).where(eq(matchReports.violationReport, from));
  await tx.update(matches).set({ hostUserId: to }).where(eq(matches.hostUserId, from));
  // A JSON array of ids: the quoted id is replaced as text (ids hold no character JSON escapes).
  await tx
    .update(matches)
    .set({
      penaltyUserIds: sql`replace(${matches.penaltyUserIds}::text, ${JSON.stringify(from)}, ${JSON.stringify(to)})::jsonb`,
    })
    .where(sql`${matches.penaltyUserIds} @> ${JSON.stringify([from])}::jsonb`);
  await tx.update(seasonStats).set({ userId: to }).where(eq(seasonStats.userId, from));
  await tx.update(playerMmr).set({ userId: to }).where(eq(playerMmr.userId, from));
}
