/**
 * Reads the model site's export of its first day (rikarazome/unitemate-v2, backend/export_matches_20250913_095215.json)
 * and writes what a community's reports look like, for the trust work (issue 34):
 *
 *   npx tsx packages/engine/scripts/unitemate-day1.ts <export.json> [--records <out.json>]
 *
 * Only the result and report fields are read (match id and status, the time the match was made, which player is in
 * which team, final_result, and each report's reporter, result, time and violation report); names, Discord ids,
 * avatars, bios and X ids are never read. Players become p001, p002… in order of first appearance.
 * Writes packages/engine/src/simulation/data/unitemate-day1.json: aggregate figures and distributions only (the
 * repository has no licence, see docs/trust-data.md); --records also writes the anonymised per-match reports to a
 * path of your choice, outside the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decideAtDeadline,
  latestReports,
  type MatchReport,
  type MatchResult,
  reportDeadline,
  settle,
  type TeamSide,
  tallyViolations,
} from '../src/index.ts';

export interface DayReport {
  player: string;
  team: TeamSide;
  /** As reported: 'A-win', 'B-win', 'invalid' (anything else is kept as is and counts as invalid). */
  result: string;
  /** Seconds after the match was made. */
  after: number;
  /** Players named as violators (anonymised; '?' for a name outside the match). */
  named: string[];
}

export interface DayMatch {
  /** Their match id (a counter, 1…). */
  id: number;
  done: boolean;
  /** Seconds after the day's first match was made. */
  madeAt: number;
  teamA: string[];
  teamB: string[];
  /** Their stored result: 'A-win', 'B-win', 'Invalid', or null while in play. */
  theirResult: string | null;
  reports: DayReport[];
}

interface RawReport {
  user_id?: unknown;
  result?: unknown;
  report_unixtime?: unknown;
  violation_report?: unknown;
}
interface RawMatch {
  match_id?: unknown;
  status?: unknown;
  matched_unixtime?: unknown;
  final_result?: unknown;
  team_a?: { user_id?: unknown }[];
  team_b?: { user_id?: unknown }[];
  user_reports?: RawReport[];
}

/** The export → matches with anonymised players and relative times (the only fields read are named above). */
export function readDay(raw: readonly RawMatch[]): DayMatch[] {
  const sorted = [...raw].sort((a, b) => Number(a.match_id) - Number(b.match_id));
  const ids = new Map<string, string>();
  const anon = (id: unknown) => {
    const key = String(id);
    if (!ids.has(key)) ids.set(key, `p${String(ids.size + 1).padStart(3, '0')}`);
    return ids.get(key) as string;
  };
  const first = Math.min(...sorted.map((m) => Number(m.matched_unixtime)));
  return sorted.map((m) => {
    const made = Number(m.matched_unixtime);
    const teamA = (m.team_a ?? []).map((p) => anon(p.user_id));
    const teamB = (m.team_b ?? []).map((p) => anon(p.user_id));
    const players = new Set([...teamA, ...teamB]);
    const reports = (m.user_reports ?? []).map((r) => {
      const player = anon(r.user_id);
      const named = String(r.violation_report ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '')
        .map((x) => (ids.has(x) && players.has(ids.get(x) as string) ? (ids.get(x) as string) : '?'));
      const team: TeamSide = teamA.includes(player) ? 'A' : 'B';
      return { player, team, result: String(r.result), after: Number(r.report_unixtime) - made, named };
    });
    const theirResult = typeof m.final_result === 'string' ? m.final_result : null;
    return {
      id: Number(m.match_id),
      done: m.status === 'done',
      madeAt: made - first,
      teamA,
      teamB,
      theirResult,
      reports,
    };
  });
}

function asResult(result: string): MatchResult {
  return result === 'A-win' || result === 'B-win' ? result : 'invalid';
}

