import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { suspensions } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';

// Matching suspensions (the suspensions table belongs to trust/): the player may sign in and see their pages but not
// queue until ends_at. The ready check's no-show timeouts are written here; admins' sanctions come with issue 35's
// part 2 in this same file.

export type SuspensionKind = 'admin' | 'ready_check';

/** Records a matching suspension (in the caller's transaction). startsAt defaults to the app's present time. */
export async function suspend(
  { tx }: Work,
  input: { userId: string; kind: SuspensionKind; reason: string; endsAt: number; startsAt?: number },
): Promise<void> {
  await tx.insert(suspensions).values({
    userId: input.userId,
    kind: input.kind,
    reason: input.reason,
    startsAt: input.startsAt ?? Math.floor(Date.now() / 1000),
    endsAt: input.endsAt,
  });
}

/** The suspension in force now that ends last, or null. */
export async function activeSuspension(
  db: Executor,
  userId: string,
  now: number,
): Promise<{ endsAt: number; reason: string } | null> {
  const [row] = await db
    .select({ endsAt: suspensions.endsAt, reason: suspensions.reason })
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), gt(suspensions.endsAt, now), isNull(suspensions.liftedAt)))
    .orderBy(desc(suspensions.endsAt))
    .limit(1);
  return row ?? null;
}
