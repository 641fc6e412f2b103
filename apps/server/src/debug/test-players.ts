import {
  type MatchReportPayload,
  matchReportSchema,
  movesOf,
  PLAYABLE_CHARACTERS,
  type ReportResult,
} from '@rankmatch/shared';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { DUMMY_ID_PREFIX } from '../auth/dummy-accounts.ts';
import type { Executor } from '../db/client.ts';
import { matches, matchPlayers, playerMmr, queueEntries, users } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';

// Test accounts acting as players for the admin's test tools: who may be put in the queue, which open matches are
// test matches, and a plausible report for a test account.

/** The rating the waves match on: the MMR's mean (a newcomer's is their start rate). */
const matchmakingRate = sql<number>`coalesce(${playerMmr.mu}, ${users.startRate})`;

/**
 * Test accounts that may play (not banned, not admins) with the rating the waves match them on (`rate`), in id
 * order.
 */
export async function playableTestAccounts(db: Executor) {
  const rows = await db
    .select({ user: users, rate: matchmakingRate })
    .from(users)
    .leftJoin(playerMmr, eq(playerMmr.userId, users.id))
    .where(and(like(users.id, `${DUMMY_ID_PREFIX}%`), eq(users.isDummy, true)))
    .orderBy(asc(users.id));
  return rows.filter((r) => !r.user.isBanned && !r.user.isAdmin).map((r) => ({ ...r.user, rate: Number(r.rate) }));
}

/**
 * The `count` accounts whose rates lie closest together (the smallest span), so one wave can match them; all of
 * them when there are fewer. Returned in rate order.
 */
export function closestByRate<T extends { rate: number }>(accounts: readonly T[], count: number): T[] {
  const sorted = [...accounts].sort((a, b) => a.rate - b.rate);
  if (sorted.length <= count) return sorted;
  let best = 0;
  for (let i = 1; i + count - 1 < sorted.length; i++) {
    const span = (sorted[i + count - 1] as T).rate - (sorted[i] as T).rate;
    if (span < (sorted[best + count - 1] as T).rate - (sorted[best] as T).rate) best = i;
  }
  return sorted.slice(best, best + count);
}

/** The players waiting in the queue, with the rating the waves match them on. */
export async function waitingPlayers(db: Executor): Promise<{ userId: string; rate: number }[]> {
  const rows = await db
    .select({ userId: queueEntries.userId, rate: matchmakingRate })
    .from(queueEntries)
    .innerJoin(users, eq(users.id, queueEntries.userId))
    .leftJoin(playerMmr, eq(playerMmr.userId, users.id))
    .orderBy(asc(queueEntries.joinedAt));
  return rows.map((r) => ({ userId: r.userId, rate: Number(r.rate) }));
}

/** The `count` accounts closest in rate to `rate` (ties: the earlier in the list). */
export function closestTo<T extends { rate: number }>(accounts: readonly T[], rate: number, count: number): T[] {
  return accounts
    .map((account, index) => ({ account, index }))
    .sort((a, b) => Math.abs(a.account.rate - rate) - Math.abs(b.account.rate - rate) || a.index - b.index)
    .slice(0, count)
    .map((x) => x.account);
}

/** Open matches whose ten players are all test accounts, oldest first. */
export async function openTestMatches(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.status, 'matched'),
        sql`not exists (select 1 from ${matchPlayers} mp join ${users} u on u.id = mp.user_id
          where mp.match_id = ${matches.id} and not u.is_dummy)`,
      ),
    )
    .orderBy(asc(matches.id));
  return rows.map((r) => r.id);
}

/** A valid report for a test account: a character chosen from its id, that character's first moves. */
export function testReport(userId: string, result: ReportResult, violationReport = ''): MatchReportPayload {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const character = PLAYABLE_CHARACTERS[hash % PLAYABLE_CHARACTERS.length];
  if (!character) throw new Error('the roster is empty');
  const moves = movesOf(character.pokemon_id);
  // The payload a player would send, judged by the same schema (an invalid-match report must name a player).
  const parsed = matchReportSchema.safeParse({
    result,
    banned_pokemon: '',
    picked_pokemon: character.pokemon_id,
    pokemon_move1: moves.slot1[0] ?? '-',
    pokemon_move2: moves.slot2[0] ?? '-',
    violation_report: violationReport,
    // The test tools name a culprit without saying more than the form's catch-all.
    violation_reason: violationReport === '' ? '' : 'other',
  });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
