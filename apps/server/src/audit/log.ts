import { desc, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

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

export async function listAudit(db: Executor, opts: { limit: number; beforeId?: number | undefined }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(opts.beforeId ? lt(auditLog.id, opts.beforeId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    before: r.before,
    after: r.after,
    created_at: r.createdAt,
  }));
}
