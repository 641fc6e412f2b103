import { TRAINER_NAME_MAX, trainerNameSchema } from '@rankmatch/shared';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { findUser, type NewUser, type UserRow } from './queries.ts';

// Accounts come into being here: the trainer name a new account starts with and ensureUser (the other writes of the
// users table are writes.ts and penalties.ts).

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

/** Inserts the user when missing; returns the stored row either way (idempotent). */
export async function ensureUser(db: Executor, values: NewUser): Promise<UserRow> {
  await db.insert(users).values(values).onConflictDoNothing({ target: users.id });
  const row = await findUser(db, values.id);
  if (!row) throw new Error(`user ${values.id} vanished after insert`);
  return row;
}
