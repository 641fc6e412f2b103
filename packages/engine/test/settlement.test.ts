import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/matchmaking/rng.ts';
import type { MatchReport, MatchResult, Settlement, TeamSide } from '../src/settlement/index.ts';
import {
  countVotes,
  DEFAULT_SETTLEMENT_CONFIG,
  decideAtDeadline,
  decideEarly,
  isMatchResult,
  latestReports,
  reportDeadline,
  SETTLEMENT_RULE_JA,
  settle,
  winnerOf,
} from '../src/settlement/index.ts';

const START = 1_700_000_000;
const HOUR = 3600;

let clock = START;
/** Report helper: user ids starting with 'a' are team A, 'b' team B; timestamps increase by call order. */
function r(user_id: string, result: MatchResult, violation_report = ''): MatchReport {
  clock += 10;
  return { user_id, team: user_id.startsWith('a') ? 'A' : 'B', result, violation_report, reported_at: clock };
}

describe('report helpers', () => {
  it('latestReports keeps one report per player, the latest one', () => {
    const first = { ...r('a1', 'B-win'), reported_at: START + 10 };
    const other = { ...r('b1', 'A-win'), reported_at: START + 20 };
    const second = { ...r('a1', 'A-win'), reported_at: START + 30 };
    expect(latestReports([second, other, first])).toEqual([other, second]);
    // Equal timestamps: the later one in arrival order wins
    const tieA = { ...r('a2', 'B-win'), reported_at: START + 50 };
    const tieB = { ...r('a2', 'invalid'), reported_at: START + 50 };
    expect(latestReports([tieA, tieB])).toEqual([tieB]);
    expect(latestReports([])).toEqual([]);
  });

  it('winnerOf maps results to teams', () => {
    expect(winnerOf('A-win')).toBe('A');
    expect(winnerOf('B-win')).toBe('B');
    expect(winnerOf('invalid')).toBeNull();
  });

  it('countVotes and isMatchResult', () => {
    expect(countVotes([r('a1', 'A-win'), r('b1', 'A-win'), r('b2', 'invalid')])).toEqual({
      'A-win': 2,
      'B-win': 0,
      invalid: 1,
    });
    expect(isMatchResult('B-win')).toBe(true);
    expect(isMatchResult('draw')).toBe(false);
  });

  it('reportDeadline defaults to 60 minutes after the start', () => {
    expect(DEFAULT_SETTLEMENT_CONFIG.reportWindowMinutes).toBe(60);
    expect(DEFAULT_SETTLEMENT_CONFIG.reportsNeeded).toBe(2);
    expect(reportDeadline(START)).toBe(START + HOUR);
    expect(reportDeadline(START, { reportWindowMinutes: 15 })).toBe(START + 900);
  });

  it('has rules text', () => {
    expect(SETTLEMENT_RULE_JA).toContain('60分');
    expect(SETTLEMENT_RULE_JA).toContain('無効試合');
  });
});

describe('decideEarly (consensus)', () => {
  it('needs two agreeing reports including both teams', () => {
    expect(decideEarly([])).toEqual({ decided: false });
    expect(decideEarly([r('a1', 'A-win')])).toEqual({ decided: false });
    // Same team only: no
    expect(decideEarly([r('a1', 'A-win'), r('a2', 'A-win'), r('a3', 'A-win')])).toEqual({ decided: false });
    // One from each team: yes
    expect(decideEarly([r('a1', 'A-win'), r('b1', 'A-win')])).toEqual({
      decided: true,
      result: 'A-win',
      reason: 'consensus',
    });
    // Invalid can be agreed on too
    expect(decideEarly([r('b3', 'invalid'), r('a4', 'invalid')])).toEqual({
      decided: true,
      result: 'invalid',
      reason: 'consensus',
    });
  });

  it('any disagreeing report blocks it', () => {
    expect(decideEarly([r('a1', 'B-win'), r('b1', 'B-win'), r('b2', 'B-win'), r('a2', 'invalid')])).toEqual({
      decided: false,
    });
  });

  it('counts only the latest report of each player', () => {
    // a1 first disagreed, then corrected: consensus
    expect(decideEarly([r('a1', 'invalid'), r('b1', 'A-win'), r('a1', 'A-win')])).toMatchObject({
      decided: true,
      result: 'A-win',
    });
    // One player reporting twice is not two reports
    expect(decideEarly([r('a1', 'A-win'), r('a1', 'A-win')])).toEqual({ decided: false });
  });

  it('honours reportsNeeded', () => {
    const two = [r('a1', 'A-win'), r('b1', 'A-win')];
    expect(decideEarly(two, { reportsNeeded: 3 })).toEqual({ decided: false });
    expect(decideEarly([...two, r('b2', 'A-win')], { reportsNeeded: 3 })).toMatchObject({ decided: true });
  });
});

