import { PENALTY_BLOCK_THRESHOLD } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import type { MatchParticipant, PenaltyState } from '../src/penalty/index.ts';
import {
  applyPenalty,
  correctionAfterMatch,
  DEFAULT_PENALTY_CONFIG,
  effectivePenalty,
  isQueueBlocked,
  isTimeoutActive,
  PENALTY_RULE_JA,
  penaltyQueueBlock,
  penaltyStateAfterMatch,
  penaltyTimeoutUntil,
  remainingTimeoutMinutes,
  tallyViolations,
} from '../src/penalty/index.ts';
import type { MatchReport } from '../src/settlement/index.ts';

const NOW = 1_700_000_000;
const HOUR_S = 3600;

const participants: MatchParticipant[] = [
  ...['a1', 'a2', 'a3', 'a4', 'a5'].map((user_id) => ({ user_id, team: 'A' as const })),
  ...['b1', 'b2', 'b3', 'b4', 'b5'].map((user_id) => ({ user_id, team: 'B' as const })),
];

let clock = NOW;
/** reporter names `target`; team derived from the id prefix. */
function v(reporter: string, target: string, result: MatchReport['result'] = 'A-win'): MatchReport {
  clock += 1;
  return {
    user_id: reporter,
    team: reporter.startsWith('a') ? 'A' : 'B',
    result,
    violation_report: target,
    reported_at: clock,
  };
}
const reportsOn = (target: string, reporters: string[]) => reporters.map((reporter) => v(reporter, target));

describe('tallyViolations thresholds (4 of one team or 6 in total)', () => {
  it('3 reporters of one team: not penalised', () => {
    const { tallies, penalised_user_ids } = tallyViolations(reportsOn('b1', ['a1', 'a2', 'a3']), participants);
    expect(tallies).toEqual([
      {
        user_id: 'b1',
        team: 'B',
        report_count: 3,
        reporters: ['a1', 'a2', 'a3'],
        by_team: { A: 3, B: 0 },
        penalised: false,
      },
    ]);
    expect(penalised_user_ids).toEqual([]);
  });

  it('4 reporters of one team: penalised (opponents or teammates alike)', () => {
    expect(tallyViolations(reportsOn('b1', ['a1', 'a2', 'a3', 'a4']), participants).penalised_user_ids).toEqual(['b1']);
    // Teammates of the reported player: at most 4 (self excluded), which is enough
    const teammates = tallyViolations(reportsOn('a5', ['a1', 'a2', 'a3', 'a4']), participants);
    expect(teammates.tallies[0]).toMatchObject({ user_id: 'a5', team: 'A', by_team: { A: 4, B: 0 }, penalised: true });
  });

  it('3 + 2 mixed: not penalised; 3 + 3 mixed (6 in total): penalised', () => {
    const five = tallyViolations(reportsOn('a1', ['a2', 'a3', 'a4', 'b1', 'b2']), participants);
    expect(five.tallies[0]).toMatchObject({ report_count: 5, by_team: { A: 3, B: 2 }, penalised: false });
    const six = tallyViolations(reportsOn('a1', ['a2', 'a3', 'a4', 'b1', 'b2', 'b3']), participants);
    expect(six.tallies[0]).toMatchObject({ report_count: 6, by_team: { A: 3, B: 3 }, penalised: true });
    expect(six.penalised_user_ids).toEqual(['a1']);
  });

  it('duplicates count once: only the latest report of each player counts', () => {
    const reports = [...reportsOn('b1', ['a1', 'a2', 'a3']), v('a3', 'b1'), v('a3', 'b1'), v('a1', 'b1')];
    expect(tallyViolations(reports, participants).tallies[0]).toMatchObject({ report_count: 3, penalised: false });
    // A later report naming someone else (or nobody) withdraws the earlier accusation
    const withdrawn = [...reportsOn('b1', ['a1', 'a2', 'a3', 'a4']), v('a4', ''), v('a3', 'b2')];
    const summary = tallyViolations(withdrawn, participants);
    expect(summary.tallies.map((t) => [t.user_id, t.report_count])).toEqual([
      ['b1', 2],
      ['b2', 1],
    ]);
    expect(summary.penalised_user_ids).toEqual([]);
  });

  it('ignores self-reports, empty names and non-participants', () => {
    // Every reporter appears once, so no report is replaced by a later one.
    const reports = [
      v('a1', 'a1'), // self-report
      v('b4', ''), // nobody named
      v('a5', 'stranger'), // named player is not in the match
      v('outsider', 'b1'), // reporter is not in the match
      v('b2', 'b2'), // self-report
      v('b5', 'b2'),
      ...reportsOn('b3', ['a2', 'a3', 'a4']),
      v('b3', 'b3'), // self-report
    ];
    expect(tallyViolations(reports, participants).tallies).toEqual([
      {
        user_id: 'b3',
        team: 'B',
        report_count: 3,
        reporters: ['a2', 'a3', 'a4'],
        by_team: { A: 3, B: 0 },
        penalised: false,
      },
      { user_id: 'b2', team: 'B', report_count: 1, reporters: ['b5'], by_team: { A: 0, B: 1 }, penalised: false },
    ]);
  });

  it('the invalid path names the culprit the same way', () => {
    const reports = ['b1', 'b2', 'b3', 'b4'].map((reporter) => v(reporter, 'a2', 'invalid'));
    expect(tallyViolations(reports, participants).penalised_user_ids).toEqual(['a2']);
  });

  it('sorts by report count then id, and lists several penalised players', () => {
    const reports = [
      ...reportsOn('b5', ['a1', 'a2', 'a3', 'a4']),
      ...reportsOn('a5', ['b1', 'b2', 'b3', 'b4']),
      v('a5', 'b1'),
    ];
    const summary = tallyViolations(reports, participants);
    expect(summary.tallies.map((t) => t.user_id)).toEqual(['a5', 'b5', 'b1']);
    expect(summary.penalised_user_ids).toEqual(['a5', 'b5']);
  });

  it('thresholds are configurable', () => {
    const reports = reportsOn('b1', ['a1', 'a2', 'a3']);
    expect(tallyViolations(reports, participants, { sameTeamReporters: 3 }).penalised_user_ids).toEqual(['b1']);
    const mixed = reportsOn('b1', ['a1', 'a2', 'b2']);
    expect(tallyViolations(mixed, participants, { totalReporters: 3 }).penalised_user_ids).toEqual(['b1']);
  });

  it('no reports gives an empty tally', () => {
    expect(tallyViolations([], participants)).toEqual({ tallies: [], penalised_user_ids: [] });
  });
});

