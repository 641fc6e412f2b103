import type { profileUpdateSchema, UserProfile } from '@rankmatch/shared';
import type { z } from 'zod';
import { presentProfile } from '../accounts/presenter.ts';
import { findSeasonStats, findUser, type UserRow } from '../accounts/queries.ts';
import { activeSuspension } from '../accounts/suspension.ts';
import { saveProfile } from '../accounts/writes.ts';
import { assertOwned, ownedBadgeIds } from '../badges/service.ts';
import { type Executor, readAll } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { latestMatches } from '../matches/history.ts';
import { markedActiveSeason } from '../seasons/queries.ts';

// The signed-in player's own profile (my page): assembled from the user, the active season's numbers, the owned badges,
// the latest matches and the matching suspension in force at `now`; and the player's edit of it.

export async function loadProfile(db: Executor, userId: string, now: number): Promise<UserProfile | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  return profileOf(db, user, now);
}

export async function profileOf(db: Executor, user: UserRow, now: number): Promise<UserProfile> {
  const season = await markedActiveSeason(db);
  const [owned, stats, history, suspension] = await readAll(
    db,
    () => ownedBadgeIds(db, user.id),
    () => (season ? findSeasonStats(db, user.id, season.id) : Promise.resolve(undefined)),
    () => latestMatches(db, user.id),
    () => activeSuspension(db, user.id, now),
  );
  return presentProfile({ user, ownedBadges: owned, stats, season, latestMatches: history, suspension });
}

/** The player's profile edit: the badges worn must be owned and differ. */
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
  await saveProfile(
    db,
    user.id,
    {
      trainerName: input.trainer_name,
      twitterId: input.twitter_id,
      favoritePokemon: input.favorite_pokemon,
      bio: input.bio,
      currentBadge: primary,
      currentBadge2: secondary,
    },
    now,
  );
}
