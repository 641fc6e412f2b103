import { reportDeadline } from '@rankmatch/engine';
import {
  DISPUTE_WINDOW_SECONDS,
  EVIDENCE_PER_MATCH,
  EVIDENCE_PER_PLAYER_DAY,
  EVIDENCE_PER_PLAYER_MATCH,
  EVIDENCE_UNATTACHED_SECONDS,
  type EvidenceReply,
} from '@rankmatch/shared';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Executor, readAll, type Tx } from '../db/client.ts';
import { evidence, matches, matchPlayers } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Encoded } from './image.ts';

// Screenshots in the database (every instance serves them), with limits per player and match so nobody fills the
// disk: EVIDENCE_PER_PLAYER_MATCH, EVIDENCE_PER_MATCH, EVIDENCE_PER_PLAYER_DAY; an upload no report or dispute took
// is deleted after EVIDENCE_UNATTACHED_SECONDS (the maintenance job).

/** The match an upload is for, when the caller played it and may still report or dispute it; else the refusal. */
export async function uploadTarget(
  db: Executor,
  input: { matchId: number; userId: string; now: number; rules: Config['rules'] },
): Promise<void> {
  const [row] = await db
    .select({ startedAt: matches.startedAt, settledAt: matches.settledAt, userId: matchPlayers.userId })
    .from(matches)
    .leftJoin(matchPlayers, and(eq(matchPlayers.matchId, matches.id), eq(matchPlayers.userId, input.userId)))
    .where(eq(matches.id, input.matchId));
  if (!row) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  if (!row.userId) throw new AppError('MATCH_NOT_PARTICIPANT');
  const until = Math.max(
    reportDeadline(row.startedAt, input.rules.settlement),
    (row.settledAt ?? row.startedAt) + DISPUTE_WINDOW_SECONDS,
  );
  if (input.now >= until) throw new AppError('DISPUTE_WINDOW_CLOSED');
}

/** Refuses an upload over a limit (read before decoding, and again under the match's lock before storing). */
export async function checkUploadLimits(
  db: Executor,
  input: { matchId: number; userId: string; now: number },
): Promise<void> {
  const [[mine], [all], [day]] = await readAll(
    db,
    () =>
      db
        .select({ n: count() })
        .from(evidence)
        .where(and(eq(evidence.matchId, input.matchId), eq(evidence.uploaderId, input.userId))),
    () => db.select({ n: count() }).from(evidence).where(eq(evidence.matchId, input.matchId)),
    () =>
      db
        .select({ n: count() })
        .from(evidence)
        .where(and(eq(evidence.uploaderId, input.userId), gt(evidence.createdAt, input.now - 86_400))),
  );
  if ((mine?.n ?? 0) >= EVIDENCE_PER_PLAYER_MATCH || (all?.n ?? 0) >= EVIDENCE_PER_MATCH) {
    throw new AppError('EVIDENCE_MATCH_LIMIT');
  }
  if ((day?.n ?? 0) >= EVIDENCE_PER_PLAYER_DAY) throw new AppError('EVIDENCE_DAILY_LIMIT');
}

/** Stores an encoded image under the match's upload lock (two uploads at once cannot both pass a limit). */
export async function storeEvidence(
  tx: Tx,
  input: { matchId: number; userId: string; now: number; image: Encoded },
): Promise<EvidenceReply> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVIDENCE_LOCK}, ${input.matchId}::int)`);
  await checkUploadLimits(tx, input);
  const { image } = input;
  const [row] = await tx
    .insert(evidence)
    .values({
      uploaderId: input.userId,
      matchId: input.matchId,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      data: image.data,
      createdAt: input.now,
    })
    .returning({ id: evidence.id });
  if (!row) throw new Error('evidence insert returned nothing');
  return { evidence_id: row.id, width: image.width, height: image.height, bytes: image.data.length };
}

/** The advisory lock space of uploads (the second key is the match id, folded to 32 bits). */
const EVIDENCE_LOCK = 34_001;

/** An image for its uploader or an admin; anyone else is told it does not exist. */
export async function readEvidence(db: Executor, id: number, viewer: { id: string; isAdmin: boolean }) {
  const [row] = await db
    .select({ uploaderId: evidence.uploaderId, contentType: evidence.contentType, data: evidence.data })
    .from(evidence)
    .where(eq(evidence.id, id));
  if (!row || (row.uploaderId !== viewer.id && !viewer.isAdmin)) throw new AppError('EVIDENCE_NOT_FOUND');
  return row;
}

/** Deletes uploads no report or dispute took in time (the maintenance job). */
export async function pruneUnattachedEvidence(db: Executor, now: number): Promise<number> {
  const removed = await db
    .delete(evidence)
    .where(
      and(
        lt(evidence.createdAt, now - EVIDENCE_UNATTACHED_SECONDS),
        sql`not exists (select 1 from match_reports r where r.evidence_id = ${evidence.id})`,
        sql`not exists (select 1 from disputes d where d.evidence_id = ${evidence.id})`,
      ),
    )
    .returning({ id: evidence.id });
  return removed.length;
}
