import { DISPUTE_WINDOW_SECONDS, type disputeInputSchema, type MatchTrust } from '@rankmatch/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { disputes, matches, matchPlayers } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { assertUsableEvidence } from '../matches/queries.ts';
import { openCases, presentDispute } from './cases.ts';

// A player contests a settled result once, within DISPUTE_WINDOW_SECONDS of its settlement: the dispute and the
// match's case (one open case gathers every dispute of the match) are written together.

type ParsedDispute = z.output<typeof disputeInputSchema>;

async function matchForPlayer(db: Executor, matchId: number, userId: string) {
  const [row] = await db
    .select({ status: matches.status, settledAt: matches.settledAt, player: matchPlayers.userId })
    .from(matches)
    .leftJoin(matchPlayers, and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, userId)))
    .where(eq(matches.id, matchId));
  if (!row) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  if (!row.player) throw new AppError('MATCH_NOT_PARTICIPANT');
  return row;
}

/** A player's view of their settled match: whether it is contested, and their own dispute. */
export async function matchTrustFor(db: Executor, matchId: number, userId: string, now: number): Promise<MatchTrust> {
  const match = await matchForPlayer(db, matchId, userId);
  const filed = await db.select().from(disputes).where(eq(disputes.matchId, matchId));
  const mine = filed.find((d) => d.userId === userId);
  const until = match.settledAt === null ? null : match.settledAt + DISPUTE_WINDOW_SECONDS;
  return {
    match_id: String(matchId),
    disputed: filed.some((d) => d.status === 'open'),
    dispute_until: match.status === 'done' && !mine && until !== null && now < until ? until : null,
    mine: mine ? presentDispute(mine) : null,
  };
}

export async function fileDispute(
  work: Work,
  input: { matchId: number; userId: string; dispute: ParsedDispute; now: number },
): Promise<MatchTrust> {
  const { tx } = work;
  const match = await matchForPlayer(tx, input.matchId, input.userId);
  if (match.status !== 'done' || match.settledAt === null) throw new AppError('DISPUTE_NOT_SETTLED');
  if (input.now >= match.settledAt + DISPUTE_WINDOW_SECONDS) throw new AppError('DISPUTE_WINDOW_CLOSED');
  const { reason, note, evidence_id: evidenceId } = input.dispute;
  if (evidenceId !== null) {
    await assertUsableEvidence(tx, {
      evidenceId,
      matchId: input.matchId,
      userId: input.userId,
      ownReportMayHoldIt: false,
    });
  }
  const inserted = await tx
    .insert(disputes)
    .values({ matchId: input.matchId, userId: input.userId, reason, note, evidenceId, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: disputes.id });
  if (inserted.length === 0) throw new AppError('DISPUTE_ALREADY_FILED');
  // One open case gathers the match's disputes (the case shows them all).
  await openCases(tx, [{ kind: 'dispute', key: `match:${input.matchId}:dispute`, matchId: input.matchId }], input.now);
  return matchTrustFor(tx, input.matchId, input.userId, input.now);
}
