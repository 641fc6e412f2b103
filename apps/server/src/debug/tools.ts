import type { CurrentMatch, MatchReportPayload, ReportResult } from '@rankmatch/shared';
import { findUser } from '../accounts/queries.ts';
import { recordAudit } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { findMatch, matchViewFor, playersOf, reportsOf } from '../matches/queries.ts';
import { reportIn } from '../matches/service.ts';
import type { MatchProgress } from '../matches/settlement.ts';
import { clearQueue, joinBlock, joinQueue } from '../queue/service.ts';
import { readyAllTestAccounts } from '../ready/press.ts';
import type { WavesModule } from '../waves/module.ts';
import type { WaveOutcome } from '../waves/runner.ts';
import {
  closestByRate,
  closestTo,
  openTestMatches,
  playableTestAccounts,
  testReport,
  waitingPlayers,
} from './test-players.ts';

// The admin's debug and test tools: each call's audit entry is written in the same transaction as what it changed,
// and what it changed is announced after the commit (the commands it calls emit it).

function audit(ctx: AppContext, tx: Tx, actorId: string, action: string, after: unknown, targetId = 'queue') {
  return recordAudit(tx, {
    actorId,
    action,
    targetType: targetId === 'queue' ? 'system' : 'match',
    targetId,
    before: null,
    after,
    now: ctx.now(),
  });
}

/** Settles the matches whose report window ended. */
export function gatherForAdmin(ctx: AppContext, waves: WavesModule, actorId: string): Promise<number> {
  return waves.gather((tx, n) => audit(ctx, tx, actorId, 'debug.gather', { processed_matches: n }));
}

/** A wave now, whatever the hour (through the wave job's one entry). */
export function waveForAdmin(ctx: AppContext, waves: WavesModule, actorId: string): Promise<WaveOutcome> {
  return waves.run({
    force: true,
    audit: (tx, result) => audit(ctx, tx, actorId, 'debug.matchmaking', result),
  });
}

/**
 * Fills the queue up to `count` players with test accounts who may join now, so the next wave can match them: on
 * an empty queue the ones whose ratings (the MMR the waves match on) lie closest together; around players already
 * waiting (a player trying a match from the browser), the ones closest to theirs, as many as complete the count.
 */
export async function fillQueue(ctx: AppContext, work: Work, actorId: string, count: number) {
  const { tx } = work;
  const now = ctx.now();
  const skipped: { user_id: string; reason: string }[] = [];
  const eligible: Awaited<ReturnType<typeof playableTestAccounts>> = [];
  const waiting = await waitingPlayers(tx);
  const queued = new Set(waiting.map((w) => w.userId));
  for (const candidate of await playableTestAccounts(tx)) {
    if (queued.has(candidate.id)) continue;
    const block = await joinBlock(tx, candidate, now);
    if (block) skipped.push({ user_id: candidate.id, reason: block.message });
    else eligible.push(candidate);
  }
  const average = waiting.reduce((sum, w) => sum + w.rate, 0) / Math.max(1, waiting.length);
  const chosen =
    waiting.length === 0
      ? closestByRate(eligible, count)
      : closestTo(eligible, average, Math.max(0, count - waiting.length));
  for (const account of chosen) {
    await joinQueue(work, account, { roles: account.preferredRole ? [account.preferredRole] : [] }, now);
  }
  const enqueued = chosen.map((a) => a.id);
  await audit(ctx, tx, actorId, 'debug.queue_fill', { requested: count, enqueued, skipped });
  return { enqueued, skipped };
}

/** Empties the queue; returns how many entries it removed. */
export async function emptyQueue(ctx: AppContext, work: Work, actorId: string): Promise<number> {
  const removed = await clearQueue(work);
  await audit(ctx, work.tx, actorId, 'debug.queue_clear', { removed });
  return removed;
}

/** Every test account in an open ready check presses 準備完了; the checks that become complete start their match. */
export async function readyAll(ctx: AppContext, work: Work, actorId: string) {
  const outcome = await readyAllTestAccounts(work, ctx.now());
  await audit(ctx, work.tx, actorId, 'debug.ready_all', outcome);
  return outcome;
}

/** Every player of the open test matches who has not reported reports the same result. */
export async function reportAll(ctx: AppContext, work: Work, actorId: string, result: ReportResult) {
  const { tx } = work;
  const now = ctx.now();
  const { rules } = ctx.config;
  const ids = await openTestMatches(tx);
  let reported = 0;
  let settled = 0;
  for (const matchId of ids) {
    const match = await findMatch(tx, matchId);
    if (!match) continue;
    // Those who reported (through the wizard, or this tool for one player) keep their report.
    const done = new Set((await reportsOf(tx, matchId)).map((r) => r.userId));
    for (const player of await playersOf(tx, match)) {
      if (done.has(player.userId)) continue;
      const report = testReport(player.userId, result);
      const step = await reportIn(work, { matchId, userId: player.userId, report, now, rules });
      reported += 1;
      if (step.settled) settled += 1;
      if (step.update.status !== 'matched') break;
    }
  }
  await audit(ctx, tx, actorId, 'debug.report_all', { result, matches: ids.map(String), reported, settled });
  return { matches: ids.length, reported, settled };
}

/** The match exactly as one of its players sees it (GET /api/matches/current for that player). */
export async function viewAs(ctx: AppContext, matchId: number, userId: string): Promise<CurrentMatch> {
  const [match, user] = await Promise.all([findMatch(ctx.db, matchId), findUser(ctx.db, userId)]);
  if (!match) throw new AppError('ADMIN_MATCH_NOT_FOUND');
  if (!user) throw new AppError('USER_NOT_FOUND');
  return matchViewFor(ctx, match, user.id);
}

/** A report on behalf of one test account of the match, through the players' own report path. */
export async function reportAs(
  ctx: AppContext,
  work: Work,
  actorId: string,
  matchId: number,
  input: { user_id: string; result: ReportResult; violation_report: string },
): Promise<{ userId: string; report: MatchReportPayload; progress: MatchProgress }> {
  const user = await findUser(work.tx, input.user_id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!user.isDummy) throw new AppError('DEBUG_NOT_TEST_ACCOUNT');
  const report = testReport(user.id, input.result, input.violation_report);
  const { rules } = ctx.config;
  const progress = await reportIn(work, { matchId, userId: user.id, report, now: ctx.now(), rules }).catch(
    (err: unknown) => {
      throw err instanceof AppError && err.code === 'MATCH_NOT_PARTICIPANT' ? new AppError('DEBUG_NOT_IN_MATCH') : err;
    },
  );
  await audit(ctx, work.tx, actorId, 'debug.report', { user_id: user.id, result: input.result }, String(matchId));
  return { userId: user.id, report, progress };
}