describe('effective penalty and queue block', () => {
  it('is count minus correction, floored at 0', () => {
    expect(effectivePenalty({ penalty_count: 5, penalty_correction: 2 })).toBe(3);
    expect(effectivePenalty({ penalty_count: 2, penalty_correction: 5 })).toBe(0);
    expect(effectivePenalty({ penalty_count: 0, penalty_correction: 0 })).toBe(0);
  });

  it('blocks the queue at 6', () => {
    expect(DEFAULT_PENALTY_CONFIG.blockThreshold).toBe(PENALTY_BLOCK_THRESHOLD);
    expect(isQueueBlocked({ penalty_count: 5, penalty_correction: 0 })).toBe(false);
    expect(isQueueBlocked({ penalty_count: 6, penalty_correction: 0 })).toBe(true);
    expect(isQueueBlocked({ penalty_count: 8, penalty_correction: 2 })).toBe(true);
    expect(isQueueBlocked({ penalty_count: 8, penalty_correction: 3 })).toBe(false);
  });

  it('reports why the queue is blocked', () => {
    const base = { penalty_count: 1, penalty_correction: 0, penalty_timeout_until: NOW + 60 };
    expect(penaltyQueueBlock(base, NOW)).toBe('penalty_timeout');
    expect(penaltyQueueBlock(base, NOW + 60)).toBeNull();
    expect(penaltyQueueBlock({ ...base, penalty_count: 6 }, NOW)).toBe('penalty_threshold');
    expect(penaltyQueueBlock({ ...base, penalty_timeout_until: null }, NOW)).toBeNull();
  });
});

describe('timeouts', () => {
  it('lasts 30 minutes per effective penalty point', () => {
    expect(penaltyTimeoutUntil(NOW, 1)).toBe(NOW + 30 * 60);
    expect(penaltyTimeoutUntil(NOW, 3)).toBe(NOW + 90 * 60);
    expect(penaltyTimeoutUntil(NOW, 0)).toBe(NOW);
    expect(penaltyTimeoutUntil(NOW, 2, { timeoutMinutesPerPenalty: 10 })).toBe(NOW + 20 * 60);
  });

  it('remaining minutes round up and stop at 0', () => {
    expect(remainingTimeoutMinutes(NOW, NOW + 1800)).toBe(30);
    expect(remainingTimeoutMinutes(NOW, NOW + 1801)).toBe(31);
    expect(remainingTimeoutMinutes(NOW, NOW + 1)).toBe(1);
    expect(remainingTimeoutMinutes(NOW, NOW)).toBe(0);
    expect(remainingTimeoutMinutes(NOW, NOW - 500)).toBe(0);
    expect(remainingTimeoutMinutes(NOW, null)).toBe(0);
    expect(isTimeoutActive(NOW, NOW + 1)).toBe(true);
    expect(isTimeoutActive(NOW, NOW)).toBe(false);
    expect(isTimeoutActive(NOW, undefined)).toBe(false);
  });
});

const clean: PenaltyState = {
  penalty_count: 0,
  penalty_correction: 0,
  matches_since_penalty: 0,
  penalty_timeout_until: null,
  last_penalty_at: null,
};