/** The match's reports as the engine takes them (the first name of each violation report, as the site keeps one). */
export function engineReports(match: DayMatch): MatchReport[] {
  return match.reports.map((r) => ({
    user_id: r.player,
    team: r.team,
    result: asResult(r.result),
    violation_report: r.named.find((n) => n !== '?' && n !== r.player) ?? '',
    reported_at: r.after,
  }));
}

export interface Replay {
  early: boolean;
  result: MatchResult;
  reason: string;
  /** Seconds from the match being made to its settling. */
  seconds: number;
}

/**
 * rankmatch's settlement run on the day: settle() after each report in the order they arrived (their list is in
 * arrival order; two reports in the same second are still two requests), then at the deadline.
 */
export function replay(match: DayMatch): Replay {
  const reports = engineReports(match);
  const deadline = reportDeadline(0);
  for (let i = 0; i < reports.length; i++) {
    const now = (reports[i] as MatchReport).reported_at;
    if (now >= deadline) break;
    const settled = settle(reports.slice(0, i + 1), { now, startedAt: 0 });
    if (settled.status === 'settled')
      return { early: true, result: settled.result, reason: settled.reason, seconds: now };
  }
  const settled = settle(
    reports.filter((r) => r.reported_at < deadline),
    { now: deadline, startedAt: 0 },
  );
  if (settled.status !== 'settled') throw new Error(`match ${match.id} did not settle at its deadline`);
  return { early: false, result: settled.result, reason: settled.reason, seconds: deadline };
}

export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (i - lo);
}

const round = (x: number | null, digits = 1) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);
const share = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4));
const minutes = (seconds: readonly number[]) => {
  const sorted = [...seconds].sort((a, b) => a - b).map((s) => s / 60);
  return Object.fromEntries(
    [0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99].map((q) => [`p${Math.round(q * 100)}`, round(quantile(sorted, q))]),
  );
};

/** Whether the latest votes disagree, and whether all but one voter agree. */
function disagreement(match: DayMatch): { disagree: boolean; single: boolean; alone: string | null } {
  const latest = latestReports(engineReports(match));
  const counts = new Map<MatchResult, string[]>();
  for (const r of latest) counts.set(r.result, [...(counts.get(r.result) ?? []), r.user_id]);
  if (counts.size <= 1) return { disagree: false, single: false, alone: null };
  const sizes = [...counts.values()].map((v) => v.length).sort((a, b) => b - a);
  const single = sizes.length === 2 && sizes[1] === 1;
  const alone = single ? ([...counts.values()].find((v) => v.length === 1)?.[0] ?? null) : null;
  return { disagree: true, single, alone };
}

function settlementFigures(done: readonly DayMatch[]) {
  const replays = done.map((m) => ({ match: m, replay: replay(m) }));
  const early = replays.filter((r) => r.replay.early);
  const final = (m: DayMatch) => decideAtDeadline(engineReports(m)).result;
  const theirs = (m: DayMatch) => asResult(m.theirResult === 'Invalid' ? 'invalid' : (m.theirResult ?? 'invalid'));
  const reasons = (reason: string) => replays.filter((r) => !r.replay.early && r.replay.reason === reason).length;
  return {
    settledEarly: early.length,
    settledAtDeadline: replays.length - early.length,
    earlyMinutes: minutes(early.map((r) => r.replay.seconds)),
    deadline: {
      majority: reasons('deadline_majority'),
      noMajority: reasons('deadline_no_majority'),
      noReports: reasons('no_reports'),
    },
    earlyContradictedByFinalMajority: early.filter((r) => r.replay.result !== final(r.match)).length,
    earlyDifferentFromTheirResult: early.filter((r) => r.replay.result !== theirs(r.match)).length,
    ourResultDiffersFromTheirs: replays.filter((r) => r.replay.result !== theirs(r.match)).length,
    ourInvalid: replays.filter((r) => r.replay.result === 'invalid').length,
  };
}

