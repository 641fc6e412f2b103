import { AVOID_LIST_MAX, type AvoidList, PLAYER_SEARCH_RESULTS, type PlayerSearchResult } from '@rankmatch/shared';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { findUser, isListed, searchListedPlayers } from '../accounts/queries.ts';
import type { Executor, Tx } from '../db/client.ts';
import { playerAvoids, queueEntries, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { markedActiveSeason } from '../seasons/queries.ts';

// The player_avoids table belongs to this folder: a player's avoid list (マッチングを避けるプレイヤー, the spec's
// queue join `blocking`), its changes from my page and from the join, what the waves read of it, and its removal
// with the account. Only the avoiding player ever sees a row: no read here answers "who avoids me".

/** One player's changes to their list are serialized (the count check and the insert), other players' not. */
async function lockList(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rankmatch:avoids:${userId}`}, 0))`);
}

/** The player's avoid list, oldest first. */
export async function avoidList(db: Executor, userId: string): Promise<AvoidList> {
  const rows = await db
    .select({
      userId: playerAvoids.avoidedUserId,
      trainerName: users.trainerName,
      avatarUrl: users.discordAvatarUrl,
      createdAt: playerAvoids.createdAt,
    })
    .from(playerAvoids)
    .innerJoin(users, eq(users.id, playerAvoids.avoidedUserId))
    .where(eq(playerAvoids.userId, userId))
    .orderBy(asc(playerAvoids.createdAt), asc(playerAvoids.avoidedUserId));
  return {
    players: rows.map((r) => ({
      user_id: r.userId,
      trainer_name: r.trainerName,
      discord_avatar_url: r.avatarUrl,
      created_at: r.createdAt,
    })),
    max: AVOID_LIST_MAX,
  };
}

/**
 * Adds players to the list (my page: one; the queue join's `blocking`: several). Ids already listed change nothing;
 * the others must be players with a public face (404 AVOID_PLAYER_NOT_FOUND otherwise, as their page would answer),
 * not the player themself (AVOID_SELF), and the list holds at most AVOID_LIST_MAX (AVOID_LIST_FULL). All or nothing.
 * Resolves how many were added.
 */
export async function addAvoids(tx: Tx, userId: string, ids: readonly string[], now: number): Promise<number> {
  if (ids.includes(userId)) throw new AppError('AVOID_SELF');
  if (ids.length === 0) return 0;
  await lockList(tx, userId);
  const listed = new Set(
    (await tx.select({ id: playerAvoids.avoidedUserId }).from(playerAvoids).where(eq(playerAvoids.userId, userId))).map(
      (r) => r.id,
    ),
  );
  const added = [...new Set(ids)].filter((id) => !listed.has(id));
  if (added.length === 0) return 0;
  for (const id of added) if (!isListed(await findUser(tx, id))) throw new AppError('AVOID_PLAYER_NOT_FOUND');
  if (listed.size + added.length > AVOID_LIST_MAX) throw new AppError('AVOID_LIST_FULL');
  await tx
    .insert(playerAvoids)
    .values(added.map((id) => ({ userId, avoidedUserId: id, createdAt: now })))
    .onConflictDoNothing();
  return added.length;
}

/** Takes a player off the list (nothing to do when they are not on it); resolves whether a row went. */
export async function removeAvoid(tx: Tx, userId: string, avoidedUserId: string): Promise<boolean> {
  const removed = await tx
    .delete(playerAvoids)
    .where(and(eq(playerAvoids.userId, userId), eq(playerAvoids.avoidedUserId, avoidedUserId)))
    .returning({ id: playerAvoids.avoidedUserId });
  return removed.length > 0;
}

/**
 * The avoid lists of a wave's players, as the engine takes them: for each waiting player (a queue entry no ready
 * check holds), the waiting players they avoid. Players without one are absent from the map. Read by joining the
 * queue, so a wave over a large queue sends no list of ids.
 */
export async function avoidsInQueue(db: Executor): Promise<Map<string, string[]>> {
  const avoider = alias(queueEntries, 'avoider');
  const avoided = alias(queueEntries, 'avoided');
  const rows = await db
    .select({ userId: playerAvoids.userId, avoided: playerAvoids.avoidedUserId })
    .from(playerAvoids)
    .innerJoin(avoider, and(eq(avoider.userId, playerAvoids.userId), isNull(avoider.readyCheckId)))
    .innerJoin(avoided, and(eq(avoided.userId, playerAvoids.avoidedUserId), isNull(avoided.readyCheckId)))
    .orderBy(asc(playerAvoids.userId), asc(playerAvoids.avoidedUserId));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.userId);
    if (list) list.push(r.avoided);
    else out.set(r.userId, [r.avoided]);
  }
  return out;
}

/** The avoid list's search: players whose trainer name contains the words, whether each is on my list. */
export async function searchPlayers(db: Executor, userId: string, query: string): Promise<PlayerSearchResult[]> {
  const season = await markedActiveSeason(db);
  const found = await searchListedPlayers(db, {
    query,
    excludeId: userId,
    seasonId: season?.id ?? null,
    limit: PLAYER_SEARCH_RESULTS,
  });
  const listed = new Set((await avoidList(db, userId)).players.map((p) => p.user_id));
  return found.map((p) => ({
    user_id: p.id,
    trainer_name: p.trainerName,
    discord_avatar_url: p.avatarUrl,
    rate: Number(p.rate),
    avoided: listed.has(p.id),
  }));
}

/**
 * An account's deletion (deletion/): its own list and its place in others' lists go. Resolves how many players it
 * avoided (the audit entry's count; how many avoided it is not recorded anywhere).
 */
export async function forgetAvoids(tx: Tx, userId: string): Promise<number> {
  const own = await tx.select({ n: count() }).from(playerAvoids).where(eq(playerAvoids.userId, userId));
  await tx.delete(playerAvoids).where(or(eq(playerAvoids.userId, userId), eq(playerAvoids.avoidedUserId, userId)));
  return own[0]?.n ?? 0;
}