describe('decideAtDeadline (strict majority)', () => {
  it('no reports voids the match', () => {
    expect(decideAtDeadline([])).toMatchObject({ result: 'invalid', reason: 'no_reports' });
  });

  it('a strict majority of cast reports wins', () => {
    // 3 vs 2
    const reports = [r('a1', 'A-win'), r('a2', 'A-win'), r('b1', 'A-win'), r('b2', 'B-win'), r('b3', 'B-win')];
    expect(decideAtDeadline(reports)).toEqual({
      result: 'A-win',
      reason: 'deadline_majority',
      votes: { 'A-win': 3, 'B-win': 2, invalid: 0 },
    });
    // 3 vs 1 + 1
    expect(
      decideAtDeadline([r('b1', 'B-win'), r('b2', 'B-win'), r('a1', 'B-win'), r('a2', 'A-win'), r('a3', 'invalid')]),
    ).toMatchObject({ result: 'B-win', reason: 'deadline_majority' });
    // A lone report is a majority of the cast reports (silent players do not vote)
    expect(decideAtDeadline([r('a1', 'A-win')])).toMatchObject({ result: 'A-win', reason: 'deadline_majority' });
    // A majority for invalid
    expect(decideAtDeadline([r('a1', 'invalid'), r('b1', 'invalid'), r('b2', 'A-win')])).toMatchObject({
      result: 'invalid',
      reason: 'deadline_majority',
    });
  });

  it('a tie or a plurality without majority voids the match', () => {
    expect(decideAtDeadline([r('a1', 'A-win'), r('b1', 'B-win')])).toMatchObject({
      result: 'invalid',
      reason: 'deadline_no_majority',
    });
    // 2 of 4 is not more than the other 2
    expect(decideAtDeadline([r('a1', 'A-win'), r('a2', 'A-win'), r('b1', 'B-win'), r('b2', 'invalid')])).toMatchObject({
      result: 'invalid',
      reason: 'deadline_no_majority',
    });
  });

  it('uses latest reports only', () => {
    // b1 switched from B-win to A-win: 2 A-win vs 1 B-win (counting both b1 reports would be a 2–2 tie)
    expect(decideAtDeadline([r('a1', 'A-win'), r('b1', 'B-win'), r('b2', 'B-win'), r('b1', 'A-win')])).toMatchObject({
      result: 'A-win',
      reason: 'deadline_majority',
      votes: { 'A-win': 2, 'B-win': 1, invalid: 0 },
    });
    expect(decideAtDeadline([r('a1', 'A-win'), r('b1', 'B-win'), r('b2', 'A-win'), r('b1', 'A-win')])).toMatchObject({
      result: 'A-win',
      votes: { 'A-win': 3, 'B-win': 0, invalid: 0 },
    });
  });
});

describe('settle', () => {
  const split = [r('a1', 'A-win'), r('a2', 'A-win'), r('b1', 'B-win')];

  it('is pending before the deadline without consensus', () => {
    expect(settle(split, { now: START + HOUR - 1, startedAt: START })).toEqual({
      status: 'pending',
      deadline: START + HOUR,
    });
    expect(settle([], { now: START, startedAt: START })).toEqual({ status: 'pending', deadline: START + HOUR });
  });

  it('settles early on consensus', () => {
    expect(settle([r('a1', 'B-win'), r('b1', 'B-win')], { now: START + 300, startedAt: START })).toEqual({
      status: 'settled',
      result: 'B-win',
      winner: 'B',
      reason: 'consensus',
    });
  });

  it('applies the deadline rule from the deadline on (inclusive)', () => {
    expect(settle(split, { now: START + HOUR, startedAt: START })).toEqual({
      status: 'settled',
      result: 'A-win',
      winner: 'A',
      reason: 'deadline_majority',
    });
    expect(settle([], { now: START + 2 * HOUR, startedAt: START })).toEqual({
      status: 'settled',
      result: 'invalid',
      winner: null,
      reason: 'no_reports',
    });
    expect(settle([r('a1', 'A-win'), r('b1', 'invalid')], { now: START + HOUR, startedAt: START })).toMatchObject({
      result: 'invalid',
      reason: 'deadline_no_majority',
    });
  });

  it('honours a configured window', () => {
    const clockAt = { now: START + 900, startedAt: START };
    expect(settle(split, clockAt, { reportWindowMinutes: 15 })).toMatchObject({ status: 'settled', result: 'A-win' });
    expect(settle(split, clockAt)).toMatchObject({ status: 'pending' });
  });
});

