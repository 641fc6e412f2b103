import {
  BADGE_CONDITION_SHOP,
  BADGES,
  type Badge,
  type BadgeSource,
  getBadge,
  type OwnedBadgeRecord,
} from '@rankmatch/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { setEquippedBadges, unequipBadges } from '../accounts/writes.ts';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { badges, userBadges, users } from '../db/schema.ts';
import { type UpsertCount, upsertRows } from '../db/upsert.ts';
import type { DomainEvent } from '../events/bus.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';

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
    if (!row) return b;
    return {
      ...b,
      is_active: row.isActive,
      current_sales: row.currentSales,
      price: row.price ?? b.price,
      max_sales: row.maxSales ?? b.max_sales,
    };
  });
}

/** The ids of the badges a player owns, in id order. */
export async function ownedBadgeIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userBadges.badgeId })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.badgeId));
  return rows.map((r) => r.id);
}

/** Checks that equipped badges are owned; null clears a slot. */
export function assertOwned(owned: string[], ...slots: (string | null | undefined)[]): void {
  for (const slot of slots) {
    if (slot && !owned.includes(slot)) throw new AppError('BADGE_NOT_OWNED');
  }
}

/** Wears owned badges in the two slots (null empties one). */
export async function equipBadges(
  db: Executor,
  userId: string,
  primary: string | null,
  secondary: string | null,
  now: number,
): Promise<void> {
  const owned = await ownedBadgeIds(db, userId);
  assertOwned(owned, primary, secondary);
  await setEquippedBadges(db, userId, primary, secondary, now);
}

export interface BadgeGrant {
  userId: string;
  badgeId: string;
  source: BadgeSource;
  /** Why: the admin, season, achievement or order behind the grant. */
  reference: string | null;
  now: number;
  /** The achievement that earned it (shown in the player's toast). */
  achievementId?: string | null;
}

/** Of these accounts, the deleted ones (anonymised remainders: deletion/). */
async function deletedAmong(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids.slice(i, i + 1000)), sql`${users.deletedAt} is not null`));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/**
 * The one way badges are given, whatever the source (admin award or edit, season reward, achievement, purchase).
 * Idempotent per (user, badge): a badge already owned keeps its first grant. A deleted account's remainder gets
 * nothing (its badges went with the deletion; it keeps only the history others need). Runs in the caller's work and
 * returns the grants that gave something, which badges.granted tells the players' screens after the commit.
 */
export async function grantBadges({ tx, emit }: Work, grants: readonly BadgeGrant[]): Promise<BadgeGrant[]> {
  if (grants.length === 0) return [];
  for (const g of grants) if (!getBadge(g.badgeId)) throw new AppError('BADGE_NOT_FOUND');
  const deleted = await deletedAmong(
    tx,
    grants.map((g) => g.userId),
  );
  const living = deleted.size === 0 ? grants : grants.filter((g) => !deleted.has(g.userId));
  const given: BadgeGrant[] = [];
  // One statement per 1,000 grants keeps the parameter count well under PostgreSQL's limit.
  for (let i = 0; i < living.length; i += 1000) {
    const chunk = living.slice(i, i + 1000);
    const inserted = await tx
      .insert(userBadges)
      .values(
        chunk.map((g) => ({
          userId: g.userId,
          badgeId: g.badgeId,
          source: g.source,
          reference: g.reference,
          acquiredAt: g.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: userBadges.userId, badgeId: userBadges.badgeId });
    const key = (userId: string, badgeId: string) => `${userId} ${badgeId}`;
    const fresh = new Set(inserted.map((r) => key(r.userId, r.badgeId)));
    given.push(...chunk.filter((g) => fresh.delete(key(g.userId, g.badgeId))));
  }
  emit(...grantedEvent(given));
  return given;
}

/** The event that tells the players' screens. */
function grantedEvent(grants: readonly BadgeGrant[]): DomainEvent[] {
  if (grants.length === 0) return [];
  return [
    {
      type: 'badges.granted',
      grants: grants.map((g) => ({
        user_id: g.userId,
        badge_id: g.badgeId,
        source: g.source,
        achievement_id: g.achievementId ?? null,
      })),
    },
  ];
}

/** Takes badges back and unequips them where they were worn. Returns the ids that were owned. */
export async function revokeBadges(tx: Executor, userId: string, badgeIds: string[], now: number): Promise<string[]> {
  if (badgeIds.length === 0) return [];
  const removed = await tx
    .delete(userBadges)
    .where(and(eq(userBadges.userId, userId), inArray(userBadges.badgeId, badgeIds)))
    .returning({ badgeId: userBadges.badgeId });
  const gone = removed.map((r) => r.badgeId);
  await unequipBadges(tx, userId, gone, now);
  return gone;
}

/**
 * A deleted account's badges (deletion/): its row is going, so nothing is unequipped; the season awards and orders that
 * gave them are kept by their owners.
 */
export async function dropOwnedBadges(tx: Executor, userId: string): Promise<number> {
  const removed = await tx
    .delete(userBadges)
    .where(eq(userBadges.userId, userId))
    .returning({ id: userBadges.badgeId });
  return removed.length;
}

/** Every owned badge with how and when it came (admin and player views). */
export async function ownedBadgeRecords(db: Executor, userId: string): Promise<OwnedBadgeRecord[]> {
  const rows = await db
    .select()
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.acquiredAt), asc(userBadges.badgeId));
  return rows.map((r) => ({
    badge_id: r.badgeId,
    source: r.source,
    reference: r.reference,
    acquired_at: r.acquiredAt,
  }));
}

