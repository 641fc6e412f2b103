import { BADGES, type Badge, getBadge } from '@rankmatch/shared';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { badges, userBadges, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { ownedBadgeIds } from '../users/queries.ts';
import { assertOwned } from '../users/service.ts';

/** Seeds the live badge table from the bundled catalogue (new ids only; live values are never overwritten). */
export async function seedBadges(db: Executor): Promise<void> {
  await db
    .insert(badges)
    .values(BADGES.map((b) => ({ id: b.id, isActive: b.is_active, currentSales: 0 })))
    .onConflictDoNothing({ target: badges.id });
}

/** The catalogue with the live is_active and current_sales. */
export async function liveCatalogue(db: Executor): Promise<Badge[]> {
  const rows = await db.select().from(badges);
  const live = new Map(rows.map((r) => [r.id, r]));
  return BADGES.map((b) => {
    const row = live.get(b.id);
    return row ? { ...b, is_active: row.isActive, current_sales: row.currentSales } : b;
  });
}

export async function equipBadges(
  db: Executor,
  userId: string,
  primary: string | null,
  secondary: string | null,
  now: number,
): Promise<void> {
  const owned = await ownedBadgeIds(db, userId);
  assertOwned(owned, primary, secondary);
  await db
    .update(users)
    .set({ currentBadge: primary, currentBadge2: secondary, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Gives a badge to a user (idempotent) and records it. */
export async function awardBadge(
  db: Executor,
  input: { actorId: string; userId: string; badgeId: string; now: number },
): Promise<{ created: boolean }> {
  if (!getBadge(input.badgeId)) throw new AppError('BADGE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError('USER_NOT_FOUND');
    const inserted = await tx
      .insert(userBadges)
      .values({ userId: input.userId, badgeId: input.badgeId, source: 'award', acquiredAt: input.now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'badge.award',
        targetType: 'user',
        targetId: input.userId,
        before: null,
        after: { badge_id: input.badgeId },
        now: input.now,
      });
    }
    return { created: inserted.length > 0 };
  });
}

export async function hasBadge(db: Executor, userId: string, badgeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userBadges.badgeId })
    .from(userBadges)
    .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)));
  return rows.length > 0;
}