function violationFigures(done: readonly DayMatch[]) {
  const participants = (m: DayMatch) => [
    ...m.teamA.map((p) => ({ user_id: p, team: 'A' as const })),
    ...m.teamB.map((p) => ({ user_id: p, team: 'B' as const })),
  ];
  const tallies = done.map((m) => tallyViolations(engineReports(m), participants(m)));
  // Their own tally (match_judge): every name of every report counts, duplicates and self-reports included.
  const theirPenalty = (m: DayMatch) => {
    const counts = new Map<string, { same: number; total: number }>();
    for (const r of m.reports) {
      for (const n of r.named) {
        const c = counts.get(n) ?? { same: 0, total: 0 };
        c.total += 1;
        if ((m.teamA.includes(n) ? 'A' : 'B') === r.team) c.same += 1;
        counts.set(n, c);
      }
    }
    return [...counts.values()].some((c) => c.same >= 4 || c.total >= 6);
  };
  return {
    matchesWithViolationReport: done.filter((m) => m.reports.some((r) => r.named.length > 0)).length,
    matchesWithValidViolationReport: done.filter((m) => engineReports(m).some((r) => r.violation_report !== '')).length,
    matchesCrossingPenaltyThreshold: tallies.filter((t) => t.penalised_user_ids.length > 0).length,
    playersPenalised: tallies.reduce((n, t) => n + t.penalised_user_ids.length, 0),
    matchesCrossingTheirThreshold: done.filter(theirPenalty).length,
  };
}

/** Per report, against the match's final majority (the best stand-in for the truth the data has). */
function reportFigures(done: readonly DayMatch[]) {
  let decided = 0;
  let wrongWinner = 0;
  let voidInDecided = 0;
  let inVoid = 0;
  let winnerInVoid = 0;
  let naming = 0;
  let namingTeammate = 0;
  let namingSelf = 0;
  let namingInDecided = 0;
  let namingInVoid = 0;
  for (const m of done) {
    const final = decideAtDeadline(engineReports(m)).result;
    for (const r of latestReports(engineReports(m))) {
      const raw = m.reports.find((x) => x.player === r.user_id && x.after === r.reported_at);
      const named = raw?.named ?? [];
      if (final === 'invalid') {
        inVoid += 1;
        if (r.result !== 'invalid') winnerInVoid += 1;
        if (named.length > 0) namingInVoid += 1;
      } else {
        decided += 1;
        if (r.result === 'invalid') voidInDecided += 1;
        else if (r.result !== final) wrongWinner += 1;
        if (named.length > 0) namingInDecided += 1;
      }
      if (named.length > 0) naming += 1;
      if (named.includes(r.user_id)) namingSelf += 1;
      else if (named.some((n) => (m.teamA.includes(n) ? 'A' : 'B') === r.team)) namingTeammate += 1;
    }
  }
  const reports = decided + inVoid;
  return {
    reports,
    pWrongWinnerInDecidedMatch: share(wrongWinner, decided),
    pVoidClaimInDecidedMatch: share(voidInDecided, decided),
    pWinnerClaimInVoidMatch: share(winnerInVoid, inVoid),
    pNamesViolator: share(naming, reports),
    pNamesViolatorInDecidedMatch: share(namingInDecided, decided),
    pNamesViolatorInVoidMatch: share(namingInVoid, inVoid),
    shareOfNamingThatNamesTeammate: share(namingTeammate, naming),
    shareOfNamingThatNamesSelf: share(namingSelf, naming),
  };
}

function bump(histogram: number[], bin: number): void {
  histogram[bin] = (histogram[bin] ?? 0) + 1;
}

