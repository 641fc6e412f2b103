import type { Suspension, SuspensionKind } from '@rankmatch/shared';
import { and, desc, eq, gt, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { suspensions } from '../db/schema.ts';

// A player's matching suspension in force. trust/ owns the table and writes it (trust/suspensions.ts); the reads live
// here, below the queue, so that the join call, the wave and the profile can ask without importing trust/ (which
// imports the queue to take a suspended player out of it).

/**
 * The unlifted suspension of a player that ends last, if it ends after `now`: the one definition of "suspended",
 * as an SQL value (its end, or null) for a user id or a user-id column.
 */
export const suspendedUntilOf = (userId: string | SQLWrapper, now: number): SQL<number | null> =>
  sql<number | null>`(select max(${suspensions.endsAt}) from ${suspensions}
    where ${suspensions.userId} = ${userId} and ${suspensions.liftedAt} is null and ${suspensions.endsAt} > ${now})`;

/** The player's suspension in force now (the one ending last), or null. */
export async function activeSuspension(db: Executor, userId: string, now: number): Promise<Suspension | null> {
  const [row] = await db
    .select({ ends_at: suspensions.endsAt, reason: suspensions.reason, kind: suspensions.kind })
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt), gt(suspensions.endsAt, now)))
    .orderBy(desc(suspensions.endsAt), desc(suspensions.id))
    .limit(1);
  return row ? { ...row, kind: row.kind as SuspensionKind } : null;
}