const PLAYERS: { user_id: string; team: TeamSide }[] = [
  ...['a1', 'a2', 'a3', 'a4', 'a5'].map((user_id) => ({ user_id, team: 'A' as const })),
  ...['b1', 'b2', 'b3', 'b4', 'b5'].map((user_id) => ({ user_id, team: 'B' as const })),
];
const RESULTS: MatchResult[] = ['A-win', 'B-win', 'invalid'];

interface Run {
  truth: MatchResult;
  liars: Set<string>;
  /** Reports in arrival order. */
  reports: MatchReport[];
  honestCount: number;
  outcome: Settlement & { status: 'settled' };
  /** Reports seen when the match settled (all of them at the deadline). */
  seen: MatchReport[];
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from empty list');
  return item;
}

/**
 * One match: a true result, 0–2 liars who always report a false result (colluding on one lie half the
 * time), honest players who each report the truth with probability `honestRate`. Reports arrive in random
 * order; the server calls settle() after every report and once more at the deadline.
 */
function simulate(rng: () => number, liarCount: number, honestRate = 0.7): Run {
  const truth = rng() < 0.1 ? 'invalid' : rng() < 0.5 ? 'A-win' : 'B-win';
  const lies = RESULTS.filter((result) => result !== truth);
  const shuffled = [...PLAYERS].sort(() => rng() - 0.5);
  const liars = new Set(shuffled.slice(0, liarCount).map((p) => p.user_id));
  const sharedLie = pick(rng, lies);
  const collude = rng() < 0.5;
  const reporters: MatchReport[] = [];
  for (const player of PLAYERS) {
    const isLiar = liars.has(player.user_id);
    if (!isLiar && rng() >= honestRate) continue;
    const result = isLiar ? (collude ? sharedLie : pick(rng, lies)) : truth;
    reporters.push({ ...player, result, violation_report: '', reported_at: 0 });
  }
  // Random arrival order, strictly increasing times inside the report window.
  const order = reporters.map((report) => ({ report, key: rng() })).sort((x, y) => x.key - y.key);
  const reports = order.map(({ report }, i) => ({ ...report, reported_at: START + 60 + i * 120 }));
  const honestCount = reports.filter((report) => !liars.has(report.user_id)).length;
  for (let i = 1; i <= reports.length; i++) {
    const seen = reports.slice(0, i);
    const outcome = settle(seen, { now: START + 60 + (i - 1) * 120, startedAt: START });
    if (outcome.status === 'settled') return { truth, liars, reports, honestCount, outcome, seen };
  }
  const outcome = settle(reports, { now: reportDeadline(START), startedAt: START });
  if (outcome.status !== 'settled') throw new Error('not settled at the deadline');
  return { truth, liars, reports, honestCount, outcome, seen: reports };
}