describe('applyPenalty', () => {
  it('adds one, starts the timeout from the new effective penalty and restarts the counter', () => {
    expect(applyPenalty(clean, NOW)).toEqual({
      penalty_count: 1,
      penalty_correction: 0,
      matches_since_penalty: 0,
      penalty_timeout_until: NOW + 30 * 60,
      last_penalty_at: NOW,
    });
    // count 3, correction 1 → count 4, effective 3 → 90 minutes
    const state = { ...clean, penalty_count: 3, penalty_correction: 1, matches_since_penalty: 37 };
    expect(applyPenalty(state, NOW)).toMatchObject({
      penalty_count: 4,
      matches_since_penalty: 0,
      penalty_timeout_until: NOW + 90 * 60,
    });
  });

  it('never shortens an active longer timeout', () => {
    const state = { ...clean, penalty_count: 1, penalty_timeout_until: NOW + 5 * HOUR_S };
    expect(applyPenalty(state, NOW).penalty_timeout_until).toBe(NOW + 5 * HOUR_S);
  });

  it('gives no timeout while the correction still covers the count', () => {
    const state = { ...clean, penalty_count: 1, penalty_correction: 4 };
    expect(applyPenalty(state, NOW)).toMatchObject({ penalty_count: 2, penalty_timeout_until: NOW });
  });

  it('reaching 6 blocks the queue', () => {
    let state = clean;
    for (let i = 0; i < 6; i++) state = applyPenalty(state, NOW + i * 10_000);
    expect(state.penalty_count).toBe(6);
    expect(isQueueBlocked(state)).toBe(true);
    expect(state.penalty_timeout_until).toBe(NOW + 5 * 10_000 + 6 * 30 * 60);
  });
});

describe('correction', () => {
  it('grows by one every 50 counted matches, then the counter restarts', () => {
    const state = { penalty_count: 2, penalty_correction: 0, matches_since_penalty: 0 };
    expect(correctionAfterMatch(state)).toEqual({ penalty_correction: 0, matches_since_penalty: 1 });
    expect(correctionAfterMatch({ ...state, matches_since_penalty: 48 })).toEqual({
      penalty_correction: 0,
      matches_since_penalty: 49,
    });
    expect(correctionAfterMatch({ ...state, matches_since_penalty: 49 })).toEqual({
      penalty_correction: 1,
      matches_since_penalty: 0,
    });
    expect(correctionAfterMatch({ ...state, matches_since_penalty: 9 }, { matchesPerCorrection: 10 })).toEqual({
      penalty_correction: 1,
      matches_since_penalty: 0,
    });
  });

  it('never exceeds the count and does not bank matches while effective is 0', () => {
    let state = { penalty_count: 2, penalty_correction: 0, matches_since_penalty: 0 };
    for (let i = 0; i < 300; i++) state = { ...state, ...correctionAfterMatch(state) };
    // 100 matches forgive both points; the remaining 200 bank nothing
    expect(state).toEqual({ penalty_count: 2, penalty_correction: 2, matches_since_penalty: 0 });
    expect(effectivePenalty(state)).toBe(0);
    expect(correctionAfterMatch({ penalty_count: 0, penalty_correction: 0, matches_since_penalty: 0 })).toEqual({
      penalty_correction: 0,
      matches_since_penalty: 0,
    });
  });

  it('penaltyStateAfterMatch: penalty resets, invalid matches do not count', () => {
    const state: PenaltyState = { ...clean, penalty_count: 3, penalty_correction: 1, matches_since_penalty: 49 };
    expect(penaltyStateAfterMatch(state, { penalised: false, result: 'invalid' }, NOW)).toEqual(state);
    expect(penaltyStateAfterMatch(state, { penalised: false, result: 'A-win' }, NOW)).toMatchObject({
      penalty_correction: 2,
      matches_since_penalty: 0,
    });
    // Penalised in this match: the match is not counted, the counter restarts
    expect(penaltyStateAfterMatch(state, { penalised: true, result: 'B-win' }, NOW)).toMatchObject({
      penalty_count: 4,
      penalty_correction: 1,
      matches_since_penalty: 0,
      last_penalty_at: NOW,
      penalty_timeout_until: NOW + 90 * 60,
    });
  });

  it('50 counted matches bring a count of 6 down to an effective 5', () => {
    let state: PenaltyState = { ...clean, penalty_count: 6 };
    let played = 0;
    while (isQueueBlocked(state)) {
      state = penaltyStateAfterMatch(state, { penalised: false, result: 'A-win' }, NOW);
      played++;
    }
    // A blocked player cannot queue, so in practice an admin lowers the count; the arithmetic still holds.
    expect(played).toBe(50);
    expect(effectivePenalty(state)).toBe(5);
  });
});

describe('rules text', () => {
  it('states the defaults', () => {
    expect(PENALTY_RULE_JA).toContain('4人以上');
    expect(PENALTY_RULE_JA).toContain('6人以上');
    expect(PENALTY_RULE_JA).toContain('30分');
    expect(PENALTY_RULE_JA).toContain('50試合');
  });
});
