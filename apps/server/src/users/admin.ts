import type { AdminSearchType, AdminUserDetail, AdminUserSummary, adminUserUpdateSchema } from '@rankmatch/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { type BadgeGrant, grantBadges, ownedBadgeRecords, revokeBadges } from '../badges/service.ts';
import type { Db, Executor } from '../db/client.ts';
import { queueEntries, seasonStats, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { openMatchOf } from '../matches/queries.ts';
import { leaveQueue } from '../queue/service.ts';
import { markedActiveSeason, type SeasonRow } from '../seasons/queries.ts';
import { effectivePenalty, seasonNumbers } from './presenter.ts';
import { findSeasonStats, lockUsers, type SeasonStatsRow, type UserRow } from './queries.ts';

// User management of the admin panel (spec admin §2 user tab, §3 user entity, §5 search and update).

type UserUpdate = z.output<typeof adminUserUpdateSchema>;

export function presentAdminSummary(user: UserRow, stats: SeasonStatsRow | undefined | null): AdminUserSummary {
  return {
    user_id: user.id,
    trainer_name: user.trainerName,
    discord_username: user.discordUsername,
    ...seasonNumbers(user, stats ?? undefined),
    penalty_count: user.penaltyCount,
    penalty_correction: user.penaltyCorrection,
    effective_penalty: effectivePenalty(user),
    is_banned: user.isBanned,
    is_admin: user.isAdmin,
    is_dummy: user.isDummy,
    created_at: user.createdAt,
  };
}

/** LIKE pattern for a literal substring (%, _ and \ in the query match themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Substring, case-insensitive, on the chosen names; an exact user id always matches. Exact id first, then by name. */
export async function searchUsers(
  db: Executor,
  input: { query: string; searchType: AdminSearchType; limit: number },
): Promise<AdminUserSummary[]> {
  const season = await markedActiveSeason(db);
  const pattern = containing(input.query);
  const names: SQL[] = [];
  if (input.searchType !== 'discord_name') names.push(ilike(users.trainerName, pattern));
  if (input.searchType !== 'trainer_name') names.push(ilike(users.discordUsername, pattern));
  const rows = await db
    .select({ user: users, stats: seasonStats })
    .from(users)
    .leftJoin(seasonStats, and(eq(seasonStats.userId, users.id), eq(seasonStats.seasonId, season?.id ?? '')))
    .where(or(eq(users.id, input.query), ...names))
    .orderBy(sql`${users.id} = ${input.query} desc`, asc(users.trainerName), asc(users.id))
    .limit(input.limit);
  return rows.map((r) => presentAdminSummary(r.user, r.stats));
}

export async function adminUserDetail(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  const season = await markedActiveSeason(db);
  const [stats, records, queued, open] = await Promise.all([
    season ? findSeasonStats(db, userId, season.id) : Promise.resolve(undefined),
    ownedBadgeRecords(db, userId),
    db.select({ id: queueEntries.userId }).from(queueEntries).where(eq(queueEntries.userId, userId)),
    openMatchOf(db, userId),
  ]);
  return {
    ...presentAdminSummary(user, stats),
    discord_avatar_url: user.discordAvatarUrl,
    last_penalty_time: user.lastPenaltyAt,
    penalty_timeout_until: user.penaltyTimeoutUntil,
    current_badge: user.currentBadge,
    current_badge_2: user.currentBadge2,
    owned_badges: records.map((r) => r.badge_id).sort(),
    owned_badge_records: records,
    season: season ? { season_id: season.id, season_name: season.name } : null,
    in_queue: queued.length > 0,
    open_match_id: open ? String(open.id) : null,
  };
}

/** The edited fields' values before the change, as the update names them. */
function currentValues(user: UserRow, stats: SeasonStatsRow | undefined, owned: string[]) {
  return {
    rate: seasonNumbers(user, stats).rate,
    penalty_count: user.penaltyCount,
    penalty_correction: user.penaltyCorrection,
    is_banned: user.isBanned,
    is_admin: user.isAdmin,
    owned_badges: owned,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Applies an admin's edit in one transaction with its audit entry (only the fields that really change).
 * A ban revokes the player's sessions and takes them out of the queue; an open match of theirs keeps running.
 * Returns whether the player was banned and which badges were given (the caller tells every instance).
 */
export async function updateUserAsAdmin(
  db: Db,
  input: { userId: string; update: UserUpdate; actorId: string; now: number; production: boolean },
): Promise<{ banned: boolean; granted: BadgeGrant[] }> {
  const { update, actorId, now } = input;
  if (input.userId === actorId && update.is_banned === true) throw new AppError('ADMIN_SELF_BAN');
  if (input.userId === actorId && update.is_admin === false) throw new AppError('ADMIN_SELF_DEMOTE');
  return db.transaction(async (tx) => {
    const [user] = await lockUsers(tx, [input.userId]);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const season = await markedActiveSeason(tx);
    const stats = season ? await findSeasonStats(tx, user.id, season.id) : undefined;
    const owned = (await ownedBadgeRecords(tx, user.id)).map((r) => r.badge_id).sort();
    const before = currentValues(user, stats, owned);

    const changed: Partial<typeof before> = {};
    const was: Partial<typeof before> = {};
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      const next = update[key];
      if (next === undefined) continue;
      const same = Array.isArray(next) ? sameList(next, before.owned_badges) : next === before[key];
      if (same) continue;
      Object.assign(changed, { [key]: Array.isArray(next) ? [...next].sort() : next });
      Object.assign(was, { [key]: before[key] });
    }
    if (Object.keys(changed).length === 0) throw new AppError('NO_CHANGES');
    if (changed.is_admin === true && user.isDummy && input.production) throw new AppError('ADMIN_DUMMY_PROMOTE');

    if (changed.rate !== undefined) await setSeasonRate(tx, user, season, changed.rate, now);
    const flags = {
      ...(changed.penalty_count !== undefined && { penaltyCount: changed.penalty_count }),
      ...(changed.penalty_correction !== undefined && { penaltyCorrection: changed.penalty_correction }),
      ...(changed.is_banned !== undefined && { isBanned: changed.is_banned }),
      ...(changed.is_admin !== undefined && { isAdmin: changed.is_admin }),
    };
    if (Object.keys(flags).length > 0) {
      await tx
        .update(users)
        .set({ ...flags, updatedAt: now })
        .where(eq(users.id, user.id));
    }
    let granted: BadgeGrant[] = [];
    if (changed.owned_badges) {
      const next = new Set(changed.owned_badges);
      await revokeBadges(
        tx,
        user.id,
        owned.filter((id) => !next.has(id)),
        now,
      );
      granted = await grantBadges(
        tx,
        changed.owned_badges
          .filter((id) => !owned.includes(id))
          .map((badgeId) => ({ userId: user.id, badgeId, source: 'admin' as const, reference: actorId, now })),
      );
    }
    const banned = changed.is_banned === true;
    if (banned) {
      await revokeUserSessions(tx, user.id, now);
      await leaveQueue(tx, user.id);
    }
    await recordAudit(tx, {
      actorId,
      action: 'user.update',
      targetType: 'user',
      targetId: user.id,
      before: was,
      after: changed,
      now,
    });
    return { banned, granted };
  });
}

/** The rate of the active season (the season's row is created if the player has none); max rate follows a rise. */
async function setSeasonRate(
  tx: Executor,
  user: UserRow,
  season: SeasonRow | undefined,
  rate: number,
  now: number,
): Promise<void> {
  if (!season) throw new AppError('NO_ACTIVE_SEASON');
  await tx
    .insert(seasonStats)
    .values({ userId: user.id, seasonId: season.id, rate, maxRate: Math.max(rate, user.startRate), maxRateAt: now })
    .onConflictDoUpdate({
      target: [seasonStats.userId, seasonStats.seasonId],
      set: {
        rate,
        maxRate: sql`greatest(${seasonStats.maxRate}, ${rate}::int)`,
        maxRateAt: sql`case when ${rate}::int > ${seasonStats.maxRate} then ${now}::bigint else ${seasonStats.maxRateAt} end`,
      },
    });
}
