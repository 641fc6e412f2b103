import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { UserRow } from '../accounts/queries.ts';
import type { AppContext } from '../context.ts';
import { type Executor, rowsOf, type Tx } from '../db/client.ts';
import { rowJsonText } from '../db/row-json.ts';
import { discordCredentials, sessions, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import type { TokenSigner } from './tokens.ts';
import { tokenExpiry } from './tokens.ts';

export interface SessionRow {
  id: string;
  userId: string;
  isDummy: boolean;
  expiresAt: number;
  revokedAt: number | null;
}

/** Opens a server-side session and signs an access token for it. */
export async function openSession(
  db: Executor,
  tokens: Pick<TokenSigner, 'sign'>,
  input: { userId: string; dummy: boolean; now: number },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const expiresAt = tokenExpiry(input.now);
  await db.insert(sessions).values({ id, userId: input.userId, isDummy: input.dummy, createdAt: input.now, expiresAt });
  return tokens.sign({ userId: input.userId, sessionId: id, dummy: input.dummy, expiresAt });
}

// Both run on every signed-in request or socket action: SQL built once (see db/row-json.ts).
const FIND_SESSION = sql.raw(`select ${rowJsonText(sessions, 's')} as session from sessions s where s.id = `);
const FIND_SESSION_WITH_USER = sql.raw(
  `select ${rowJsonText(sessions, 's')} as session,
    (select ${rowJsonText(users, 'u')} from users u where u.id = s.user_id) as "user"
  from sessions s where s.id = `,
);

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = rowsOf<{ session: SessionRow }>(await db.execute(sql`${FIND_SESSION}${id}`));
  return row?.session;
}

/**
 * A session with the record of the user it names, in one round trip (every signed-in request asks for both).
 * The user is undefined when the record does not exist (yet).
 */
export async function findSessionWithUser(
  db: Executor,
  id: string,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> {
  const [row] = rowsOf<{ session: SessionRow; user: UserRow | null }>(
    await db.execute(sql`${FIND_SESSION_WITH_USER}${id}`),
  );
  return row ? { session: row.session, user: row.user ?? undefined } : undefined;
}

/** The sign-out: the session ends, and its sockets close on every instance (session.revoked). */
export async function revokeSession(
  { tx, emit }: Work,
  identity: { userId: string; sessionId: string },
  now: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, identity.sessionId), isNull(sessions.revokedAt)));
  emit({ type: 'session.revoked', user_id: identity.userId, session_id: identity.sessionId });
}

/** Ends every open session of a user (a ban): their tokens stop working at once. */
export async function revokeUserSessions(db: Executor, userId: string, now: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * A deleted account's sign-in (deletion/): every session and the stored Discord tokens go, so no token of it works
 * again and the next Discord sign-in of that Discord account starts a new account.
 */
export async function forgetSignIn(tx: Tx, userId: string): Promise<{ sessions: number; credentials: number }> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const tokens = await tx
    .delete(discordCredentials)
    .where(eq(discordCredentials.userId, userId))
    .returning({ id: discordCredentials.userId });
  return { sessions: ended.length, credentials: tokens.length };
}

/** Sessions that ended (expired or revoked) are kept this long (a day), then dropped. */
export const SESSION_RETENTION_SECONDS = 86_400;
export const SESSION_PRUNE_JOB = 'session-prune';
/** Hourly, at minute 23 (apart from the other hourly jobs). */
const SESSION_PRUNE_CRON = '23 * * * *';

/** Drops sessions that ended more than a day ago; resolves how many. */
export async function pruneSessions(db: Executor, now: number): Promise<number> {
  const cutoff = now - SESSION_RETENTION_SECONDS;
  const dropped = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  return dropped.length;
}

/** The hourly job that keeps the sessions table to the sessions of the last day or so. */
export function defineSessionPrune(ctx: AppContext): void {
  ctx.jobs.define({
    name: SESSION_PRUNE_JOB,
    schedule: { cron: SESSION_PRUNE_CRON },
    run: () => pruneSessions(ctx.db, ctx.now()),
    quiet: true,
  });
}
