import {
  isMatchingOpen,
  isUncertainMmr,
  isWaveTime,
  type Mmr,
  type MmrConfig,
  mmrForSeason,
  mmrWinProbability,
  queueIneligibility,
  runWave,
  type WaitingEntry,
} from '@rankmatch/engine';
import { PROVISIONAL_MATCHES, type Role } from '@rankmatch/shared';
import { avoidsInQueue } from '../avoids/service.ts';
import { mmrTimeline } from '../calibration/params.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { waveRuns } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { type CreatedMatch, createMatches } from '../matches/create.ts';
import { gatherMatches } from '../matches/settlement.ts';
import { lockQueue, markWaveMissed, queueCandidate, removeEntries, waitingEntries } from '../queue/service.ts';
import { openReadyChecks, readyCheckSeconds } from '../ready/open.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';

// The wave runner: every 2 minutes (even minutes, Japan time) while matching hours are open and a season is active.
// One wave = gather (close matches whose report window ended) → drop ineligible entries → run the engine → create
// the matches and remove their entries (or, with the ready check on, open a check per match and hold its entries),
// all in one transaction → publish. Only one instance runs a wave at a time
// (a transaction-level advisory lock), and the unique index on open match players makes a double match impossible.
// It orchestrates the queue (entries, written through the queue module), the matches (settlement's gather, created
// through the matches module) and the seasons; it owns wave_runs.

/** The job (and lock) name of waves: scheduled or triggered by an admin, one at a time across instances. */
export const WAVE_JOB = 'matching-wave';
/** Even minutes, Japan time (the engine's nextWaveUnix says the same for the queue panel). */
export const WAVE_CRON = '*/2 * * * *';

export interface WaveOutcome {
  ran: boolean;
  reason?: 'locked' | 'no_season' | 'season_closed' | 'hours_closed';
  processed_matches: number;
  created_matches: string[];
  /** The ready checks the wave opened instead of matches (ready_check_seconds > 0). */
  ready_checks: string[];
  candidates: number;
  matched: number;
  dropped: number;
}

export const LOCKED: WaveOutcome = {
  ran: false,
  reason: 'locked',
  processed_matches: 0,
  created_matches: [],
  ready_checks: [],
  candidates: 0,
  matched: 0,
  dropped: 0,
};

/** Writes an admin's audit entry inside the wave's transaction. */
export type WaveAudit<T> = (tx: Tx, outcome: T) => Promise<void>;

/**
 * A queue entry as the engine takes it (rate: the MMR's mean; uncertain: a newcomer's guess), with the deck, the season
 * rate the match shows and the MMR belief the match would be rated from (its predicted chance).
 */
type Waiting = WaitingEntry & { deck: string | null; shown: number; belief: Mmr };

/** The entries the engine left waiting, as they were given to it (before their missed-wave count went up). */
function missedEntries(given: readonly WaitingEntry[], left: readonly WaitingEntry[]): WaitingEntry[] {
  const ids = new Set(left.map((w) => w.user_id));
  return given
    .filter((w) => ids.has(w.user_id))
    .map(({ user_id, rate, roles, joined_at, waves_missed }) => ({ user_id, rate, roles, joined_at, waves_missed }));
}

/** The outcome without the internal list of who was matched. */
function publicOutcome(result: WaveOutcome & { createdDetail?: CreatedMatch[] }): WaveOutcome {
  const { createdDetail: _detail, ...outcome } = result;
  return outcome;
}

/** What a run on demand asks for (the admin trigger); a scheduled turn asks for nothing. */
export interface WaveOrder {
  /** Ignore matching hours and the season's dates. */
  force?: boolean;
  /** The admin's audit entry, written in the wave's own transaction. */
  audit?: WaveAudit<WaveOutcome>;
}

