// One season of the trust benchmark (issue 34): the community's matches (trust-community.ts) settled by the real rule
// in the order their reports arrive, penalised by tallyViolations, judged at the report window's end by the trust
// rules as the server's scan judges them (apps/server/src/trust/scan.ts), with disputes from players who saw a wrong
// result. Counts what an admin's queue would hold and how well the automatic flags find the cheats. Each subject has
// at most one case in the season: nobody closes cases here, and the server opens no second case while one is open.
// Pure and deterministic for the options.

import type { PenaltyConfig } from '../penalty/types.ts';
import { tallyViolations } from '../penalty/violations.ts';
import { reportDeadline, settle } from '../settlement/decide.ts';
import { countVotes, latestReports } from '../settlement/reports.ts';
import type { MatchReport, MatchResult, SettlementReason } from '../settlement/types.ts';
import { resolveTrustConfig, type TrustConfig } from '../trust/config.ts';
import {
  type ClosedMatch,
  contradictionOf,
  isHeldByDisagreement,
  isLoneDissenter,
  opposingPairs,
  verdictsOf,
} from '../trust/verdicts.ts';
import { stream } from './random.ts';
import {
  type CommunityMatch,
  type CommunityOptions,
  communityMatches,
  communityPlayers,
  type TrustPlayer,
} from './trust-community.ts';

export type TrustCaseKind = 'dispute' | 'contradicted' | 'held' | 'violations' | 'lone_dissent' | 'collusion';
export const TRUST_CASE_KINDS: readonly TrustCaseKind[] = [
  'dispute',
  'contradicted',
  'held',
  'violations',
  'lone_dissent',
  'collusion',
];

export interface TrustSeasonOptions extends CommunityOptions {
  trust?: Partial<TrustConfig>;
  penalty?: Partial<PenaltyConfig>;
  /** A wrongly settled match is disputed by one of its honest players with this chance. */
  disputeWrong: number;
  /** A liar disputes a correct result that went against them with this chance. */
  disputeLiar: number;
}

/** An automatic flag (lone dissent, collusion, violations) and whether it was right. */
export interface TrustFlag {
  kind: 'lone_dissent' | 'collusion' | 'violations';
  user_ids: string[];
  correct: boolean;
}

export interface TrustSeason {
  matches: number;
  wrong: number;
  /** Wrongly settled matches that have a case of their own (dispute, contradicted, held). */
  wrongInCases: number;
  voided: number;
  cases: Record<TrustCaseKind, number>;
  flags: TrustFlag[];
  /** Per liar: their matches until flagged as a lone dissenter (null: never), and their matches in the season. */
  liars: { flaggedAfter: number | null; matches: number }[];
  /** Per colluding pair: their colluded matches until flagged (null: never), and in the season. */
  pairs: { flaggedAfter: number | null; colluded: number }[];
  /** Per leaver: flagged for violations. */
  leavers: boolean[];
  /** Honest players (not a liar or colluder) with a match, and those wrongly flagged by any automatic flag. */
  honestPlayers: number;
  honestFlagged: number;
  calibration: TrustCalibration;
}

/** The simulated day's figures to set beside the real day's (docs/trust-data.md). */
export interface TrustCalibration {
  settledEarly: number;
  disagreeing: number;
  bySingleVoter: number;
  voidByRule: number;
  crossingPenalty: number;
  reports: number;
  namingReports: number;
}

interface Settled {
  result: MatchResult;
  reason: SettlementReason;
  settledAt: number;
}

/**
 * The settlement as the server reaches it: settle() after every report in order of arrival, then the deadline. Once
 * the match is settled the server still takes a first report but refuses a second from the same player (a
 * correction needs the match open): those are dropped. Returns the reports the server kept.
 */
export function settleByArrival(match: Pick<CommunityMatch, 'reports' | 'started_at'>): Settled & {
  reports: MatchReport[];
} {
  const clock = (now: number) => ({ now, startedAt: match.started_at });
  const kept: MatchReport[] = [];
  let settled: Settled | null = null;
  for (const report of match.reports) {
    if (settled && kept.some((r) => r.user_id === report.user_id)) continue;
    kept.push(report);
    if (settled) continue;
    const s = settle(kept, clock(report.reported_at));
    if (s.status === 'settled') settled = { result: s.result, reason: s.reason, settledAt: report.reported_at };
  }
  if (settled) return { ...settled, reports: kept };
  const deadline = reportDeadline(match.started_at);
  const s = settle(kept, clock(deadline));
  if (s.status !== 'settled') throw new Error('a match must settle at its deadline');
  return { result: s.result, reason: s.reason, settledAt: deadline, reports: kept };
}