/** Report delays (minutes after the match was made) and how many players of a match report. */
function timingFigures(done: readonly DayMatch[]) {
  const delays = done.flatMap((m) => latestReports(engineReports(m)).map((r) => r.reported_at));
  const deadline = reportDeadline(0);
  const bins = Array.from({ length: 25 }, () => 0);
  for (const d of delays) bump(bins, Math.min(24, Math.max(0, Math.floor(d / 300))));
  const perMatch = Array.from({ length: 11 }, () => 0);
  for (const m of done) bump(perMatch, Math.min(10, latestReports(engineReports(m)).length));
  const nth = (n: number) =>
    done.map((m) => latestReports(engineReports(m))[n - 1]?.reported_at).filter((t): t is number => t !== undefined);
  return {
    reportDelayMinutes: minutes(delays),
    reportsAfterDeadline: share(delays.filter((d) => d >= deadline).length, delays.length),
    /** Reports per 5 minutes after the match was made: [0,5), [5,10) … the last bin 120 minutes or later. */
    reportDelayHistogram5Min: bins,
    firstReportMinutes: minutes(nth(1)),
    secondReportMinutes: minutes(nth(2)),
    /** Matches by the number of players who reported (0…10). */
    reportersPerMatch: perMatch,
  };
}

/** Each reporter over the day: reports sent and times alone against everyone else (for liar and misclick rates). */
function reporterFigures(done: readonly DayMatch[]) {
  const reports = new Map<string, number>();
  const alone = new Map<string, number>();
  for (const m of done) {
    for (const r of latestReports(engineReports(m))) reports.set(r.user_id, (reports.get(r.user_id) ?? 0) + 1);
    const d = disagreement(m);
    if (d.alone !== null) alone.set(d.alone, (alone.get(d.alone) ?? 0) + 1);
  }
  const counts = [...reports.values()].sort((a, b) => a - b);
  const aloneHistogram = Array.from({ length: 6 }, () => 0);
  for (const player of reports.keys()) bump(aloneHistogram, Math.min(5, alone.get(player) ?? 0));
  return {
    reporters: reports.size,
    reportsPerReporter: { median: quantile(counts, 0.5), p90: quantile(counts, 0.9), max: quantile(counts, 1) },
    /** Reporters by the number of matches in which they alone voted against all the others (0…5+). */
    dissentAloneHistogram: aloneHistogram,
  };
}

export function dayFigures(matches: readonly DayMatch[]) {
  const done = matches.filter((m) => m.done);
  const disagreements = done.map(disagreement);
  const their = (r: string) => matches.filter((m) => m.theirResult === r).length;
  return {
    source: {
      repository: 'rikarazome/unitemate-v2',
      file: 'backend/export_matches_20250913_095215.json',
      fieldsRead: [
        'match_id',
        'status',
        'matched_unixtime',
        'team_a[].user_id',
        'team_b[].user_id',
        'final_result',
        'user_reports[].{user_id,result,report_unixtime,violation_report}',
      ],
      note: 'Aggregates only; player ids were replaced by p001… before anything was counted. See docs/trust-data.md.',
    },
    matches: { total: matches.length, settled: done.length, inPlay: matches.length - done.length },
    theirResults: {
      aWin: their('A-win'),
      bWin: their('B-win'),
      invalid: their('Invalid'),
      invalidShare: share(their('Invalid'), matches.length),
    },
    settlement: settlementFigures(done),
    disagreement: {
      matches: disagreements.filter((d) => d.disagree).length,
      bySingleVoter: disagreements.filter((d) => d.single).length,
      share: share(disagreements.filter((d) => d.disagree).length, done.length),
    },
    violations: violationFigures(done),
    perReport: reportFigures(done),
    timing: timingFigures(done),
    reporters: reporterFigures(done),
  };
}

const OUTPUT = join(import.meta.dirname, '../src/simulation/data/unitemate-day1.json');

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [input, flag, recordsPath] = process.argv.slice(2);
  if (!input) throw new Error('usage: unitemate-day1.ts <export_matches_20250913_095215.json> [--records <out.json>]');
  const day = readDay(JSON.parse(readFileSync(input, 'utf8')) as RawMatch[]);
  const figures = dayFigures(day);
  writeFileSync(OUTPUT, `${JSON.stringify(figures, null, 2)}\n`);
  if (flag === '--records' && recordsPath) writeFileSync(recordsPath, `${JSON.stringify(day)}\n`);
  console.log(JSON.stringify(figures, null, 2));
}