/** One wave: a scheduled turn (slot = its time) or a run on demand (slot null). */
export async function runWaveTurn(ctx: AppContext, order: WaveOrder, slot: number | null): Promise<WaveOutcome> {
  const stop = ctx.metrics.waveSeconds.startTimer();
  // The events go out after the commit: a crash before it leaves no half-created match and loses no entry.
  const result = await ctx.write(async (work) => {
    const outcome = await wave(ctx, work, { slot, force: order.force ?? false });
    await order.audit?.(work.tx, publicOutcome(outcome));
    if (outcome.ran || outcome.processed_matches > 0) work.emit({ type: 'queue.changed' });
    return outcome;
  });
  const outcome = publicOutcome(result);
  if (outcome.ran) {
    stop();
    ctx.metrics.waveMatches.inc(outcome.created_matches.length);
    ctx.log.info({ wave: outcome }, 'matching wave');
  }
  return outcome;
}

/** Only the gather step (the admin's gather-match call), with the admin's audit entry in its transaction. */
export function gatherNow(ctx: AppContext, audit?: WaveAudit<number>): Promise<number> {
  return ctx.write(async (work) => {
    const { processed } = await gatherMatches(work, ctx.now(), ctx.config.rules);
    await audit?.(work.tx, processed);
    return processed;
  });
}

/** One wave inside its transaction: lock, gather, eligibility, engine, writes. */
async function wave(
  ctx: AppContext,
  work: Work,
  { slot, force }: { slot: number | null; force: boolean },
): Promise<WaveOutcome & { createdDetail?: CreatedMatch[] }> {
  const { tx } = work;
  const empty = { processed_matches: 0, created_matches: [], ready_checks: [], candidates: 0, matched: 0, dropped: 0 };
  await lockQueue(tx, 'wave');
  // The wave's time is when it holds the queue: every join committed before it is older, every later one waits.
  const now = ctx.now();
  const { processed } = await gatherMatches(work, now, ctx.config.rules);
  const season = await markedActiveSeason(tx);
  if (!season) return { ...empty, processed_matches: processed, ran: false, reason: 'no_season' as const };
  // A scheduled turn is judged at its own time: the 03:58 wave that starts a moment late still runs, and the
  // cron's every-2-minutes turns outside the hours only gather.
  const at = slot ?? now;
  if (!force && !isSeasonOpen(season, at)) {
    return { ...empty, processed_matches: processed, ran: false, reason: 'season_closed' as const };
  }
  if (!force && !(slot === null ? isMatchingOpen(now) : isWaveTime(slot))) {
    return { ...empty, processed_matches: processed, ran: false, reason: 'hours_closed' as const };
  }
  // The MMR's parameters in force now: the match will be rated by them (settlement reads the same timeline).
  const mmr = (await mmrTimeline(tx)).rulesFor({ matchedAt: now }, ctx.config.rules).rating.mmr;
  const { waiting, dropped } = await loadWaiting(tx, season.id, now, mmr);
  const made = runWave(waiting, now, { seed: now });
  const seconds = await readyCheckSeconds(tx);
  const [run] = await tx
    .insert(waveRuns)
    .values(waveRunRow(made, waiting, now, slot, seconds > 0 ? made.matches.length : 0))
    .returning({ id: waveRuns.id });
  const plan = { seasonId: season.id, waveId: run?.id ?? null, now };
  const specs = matchSpecs(made, waiting, mmr);
  const readyChecks = seconds > 0 ? await openReadyChecks(work, { ...plan, seconds }, specs) : [];
  const created = seconds > 0 ? [] : await createMatches(work, plan, specs);
  await removeEntries(
    tx,
    created.flatMap((c) => c.userIds),
  );
  // The players left waiting missed this wave: their window widens.
  await markWaveMissed(
    tx,
    made.waiting.map((w) => w.user_id),
  );
  return {
    ran: true,
    processed_matches: processed,
    created_matches: created.map((c) => c.id),
    ready_checks: readyChecks,
    candidates: made.metrics.candidates,
    matched: made.metrics.matched,
    dropped,
    createdDetail: created,
  };
}