describe('settlement simulations (seeded)', () => {
  const RUNS = 4000;

  it('without liars the truth always wins once anybody reports', () => {
    const rng = mulberry32(7);
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const sim = simulate(rng, 0, rng());
      const expected = sim.honestCount === 0 ? 'invalid' : sim.truth;
      if (sim.outcome.result !== expected) failures.push(`run ${run}: ${JSON.stringify(sim.outcome)}`);
      if (sim.honestCount === 0 && sim.outcome.reason !== 'no_reports') failures.push(`run ${run}: reason`);
    }
    expect(failures).toEqual([]);
  });

  it('1–2 liars: the result follows the liars only in the cases the rules allow', () => {
    const rng = mulberry32(20240601);
    const failures: string[] = [];
    let lies = 0;
    let truths = 0;
    for (let run = 0; run < RUNS; run++) {
      const liarCount = 1 + Math.floor(rng() * 2);
      const sim = simulate(rng, liarCount);
      const { outcome, truth, liars, honestCount } = sim;
      const isHonest = (report: MatchReport) => !liars.has(report.user_id);
      const firstIsHonest = sim.reports[0] !== undefined && isHonest(sim.reports[0]);
      const fail = (why: string) => failures.push(`run ${run}: ${why} ${JSON.stringify({ outcome, honestCount })}`);
      if (outcome.result === truth) truths++;

      // Early consensus never fires against an honest report that has arrived: it would disagree.
      if (outcome.reason === 'consensus' && outcome.result !== truth && sim.seen.some(isHonest)) {
        fail('consensus despite an honest report');
      }
      // A lie by consensus needs liars on both teams agreeing, before any honest report.
      if (outcome.reason === 'consensus' && outcome.result !== truth) {
        const liarTeams = new Set(sim.seen.map((report) => report.team));
        if (liarCount < 2 || liarTeams.size < 2) fail('consensus lie without liars on both teams');
      }
      // Once an honest report is first, honest reporters outnumbering the liars always get the truth
      // (so do ≥ 3 honest reporters against 2 liars).
      if (firstIsHonest && honestCount > liarCount && outcome.result !== truth) fail('outnumbered liars won');
      // At the deadline a lie needs more votes than the honest reporters have.
      if (outcome.reason === 'deadline_majority' && outcome.result !== truth) {
        lies++;
        if (honestCount >= liarCount) fail('deadline lie without outnumbering');
      }
      if (outcome.reason === 'consensus' && outcome.result !== truth) lies++;
      // A match becomes invalid against the truth only when the honest votes do not outnumber the rest.
      if (outcome.result === 'invalid' && truth !== 'invalid' && outcome.reason !== 'consensus') {
        if (honestCount > liarCount) fail('voided although honest reporters outnumber the liars');
      }
    }
    expect(failures).toEqual([]);
    // Sanity: the scenario is adversarial but the truth still dominates.
    expect(truths / RUNS).toBeGreaterThan(0.9);
    expect(lies / RUNS).toBeLessThan(0.05);
  });

  it('with the full picture (all reports known), honest reports block any false consensus', () => {
    const rng = mulberry32(99);
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const sim = simulate(rng, 1 + Math.floor(rng() * 2));
      const early = decideEarly(sim.reports);
      if (sim.honestCount > 0 && early.decided && early.result !== sim.truth) failures.push(`run ${run}`);
      // ≥ 3 honest reporters beat 2 liars at the deadline whatever the liars do.
      const deadline = decideAtDeadline(sim.reports);
      if (sim.honestCount > sim.liars.size && deadline.result !== sim.truth) failures.push(`run ${run} deadline`);
    }
    expect(failures).toEqual([]);
  });
});

describe('self-interested liars (the threat a rating ladder faces)', () => {
  // A liar reports whatever is better for them than the truth: on the losing team, their own win or a void. (A player
  // on the winning team gains nothing by lying.) The requirement: when the other players report honestly, the
  // settled result never follows the liars, whatever the arrival order.
  it('1–2 liars of the losing team never decide the result when the other eight report honestly', () => {
    const rng = mulberry32(424242);
    const failures: string[] = [];
    for (let run = 0; run < 4000; run++) {
      const winner: TeamSide = rng() < 0.5 ? 'A' : 'B';
      const truth: MatchResult = winner === 'A' ? 'A-win' : 'B-win';
      const losers = PLAYERS.filter((p) => p.team !== winner).sort(() => rng() - 0.5);
      const liars = new Set(losers.slice(0, 1 + Math.floor(rng() * 2)).map((p) => p.user_id));
      const lieOf = (team: TeamSide): MatchResult => (rng() < 0.5 ? 'invalid' : team === 'A' ? 'A-win' : 'B-win');
      const order = PLAYERS.map((p) => ({ p, key: rng() })).sort((x, y) => x.key - y.key);
      const reports: MatchReport[] = order.map(({ p }, i) => ({
        ...p,
        result: liars.has(p.user_id) ? lieOf(p.team) : truth,
        violation_report: '',
        reported_at: START + 60 + i * 30,
      }));
      let outcome: Settlement | undefined;
      for (let i = 1; i <= reports.length && outcome?.status !== 'settled'; i++) {
        outcome = settle(reports.slice(0, i), { now: START + 60 + (i - 1) * 30, startedAt: START });
      }
      if (outcome?.status !== 'settled') outcome = settle(reports, { now: reportDeadline(START), startedAt: START });
      if (outcome.status !== 'settled' || outcome.result !== truth)
        failures.push(`run ${run}: ${JSON.stringify(outcome)}`);
    }
    expect(failures).toEqual([]);
  });
});