/** What the judge remembers across the season's matches (the server's tables, in memory). */
interface Judge {
  options: TrustSeasonOptions;
  config: TrustConfig;
  byId: Map<string, TrustPlayer>;
  played: Map<string, number>;
  records: Map<string, { reports: number; alone: number }>;
  /** Opposing pairs among the early deciders of contradicted matches: how many such matches. */
  pairContradicted: Map<string, number>;
  colluded: Map<string, number>;
  /** Each player's automatic penalties: when, and whether they had really offended. */
  penalties: Map<string, { at: number; deserved: boolean }[]>;
  /** Subjects with a case (one per subject in the season), and when a cheat was flagged. */
  open: Set<string>;
  liarFlaggedAfter: Map<string, number>;
  pairFlaggedAfter: Map<string, number>;
  season: TrustSeason;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

function emptySeason(): TrustSeason {
  const cases = Object.fromEntries(TRUST_CASE_KINDS.map((k) => [k, 0])) as Record<TrustCaseKind, number>;
  const calibration = {
    settledEarly: 0,
    disagreeing: 0,
    bySingleVoter: 0,
    voidByRule: 0,
    crossingPenalty: 0,
    reports: 0,
    namingReports: 0,
  };
  return {
    matches: 0,
    wrong: 0,
    wrongInCases: 0,
    voided: 0,
    cases,
    flags: [],
    liars: [],
    pairs: [],
    leavers: [],
    honestPlayers: 0,
    honestFlagged: 0,
    calibration,
  };
}

/** Plays and judges one season; see the file comment. */
export function simulateTrustSeason(options: TrustSeasonOptions): TrustSeason {
  const players = communityPlayers(options);
  const judge: Judge = {
    options,
    config: resolveTrustConfig(options.trust),
    byId: new Map(players.map((p) => [p.user_id, p])),
    played: new Map(),
    records: new Map(),
    pairContradicted: new Map(),
    colluded: new Map(),
    penalties: new Map(),
    open: new Set(),
    liarFlaggedAfter: new Map(),
    pairFlaggedAfter: new Map(),
    season: emptySeason(),
  };
  const disputes = stream(options.seed, 'trust-disputes');
  for (const match of communityMatches(options, players)) {
    const { reports, ...settled } = settleByArrival(match);
    const kept = { ...match, reports };
    const matchCases = judgeMatch(judge, kept, settled);
    const wrong = settled.result !== match.truth;
    if (wantsDispute(judge, match, settled.result, wrong, disputes.next())) {
      judge.season.cases.dispute += 1;
      matchCases.add('dispute');
    }
    judge.season.wrong += wrong ? 1 : 0;
    judge.season.wrongInCases += wrong && matchCases.size > 0 ? 1 : 0;
    judge.season.voided += settled.result === 'invalid' ? 1 : 0;
    calibrate(judge.season.calibration, kept, settled);
  }
  return summarise(judge, players);
}

/** Honest players dispute a wrong result; a liar sometimes disputes a loss the result got right. */
function wantsDispute(judge: Judge, match: CommunityMatch, result: MatchResult, wrong: boolean, draw: number): boolean {
  if (wrong) return draw < judge.options.disputeWrong;
  if (result === 'invalid') return false;
  const losingLiar = match.players.some(
    (p) => judge.byId.get(p.user_id)?.kind === 'liar' && result !== (p.team === 'A' ? 'A-win' : 'B-win'),
  );
  return losingLiar && draw < judge.options.disputeLiar;
}

/** The scan's cases for one closed match (contradicted, collusion, held, lone dissent, violations). */
function judgeMatch(judge: Judge, match: CommunityMatch, settled: Settled): Set<TrustCaseKind> {
  const { season, config } = judge;
  const matchCases = new Set<TrustCaseKind>();
  for (const p of match.players) judge.played.set(p.user_id, (judge.played.get(p.user_id) ?? 0) + 1);
  if (match.pair && match.truth !== 'invalid') {
    const key = pairKey(...match.pair);
    judge.colluded.set(key, (judge.colluded.get(key) ?? 0) + 1);
  }
  const closed: ClosedMatch = { ...settled, reports: match.reports };
  const contradiction = contradictionOf(closed, config);
  if (contradiction.contradicted) {
    season.cases.contradicted += 1;
    matchCases.add('contradicted');
    for (const [a, b] of opposingPairs(contradiction.early)) judgeCollusion(judge, a, b);
  }
  if (isHeldByDisagreement(closed, config)) {
    season.cases.held += 1;
    matchCases.add('held');
  }
  for (const verdict of verdictsOf(closed)) {
    const record = judge.records.get(verdict.user_id) ?? { reports: 0, alone: 0 };
    record.reports += 1;
    record.alone += verdict.alone ? 1 : 0;
    judge.records.set(verdict.user_id, record);
    if (verdict.alone && isLoneDissenter(record, config)) judgeLone(judge, verdict.user_id);
  }
  const { penalised_user_ids } = tallyViolations(match.reports, match.players, judge.options.penalty);
  for (const userId of penalised_user_ids) judgeViolations(judge, userId, match);
  return matchCases;
}

function judgeCollusion(judge: Judge, a: string, b: string): void {
  const key = pairKey(a, b);
  const together = (judge.pairContradicted.get(key) ?? 0) + 1;
  judge.pairContradicted.set(key, together);
  if (together < judge.config.collusionMinMatches || judge.open.has(`pair:${key}`)) return;
  judge.open.add(`pair:${key}`);
  judge.season.cases.collusion += 1;
  const real = judge.byId.get(a)?.partner === b;
  judge.season.flags.push({ kind: 'collusion', user_ids: [a, b], correct: real });
  if (real) judge.pairFlaggedAfter.set(key, judge.colluded.get(key) ?? 0);
}

function judgeLone(judge: Judge, userId: string): void {
  if (judge.open.has(`lone:${userId}`)) return;
  judge.open.add(`lone:${userId}`);
  judge.season.cases.lone_dissent += 1;
  const kind = judge.byId.get(userId)?.kind;
  judge.season.flags.push({
    kind: 'lone_dissent',
    user_ids: [userId],
    correct: kind === 'liar' || kind === 'colluder',
  });
  if (kind === 'liar') judge.liarFlaggedAfter.set(userId, judge.played.get(userId) ?? 0);
}

/** A penalty; a case once the player has enough in the window. Right when enough of them were deserved. */
function judgeViolations(judge: Judge, userId: string, match: CommunityMatch): void {
  const list = judge.penalties.get(userId) ?? [];
  list.push({ at: match.started_at, deserved: match.offenders.includes(userId) });
  judge.penalties.set(userId, list);
  const recent = list.filter((p) => p.at > match.started_at - judge.config.violationsWindowSeconds);
  if (recent.length < judge.config.violationsMinMatches || judge.open.has(`violations:${userId}`)) return;
  judge.open.add(`violations:${userId}`);
  judge.season.cases.violations += 1;
  const deserved = recent.filter((p) => p.deserved).length >= judge.config.violationsMinMatches;
  judge.season.flags.push({ kind: 'violations', user_ids: [userId], correct: deserved });
}

function calibrate(c: TrustCalibration, match: CommunityMatch, settled: Settled): void {
  const latest = latestReports(match.reports);
  const votes = Object.values(countVotes(latest));
  const top = Math.max(...votes);
  c.settledEarly += settled.reason === 'consensus' ? 1 : 0;
  c.disagreeing += top < latest.length ? 1 : 0;
  c.bySingleVoter += top === latest.length - 1 && latest.length > 1 ? 1 : 0;
  c.voidByRule += settled.result === 'invalid' ? 1 : 0;
  c.crossingPenalty += tallyViolations(match.reports, match.players).penalised_user_ids.length > 0 ? 1 : 0;
  c.reports += latest.length;
  c.namingReports += latest.filter((r) => r.violation_report !== '').length;
}

/** Per cheat and per honest player, at the season's end. */
function summarise(judge: Judge, players: readonly TrustPlayer[]): TrustSeason {
  const { season } = judge;
  season.matches = judge.options.matches;
  const wronglyFlagged = new Set<string>();
  for (const flag of season.flags) if (!flag.correct) for (const id of flag.user_ids) wronglyFlagged.add(id);
  for (const p of players) {
    const matches = judge.played.get(p.user_id) ?? 0;
    if (p.kind === 'liar') season.liars.push({ flaggedAfter: judge.liarFlaggedAfter.get(p.user_id) ?? null, matches });
    if (p.kind === 'leaver') season.leavers.push(judge.open.has(`violations:${p.user_id}`));
    if (p.kind === 'colluder' && p.partner !== null && p.user_id < p.partner) {
      const key = pairKey(p.user_id, p.partner);
      season.pairs.push({
        flaggedAfter: judge.pairFlaggedAfter.get(key) ?? null,
        colluded: judge.colluded.get(key) ?? 0,
      });
    }
    if ((p.kind === 'honest' || p.kind === 'leaver') && matches > 0) {
      season.honestPlayers += 1;
      season.honestFlagged += wronglyFlagged.has(p.user_id) ? 1 : 0;
    }
  }
  return season;
}
