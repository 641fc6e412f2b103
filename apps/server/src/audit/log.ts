import { and, asc, desc, eq, inArray, like, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

// Every admin write is recorded in the same transaction as the write itself: who, what, target, before/after, when.

export interface AuditInput {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  now: number;
}

export async function recordAudit(db: Executor, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    before: input.before ?? null,
    after: input.after ?? null,
    createdAt: input.now,
  });
}

/** When an action was last recorded on a target (a match's latest correction), or null. */
export async function lastRecordedAt(
  db: Executor,
  target: { action: string; targetType: string; targetId: string },
): Promise<number | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, target.action),
        eq(auditLog.targetType, target.targetType),
        eq(auditLog.targetId, target.targetId),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.at ?? null;
}

/** What every entry of an action on some targets recorded (`after`), oldest first: e.g. the refunds of matches. */
export async function recordedOn(
  db: Executor,
  target: { action: string; targetType: string; targetIds: readonly string[] },
): Promise<{ targetId: string; after: unknown }[]> {
  if (target.targetIds.length === 0) return [];
  return db
    .select({ targetId: auditLog.targetId, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, target.action),
        eq(auditLog.targetType, target.targetType),
        inArray(auditLog.targetId, [...target.targetIds]),
      ),
    )
    .orderBy(asc(auditLog.id));
}

export interface AuditFilter {
  actor?: string | undefined;
  /** A prefix: `user.` finds every user edit. */
  action?: string | undefined;
  target?: string | undefined;
  limit: number;
  beforeId?: number | undefined;
}

/** LIKE pattern for a literal prefix (%, _ and \ in the text match themselves). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first, one page; `next_before_id` continues with older entries. */
export async function listAudit(db: Executor, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.action) conditions.push(like(auditLog.action, prefixPattern(filter.action)));
  if (filter.target) conditions.push(eq(auditLog.targetId, filter.target));
  if (filter.beforeId) conditions.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select({ entry: auditLog, actorName: users.trainerName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return {
    entries: page.map(({ entry: r, actorName }) => ({
      id: r.id,
      actor_id: r.actorId,
      actor_name: actorName,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt,
    })),
    next_before_id: rows.length > filter.limit ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
