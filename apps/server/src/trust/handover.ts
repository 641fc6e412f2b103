import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { disputes, evidence, moderationCases, suspensions, warnings } from '../db/schema.ts';

// A deleted account in the trust records (deletion/): its screenshots are deleted (images of its screen), while its
// disputes, warnings, suspensions and the cases that name it move to its anonymised remainder: they are records of
// what admins decided about matches other players played.

/** Deletes the screenshots a player uploaded (reports and disputes keep their text; their image link empties). */
export async function dropEvidence(tx: Tx, uploaderId: string): Promise<number> {
  const dropped = await tx.delete(evidence).where(eq(evidence.uploaderId, uploaderId)).returning({ id: evidence.id });
  return dropped.length;
}

/** Moves a player's disputes, warnings, suspensions and moderation cases from `from` to `to`. */
export async function handOverModeration(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(disputes).set({ userId: to }).where(eq(disputes.userId, from));
  await tx.update(warnings).set({ userId: to }).where(eq(warnings.userId, from));
  await tx.update(suspensions).set({ userId: to }).where(eq(suspensions.userId, from));
  const quoted = [JSON.stringify(from), JSON.stringify(to)] as const;
  const names = sql`(${moderationCases.userId} = ${from} or ${moderationCases.otherUserId} = ${from})`;
  // A player's case is keyed by its subject (`user:<id>:lone`, `pair:<a>:<b>`); a match's details may list ids.
  await tx
    .update(moderationCases)
    .set({
      userId: sql`case when ${moderationCases.userId} = ${from} then ${to} else ${moderationCases.userId} end`,
      otherUserId: sql`case when ${moderationCases.otherUserId} = ${from} then ${to} else ${moderationCases.otherUserId} end`,
      key: sql`case when ${names} then regexp_replace(${moderationCases.key}, ${`(^|:)${from}(:|$)`}, ${`\\1${to}\\2`})
        else ${moderationCases.key} end`,
      details: sql`replace(${moderationCases.details}::text, ${quoted[0]}, ${quoted[1]})::jsonb`,
    })
    .where(
      or(
        eq(moderationCases.userId, from),
        eq(moderationCases.otherUserId, from),
        sql`${moderationCases.details}::text like ${`%${quoted[0]}%`}`,
      ),
    );
}