/** The admin award route: a grant through the seam, audited when it gave something. */
export async function awardBadge(
  work: Work,
  input: { actorId: string; userId: string; badgeId: string; now: number },
): Promise<BadgeGrant[]> {
  const { tx } = work;
  if (!getBadge(input.badgeId)) throw new AppError('BADGE_NOT_FOUND');
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  const granted = await grantBadges(work, [
    { userId: input.userId, badgeId: input.badgeId, source: 'admin', reference: input.actorId, now: input.now },
  ]);
  if (granted.length > 0) {
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
  return granted;
}

/** An admin sets a badge's price, stock and sale state (audited). The stock never goes below what was sold. */
export async function updateBadgeAsAdmin(
  tx: Executor,
  badgeId: string,
  input: { price?: number | undefined; max_sales?: number | undefined; is_active?: boolean | undefined },
  actor: { actorId: string; now: number },
  /** Units held by open checkouts, read under the badge's lock (the shop knows them). */
  reservedUnits: (tx: Executor) => Promise<number>,
): Promise<Badge> {
  const base = getBadge(badgeId);
  if (!base) throw new AppError('BADGE_NOT_FOUND');
  if ((input.price !== undefined || input.max_sales !== undefined) && base.condition !== BADGE_CONDITION_SHOP) {
    throw new AppError('BADGE_NOT_IN_SHOP');
  }
  // The same lock as a checkout's reservation: the stock seen here cannot change until this commits.
  const [row] = await tx.select().from(badges).where(eq(badges.id, badgeId)).for('update');
  if (!row) throw new AppError('BADGE_NOT_FOUND');
  const before = {
    price: row.price ?? base.price,
    max_sales: row.maxSales ?? base.max_sales,
    is_active: row.isActive,
  };
  const after = {
    price: input.price ?? before.price,
    max_sales: input.max_sales ?? before.max_sales,
    is_active: input.is_active ?? before.is_active,
  };
  if (JSON.stringify(after) === JSON.stringify(before)) throw new AppError('NO_CHANGES');
  if (after.max_sales > 0 && after.max_sales < row.currentSales + (await reservedUnits(tx))) {
    throw new AppError('MAX_SALES_BELOW_SOLD');
  }
  await tx
    .update(badges)
    .set({
      ...(input.price !== undefined && { price: input.price }),
      ...(input.max_sales !== undefined && { maxSales: input.max_sales }),
      isActive: after.is_active,
    })
    .where(eq(badges.id, badgeId));
  await recordAudit(tx, { ...actor, action: 'badge.update', targetType: 'badge', targetId: badgeId, before, after });
  const updated = (await liveCatalogue(tx)).find((b) => b.id === badgeId);
  if (!updated) throw new AppError('BADGE_NOT_FOUND');
  return updated;
}

/** A sale (delta 1) or a refund (delta -1) of a shop badge: its sales count, never below zero. */
export async function countSale(tx: Executor, badgeId: string, delta: 1 | -1): Promise<void> {
  await tx
    .update(badges)
    .set({ currentSales: sql`greatest(0, ${badges.currentSales} + ${delta}::int)` })
    .where(eq(badges.id, badgeId));
}

/** The demo's history: grants of one source and reference dated when they happened in it. */
export async function backdateGrants(db: Executor, input: { source: BadgeSource; reference: string; at: number }) {
  await db
    .update(userBadges)
    .set({ acquiredAt: input.at })
    .where(and(eq(userBadges.source, input.source), eq(userBadges.reference, input.reference)));
}

/** Owned badges moved in from another site (unitemate/import.ts); the first import's time stays on a rerun. */
export function upsertImportedUserBadges(
  db: Executor,
  rows: readonly (typeof userBadges.$inferInsert)[],
): Promise<UpsertCount> {
  return upsertRows(db, userBadges, rows, { key: [userBadges.userId, userBadges.badgeId], keep: ['acquiredAt'] });
}

/** The other site's sales counts of catalogue badges (only current_sales: the admin's overrides stay). */
export function upsertImportedSales(
  db: Executor,
  rows: readonly Pick<typeof badges.$inferInsert, 'id' | 'currentSales'>[],
): Promise<UpsertCount> {
  return upsertRows(db, badges, rows, { key: [badges.id] });
}
