import { type profileUpdateSchema, TRAINER_NAME_MAX, trainerNameSchema, type UserProfile } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { latestMatches } from '../matches/history.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { presentProfile } from './presenter.ts';
import { findSeasonStats, findUser, type NewUser, ownedBadgeIds, type UserRow } from './queries.ts';

/**
 * New users' trainer name: the Discord global name, else the username, else 'Trainer' (spec §4): the first that is a
 * valid trainer name once cut to TRAINER_NAME_MAX characters (code points, so an emoji is never cut in half), since a
 * Discord name may hold what the site refuses (characters that show nothing, controls, nothing visible at all).
 */
export function defaultTrainerName(globalName: string | null | undefined, username: string | null | undefined): string {
  for (const candidate of [globalName, username]) {
    if (!candidate) continue;
    const parsed = trainerNameSchema.safeParse([...candidate.trim()].slice(0, TRAINER_NAME_MAX).join(''));
    if (parsed.success) return parsed.data;
  }
  return 'Trainer';
}

export async function loadProfile(db: Executor, userId: string): Promise<UserProfile | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  return profileOf(db, user);
}

export async function profileOf(db: Executor, user: UserRow): Promise<UserProfile> {
  const season = await markedActiveSeason(db);
  const [owned, stats, history] = await Promise.all([
    ownedBadgeIds(db, user.id),
    season ? findSeasonStats(db, user.id, season.id) : Promise.resolve(undefined),
    latestMatches(db, user.id),
  ]);
  return presentProfile({ user, ownedBadges: owned, stats, season, latestMatches: history });
}

/** Inserts the user when missing; returns the stored row either way (idempotent). */
export async function ensureUser(db: Executor, values: NewUser): Promise<UserRow> {
  await db.insert(users).values(values).onConflictDoNothing({ target: users.id });
  const row = await findUser(db, values.id);
  if (!row) throw new Error(`user ${values.id} vanished after insert`);
  return row;
}

/** Checks that equipped badges are owned; null clears a slot. */
export function assertOwned(owned: string[], ...slots: (string | null | undefined)[]): void {
  for (const slot of slots) {
    if (slot && !owned.includes(slot)) throw new AppError('BADGE_NOT_OWNED');
  }
}

export async function updateProfile(
  db: Executor,
  user: UserRow,
  input: z.output<typeof profileUpdateSchema>,
  now: number,
): Promise<void> {
  const owned = await ownedBadgeIds(db, user.id);
  const primary = input.current_badge === undefined ? user.currentBadge : input.current_badge;
  const secondary = input.current_badge_2 === undefined ? user.currentBadge2 : input.current_badge_2;
  assertOwned(owned, input.current_badge, input.current_badge_2);
  if (primary && primary === secondary) throw new AppError('BADGE_SLOTS_SAME');
  await db
    .update(users)
    .set({
      trainerName: input.trainer_name,
      ...(input.twitter_id !== undefined && { twitterId: input.twitter_id }),
      ...(input.favorite_pokemon !== undefined && { favoritePokemon: input.favorite_pokemon }),
      ...(input.bio !== undefined && { bio: input.bio }),
      currentBadge: primary,
      currentBadge2: secondary,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
}