/** Waiting entries with their season rate; entries that became ineligible are removed. */
async function loadWaiting(
  tx: Tx,
  seasonId: string,
  now: number,
  mmr: MmrConfig,
): Promise<{ waiting: Waiting[]; dropped: number }> {
  // The waves match on the MMR's mean (carried across seasons; a newcomer's is their start rate) and spread the
  // players whose rating is still a guess; the match shows the season rate.
  const rows = await waitingEntries(tx, seasonId, now);
  const ineligible: string[] = [];
  const waiting: Waiting[] = [];
  for (const r of rows) {
    // The queue rule of the join call; the season is open (the wave checked it), the match and the suspension come
    // from the row. A join that raced its player's deletion request is dropped here.
    const candidate = queueCandidate(r.user, r.suspendedUntil === null ? null : Number(r.suspendedUntil));
    const blocked =
      r.user.deletionRequestedAt !== null ||
      queueIneligibility(candidate, { now, seasonOpen: true, inOpenMatch: r.inMatch }) !== null;
    if (blocked) {
      ineligible.push(r.entry.userId);
      continue;
    }
    const stored = r.mmr ? { mu: r.mmr.mu, sigma: r.mmr.sigma, season_id: r.mmr.seasonId } : null;
    const belief = mmrForSeason(stored, r.user.startRate, seasonId, mmr);
    waiting.push({
      user_id: r.entry.userId,
      rate: Math.round(belief.mu),
      uncertain: isUncertainMmr(belief, Number(r.seasonMatches), PROVISIONAL_MATCHES, mmr),
      belief,
      shown: Number(r.rate),
      roles: r.entry.roles as Role[],
      joined_at: r.entry.joinedAt,
      waves_missed: r.entry.wavesMissed,
      deck: r.entry.deckType,
    });
  }
  await removeEntries(tx, ineligible);
  // Avoid lists between the players of this wave, read after the ineligible entries went (the engine keeps each pair
  // apart until one of them has missed avoidYieldAfterWaves waves). They stay in the engine's input: the wave's
  // records (wave_runs) never hold them.
  const avoids = await avoidsInQueue(tx);
  for (const w of waiting) {
    const list = avoids.get(w.user_id);
    if (list) w.avoids = list;
  }
  return { waiting, dropped: ineligible.length };
}

/**
 * The wave's row in wave_runs: its figures, its turn and who it left waiting. With the ready check on, its matches
 * are proposals (metrics.ready_checks: the checks opened); how they ended is counted on ready_checks.
 */
function waveRunRow(
  wave: ReturnType<typeof runWave>,
  waiting: Waiting[],
  now: number,
  slot: number | null,
  readyChecks: number,
) {
  return {
    ranAt: now,
    candidates: wave.metrics.candidates,
    matched: wave.metrics.matched,
    leftWaiting: wave.metrics.left_waiting,
    matchCount: wave.matches.length,
    averageWaitSeconds: wave.metrics.matched > 0 ? wave.metrics.mean_wait_seconds : null,
    metrics: { ...wave.metrics, ready_checks: readyChecks },
    slot,
    missed: missedEntries(waiting, wave.waiting),
  };
}

/** The matches the engine made, as the match module creates them (the shown season rate, the deck each named). */
function matchSpecs(wave: ReturnType<typeof runWave>, waiting: Waiting[], mmr: MmrConfig) {
  const deckTypes = new Map(waiting.map((w) => [w.user_id, w.deck]));
  const shownRates = new Map(waiting.map((w) => [w.user_id, w.shown]));
  const beliefs = new Map(waiting.map((w) => [w.user_id, w.belief]));
  const beliefsOf = (team: { players: { user_id: string }[] }) => team.players.map((p) => beliefs.get(p.user_id)!);
  return wave.matches.map((m) => ({
    hostUserId: m.host_user_id,
    firstAttack: m.first_attack,
    teamGap: m.team_gap,
    ratingSpread: m.rating_spread,
    // Team A's chance as the MMR sees it, with every player's uncertainty (σ) in its spread.
    predictedA: mmrWinProbability(beliefsOf(m.team_a), beliefsOf(m.team_b), mmr),
    players: (['A', 'B'] as const).flatMap((team) =>
      (team === 'A' ? m.team_a : m.team_b).players.map((p, slot) => ({
        userId: p.user_id,
        team,
        slot,
        role: p.role,
        rateBefore: shownRates.get(p.user_id) ?? p.rate,
        deckType: deckTypes.get(p.user_id) ?? null,
        waitSeconds: p.wait_seconds,
      })),
    ),
  }));
}
