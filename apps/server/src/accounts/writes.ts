import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { type UpsertCount, upsertRows } from '../db/upsert.ts';
import type { NewUser } from './queries.ts';

// The named writes of the users table (besides ensureUser in service.ts, the penalty columns in penalties.ts and an
// account's deletion in deletion.ts).
// Other folders change a user only through these; each says what it is for.

/** Creates the accounts that do not exist yet (test accounts at start-up, the demo's community); existing ones stay. */
export async function createMissingUsers(db: Executor, rows: readonly NewUser[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(users)
    .values([...rows])
    .onConflictDoNothing({ target: users.id });
}

/** The player's own profile edit: trainer name, the optional fields given, and the two badge slots. */
export async function saveProfile(
  db: Executor,
  userId: string,
  profile: {
    trainerName: string;
    twitterId?: string | undefined;
    favoritePokemon?: string[] | undefined;
    bio?: string | undefined;
    currentBadge: string | null;
    currentBadge2: string | null;
  },
  now: number,
): Promise<void> {
  await db
    .update(users)
    .set({
      trainerName: profile.trainerName,
      ...(profile.twitterId !== undefined && { twitterId: profile.twitterId }),
      ...(profile.favoritePokemon !== undefined && { favoritePokemon: profile.favoritePokemon }),
      ...(profile.bio !== undefined && { bio: profile.bio }),
      currentBadge: profile.currentBadge,
      currentBadge2: profile.currentBadge2,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** The name and avatar Discord reports for the account (sign-in, the refresh call). */
export async function setDiscordProfile(
  db: Executor,
  userId: string,
  discord: { username: string; avatarUrl: string },
  now: number,
): Promise<void> {
  await db
    .update(users)
    .set({ discordUsername: discord.username, discordAvatarUrl: discord.avatarUrl, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The badges worn in the two slots (ownership is the badges module's check). */
export async function setEquippedBadges(
  db: Executor,
  userId: string,
  primary: string | null,
  secondary: string | null,
  now: number,
): Promise<void> {
  await db
    .update(users)
    .set({ currentBadge: primary, currentBadge2: secondary, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Takes badges the player no longer owns out of the slots that wear them. */
export async function unequipBadges(tx: Executor, userId: string, badgeIds: readonly string[], now: number) {
  if (badgeIds.length === 0) return;
  const gone = [...badgeIds];
  await tx
    .update(users)
    .set({
      currentBadge: sql`case when ${inArray(users.currentBadge, gone)} then null else ${users.currentBadge} end`,
      currentBadge2: sql`case when ${inArray(users.currentBadge2, gone)} then null else ${users.currentBadge2} end`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** An admin's ban (or lifting it) and admin flag. */
export async function setAccountFlags(
  tx: Tx,
  userId: string,
  flags: { isBanned?: boolean; isAdmin?: boolean },
  now: number,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...flags, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The admins named in the configuration (ADMIN_USER_IDS), at start. */
export async function makeAdmins(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(users.id, [...ids]));
}

/** No test account is an admin (production, even on a data folder first used in development). */
export async function demoteTestAccounts(db: Executor): Promise<void> {
  await db.update(users).set({ isAdmin: false }).where(eq(users.isDummy, true));
}

/** Registration dates set afterwards (the demo dates its accounts back before their first match). */
export async function setRegistrationDates(
  db: Executor,
  dates: readonly { id: string; createdAt: number }[],
): Promise<void> {
  if (dates.length === 0) return;
  const values = sql.join(
    dates.map((d) => sql`(${d.id}, ${d.createdAt}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`update ${users} set created_at = v.registered
    from (values ${values}) as v(id, registered) where ${users.id} = v.id`);
}

/**
 * Users moved in from another site (unitemate/import.ts); the first import's times stay on a rerun (an export may lack
 * them: the import's clock stands in), and so does a deletion the player asked for since.
 */
export function upsertImportedUsers(db: Executor, rows: readonly (typeof users.$inferInsert)[]): Promise<UpsertCount> {
  return upsertRows(db, users, rows, {
    key: [users.id],
    keep: ['createdAt', 'updatedAt', 'deletionRequestedAt', 'deletedAt'],
  });
}
