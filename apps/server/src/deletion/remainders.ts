import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

// Which ids were deleted here, and the remainder that holds what was kept of each. Nothing in a remainder leads back
// to the Discord id (personal-data.md) but the deletion job's own audit entry (`user.delete` on the old id, the
// remainder's id in its `after`): an import from another site reads it, so that it neither brings a deleted player
// back nor rebinds their history to a new sign-in.

/** Old id → the remainder's id, for those of `ids` whose account was deleted (and whose remainder is still there). */
export async function remaindersOf(db: Executor, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = new Set(ids);
  const found = new Map<string, string>();
  if (wanted.size === 0) return found;
  // Deletions are few: all of them are read, then matched here (no parameter list as long as an export's users).
  const entries = await db
    .select({ oldId: auditLog.targetId, remainderId: sql<string | null>`${auditLog.after} ->> 'anonymised_id'` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.targetType, 'user')));
  const deleted = entries.filter((e): e is { oldId: string; remainderId: string } => {
    return wanted.has(e.oldId) && typeof e.remainderId === 'string';
  });
  if (deleted.length === 0) return found;
  const present = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          deleted.map((d) => d.remainderId),
        ),
        isNotNull(users.deletedAt),
      ),
    );
  const remainders = new Set(present.map((p) => p.id));
  for (const d of deleted) if (remainders.has(d.remainderId)) found.set(d.oldId, d.remainderId);
  return found;
}
