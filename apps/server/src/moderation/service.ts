import type { AdminSearchType, AdminUserDetail, AdminUserSummary, adminUserUpdateSchema } from '@rankmatch/shared';
import type { z } from 'zod';
import { presentDeletion } from '../accounts/deletion.ts';
import { setPenaltyCounts } from '../accounts/penalties.ts';
import { effectivePenalty, seasonNumbers } from '../accounts/presenter.ts';
import {
  findSeasonStats,
  findUser,
  lockUsers,
  type SeasonStatsRow,
  searchUsersByName,
  type UserRow,
} from '../accounts/queries.ts';
import { setAccountFlags } from '../accounts/writes.ts';
import { recordAudit } from '../audit/log.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { type BadgeGrant, grantBadges, ownedBadgeRecords, revokeBadges } from '../badges/service.ts';
import { type Executor, readAll } from '../db/client.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { openMatchOf } from '../matches/queries.ts';
import { setSeasonRate } from '../matches/season-stats.ts';
import { findEntry, leaveQueue, lockQueue } from '../queue/service.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { reporterRecord } from '../trust/record.ts';

// User management of the admin panel (spec admin §2 user tab, §3 user entity, §5 search and update): a use case over
// several modules (users, badges, sessions, the queue, matches, seasons, the audit log), which it calls and none of
// which calls it.

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
    deletion: presentDeletion(user),
  };
}

/** The admin's search (see searchUsersByName), with the active season's numbers. */
export async function searchUsers(
  db: Executor,
  input: { query: string; searchType: AdminSearchType; limit: number },
): Promise<AdminUserSummary[]> {
  const season = await markedActiveSeason(db);
  const rows = await searchUsersByName(db, { ...input, seasonId: season?.id ?? '' });
  return rows.map((r) => presentAdminSummary(r.user, r.stats));
}

export async function adminUserDetail(db: Executor, userId: string): Promise<AdminUserDetail> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const season = await markedActiveSeason(db);
  const [stats, records, queued, open, reporter] = await readAll(
    db,
    () => (season ? findSeasonStats(db, userId, season.id) : Promise.resolve(undefined)),
    () => ownedBadgeRecords(db, userId),
    () => findEntry(db, userId),
    () => openMatchOf(db, userId),
    () => reporterRecord(db, userId),
  );
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
    in_queue: queued !== null,
    open_match_id: open ? String(open.id) : null,
    reporter_record: reporter,
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
 * Applies an admin's edit in the caller's work with its audit entry (only the fields that really change).
 * A ban revokes the player's sessions and takes them out of the queue; an open match of theirs keeps running.
 */
export async function updateUserAsAdmin(
  work: Work,
  input: { userId: string; update: UserUpdate; actorId: string; now: number; production: boolean },
): Promise<void> {
  const { tx, emit } = work;
  const { update, actorId, now } = input;
  if (input.userId === actorId && update.is_banned === true) throw new AppError('ADMIN_SELF_BAN');
  if (input.userId === actorId && update.is_admin === false) throw new AppError('ADMIN_SELF_DEMOTE');
  // A ban takes the player out of the queue: the queue's lock first, then the user's row, in the order a wave takes
  // them (it settles matches, which writes users, while it holds the queue), so a ban and a wave never wait on each
  // other.
  if (update.is_banned === true) await lockQueue(tx, 'join');
  const [user] = await lockUsers(tx, [input.userId]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const season = await markedActiveSeason(tx);
  const stats = season ? await findSeasonStats(tx, user.id, season.id) : undefined;
  const owned = (await ownedBadgeRecords(tx, user.id)).map((r) => r.badge_id).sort();
  const before = currentValues(user, stats, owned);

  const { changed, was } = changesOf(before, update);
  if (Object.keys(changed).length === 0) throw new AppError('NO_CHANGES');
  if (changed.is_admin === true && user.isDummy && input.production) throw new AppError('ADMIN_DUMMY_PROMOTE');

  if (changed.rate !== undefined) {
    if (!season) throw new AppError('NO_ACTIVE_SEASON');
    await setSeasonRate(tx, {
      userId: user.id,
      seasonId: season.id,
      startRate: user.startRate,
      rate: changed.rate,
      now,
    });
  }
  const counts = {
    ...(changed.penalty_count !== undefined && { penaltyCount: changed.penalty_count }),
    ...(changed.penalty_correction !== undefined && { penaltyCorrection: changed.penalty_correction }),
  };
  if (Object.keys(counts).length > 0) await setPenaltyCounts(tx, user.id, counts, now);
  const flags = {
    ...(changed.is_banned !== undefined && { isBanned: changed.is_banned }),
    ...(changed.is_admin !== undefined && { isAdmin: changed.is_admin }),
  };
  if (Object.keys(flags).length > 0) await setAccountFlags(tx, user.id, flags, now);
  if (changed.owned_badges) {
    await setOwnedBadges(work, { userId: user.id, owned, next: changed.owned_badges, actorId, now });
  }
  emit({ type: 'profile.changed', user_ids: [user.id], reason: 'admin' });
  if (changed.is_banned === true) {
    await revokeUserSessions(tx, user.id, now);
    await leaveQueue(work, user.id);
    emit({ type: 'user.banned', user_id: user.id }, { type: 'queue.changed' });
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
}

type CurrentValues = ReturnType<typeof currentValues>;

/** The fields the edit really changes, with their values before (for the audit entry). */
function changesOf(before: CurrentValues, update: UserUpdate) {
  const changed: Partial<CurrentValues> = {};
  const was: Partial<CurrentValues> = {};
  for (const key of Object.keys(before) as (keyof CurrentValues)[]) {
    const next = update[key];
    if (next === undefined) continue;
    const same = Array.isArray(next) ? sameList(next, before.owned_badges) : next === before[key];
    if (same) continue;
    Object.assign(changed, { [key]: Array.isArray(next) ? [...next].sort() : next });
    Object.assign(was, { [key]: before[key] });
  }
  return { changed, was };
}

/** The admin's list of owned badges: those left out are taken back, the new ones given (source admin). */
async function setOwnedBadges(
  work: Work,
  input: { userId: string; owned: string[]; next: string[]; actorId: string; now: number },
): Promise<BadgeGrant[]> {
  const { userId, owned, next, actorId, now } = input;
  const keep = new Set(next);
  await revokeBadges(
    work.tx,
    userId,
    owned.filter((id) => !keep.has(id)),
    now,
  );
  return grantBadges(
    work,
    next
      .filter((id) => !owned.includes(id))
      .map((badgeId) => ({ userId, badgeId, source: 'admin' as const, reference: actorId, now })),
  );
}
