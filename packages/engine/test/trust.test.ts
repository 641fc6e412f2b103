import { describe, expect, it } from 'vitest';
import type { MatchReport, MatchResult, SettlementReason } from '../src/settlement/index.ts';
import {
  type ClosedMatch,
  contradictionOf,
  DEFAULT_TRUST_CONFIG,
  isHeldByDisagreement,
  isLoneDissenter,
  opposingPairs,
  resolveTrustConfig,
  verdictsOf,
  wilsonInterval,
} from '../src/trust/index.ts';

const START = 1_700_000_000;

/** A report: ids starting with 'a' are team A, 'b' team B; `at` seconds after the start. */
function r(user_id: string, result: MatchResult, at: number): MatchReport {
  return { user_id, team: user_id.startsWith('a') ? 'A' : 'B', result, violation_report: '', reported_at: START + at };
}

function closed(
  result: MatchResult,
  reason: SettlementReason,
  reports: MatchReport[],
  settledAfter = 3600,
): ClosedMatch {
  return { result, reason, settledAt: START + settledAfter, reports };
}

describe('verdictsOf', () => {
  it('calls a lone dissenter alone only with at least three reporters', () => {
    const three = verdictsOf({
      result: 'A-win',
      reports: [r('a1', 'A-win', 1), r('b1', 'A-win', 2), r('b2', 'B-win', 3)],
    });
    expect(three).toEqual([
      { user_id: 'a1', agreed: true, alone: false },
      { user_id: 'b1', agreed: true, alone: false },
      { user_id: 'b2', agreed: false, alone: true },
    ]);
    // Two reporters: a dissenter against one other is a disagreement, not a lone voice against a crowd.
    const two = verdictsOf({ result: 'A-win', reports: [r('a1', 'A-win', 1), r('b2', 'B-win', 3)] });
    expect(two.find((v) => v.user_id === 'b2')).toEqual({ user_id: 'b2', agreed: false, alone: false });
  });

  it('calls nobody alone when two dissent, even with different results', () => {
    const verdicts = verdictsOf({
      result: 'A-win',
      reports: [r('a1', 'A-win', 1), r('a2', 'A-win', 2), r('b1', 'B-win', 3), r('b2', 'invalid', 4)],
    });
    expect(verdicts.filter((v) => !v.agreed).map((v) => v.user_id)).toEqual(['b1', 'b2']);
    expect(verdicts.some((v) => v.alone)).toBe(false);
  });

  it('judges only each player latest report', () => {
    // b1 misclicked, then corrected: one report, agreeing.
    const verdicts = verdictsOf({
      result: 'A-win',
      reports: [r('b1', 'B-win', 1), r('a1', 'A-win', 2), r('a2', 'A-win', 3), r('b1', 'A-win', 4)],
    });
    expect(verdicts).toHaveLength(3);
    expect(verdicts.every((v) => v.agreed && !v.alone)).toBe(true);
  });

  it('counts a void claim in a decided match as a dissent, and a winner claim in a void one', () => {
    const decided = verdictsOf({
      result: 'B-win',
      reports: [r('a1', 'invalid', 1), r('b1', 'B-win', 2), r('b2', 'B-win', 3)],
    });
    expect(decided[0]).toEqual({ user_id: 'a1', agreed: false, alone: true });
    const voided = verdictsOf({
      result: 'invalid',
      reports: [r('a1', 'A-win', 1), r('b1', 'invalid', 2), r('b2', 'invalid', 3)],
    });
    expect(voided[0]).toEqual({ user_id: 'a1', agreed: false, alone: true });
  });
});

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17, table I
  // (method 3, the score interval without continuity correction), and the textbook 0/10, 1/10 and 5/10.
  const known: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [0, 10, 0, 0.2775],
    [1, 10, 0.0179, 0.4042],
    [5, 10, 0.2366, 0.7634],
  ];
  for (const [k, n, low, high] of known) {
    it(`${k}/${n} at 95 % is ${low}–${high}`, () => {
      const interval = wilsonInterval(k, n, 1.96);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    });
  }

  it('stays within 0–1 and knows nothing without trials', () => {
    expect(wilsonInterval(0, 0, 1.96)).toEqual({ low: 0, high: 1 });
    const all = wilsonInterval(10, 10, 1.96);
    expect(all.high).toBeLessThanOrEqual(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(wilsonInterval(0, 5, 1.96).low).toBe(0);
  });

  it('narrows as the trials grow, around the same share', () => {
    const small = wilsonInterval(2, 10, 1.96);
    const large = wilsonInterval(200, 1000, 1.96);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(large.low).toBeLessThan(0.2);
    expect(large.high).toBeGreaterThan(0.2);
  });
});

describe('isLoneDissenter', () => {
  const c = DEFAULT_TRUST_CONFIG;

  it('waits for the minimum number of reports', () => {
    expect(isLoneDissenter({ reports: c.loneMinReports - 1, alone: c.loneMinReports - 1 })).toBe(false);
    expect(isLoneDissenter({ reports: c.loneMinReports, alone: c.loneMinReports })).toBe(true);
  });

  it('flags exactly when the lower bound passes the rate', () => {
    for (let n = c.loneMinReports; n <= 60; n++) {
      for (let k = 0; k <= n; k++) {
        const expected = wilsonInterval(k, n, c.wilsonZ).low > c.loneMaxRate;
        expect(isLoneDissenter({ reports: n, alone: k })).toBe(expected);
      }
    }
  });

  it('leaves an honest misclicker alone and flags a player who lies in every lost match', () => {
    // About 2–3 % of honest reports dissent alone; a liar who loses half their matches, about 40 %.
    expect(isLoneDissenter({ reports: 40, alone: 2 })).toBe(false);
    expect(isLoneDissenter({ reports: 20, alone: 8 })).toBe(true);
  });

  it('reads a partial configuration over the defaults', () => {
    expect(isLoneDissenter({ reports: 8, alone: 4 }, { loneMaxRate: 0.3 })).toBe(false);
    expect(isLoneDissenter({ reports: 4, alone: 4 }, { loneMinReports: 4 })).toBe(true);
    expect(resolveTrustConfig({ loneMinReports: 4 }).loneMaxRate).toBe(c.loneMaxRate);
  });
});

describe('contradictionOf and opposingPairs', () => {
  // a1 and b1 decide B-win at 120 s; the rest of the match then says A won.
  const colluded = [
    r('a1', 'B-win', 100),
    r('b1', 'B-win', 120),
    r('a2', 'A-win', 900),
    r('a3', 'A-win', 950),
    r('b2', 'A-win', 1000),
  ];

  it('finds an early result the later reports outvote, with the reports that decided it', () => {
    const found = contradictionOf(closed('B-win', 'consensus', colluded, 120));
    expect(found.contradicted).toBe(true);
    expect(found.early.map((e) => e.user_id)).toEqual(['a1', 'b1']);
    expect(opposingPairs(found.early)).toEqual([['a1', 'b1']]);
  });

  it('needs enough later dissent, and more of it than later agreement', () => {
    const one = contradictionOf(closed('B-win', 'consensus', colluded.slice(0, 3), 120));
    expect(one.contradicted).toBe(false);
    const outvoted = [...colluded.slice(0, 4), r('b2', 'B-win', 1000), r('b3', 'B-win', 1010)];
    expect(contradictionOf(closed('B-win', 'consensus', outvoted, 120)).contradicted).toBe(false);
    const tie = [...colluded.slice(0, 4), r('b2', 'B-win', 1000), r('b3', 'A-win', 1010), r('b4', 'B-win', 1020)];
    // Three later dissent, two agree: contradicted.
    expect(contradictionOf(closed('B-win', 'consensus', tie, 120)).contradicted).toBe(true);
    expect(
      contradictionOf(closed('B-win', 'consensus', colluded, 120), { contradictionMinLater: 4 }).contradicted,
    ).toBe(false);
  });

  it('never contradicts a deadline result', () => {
    const found = contradictionOf(closed('B-win', 'deadline_majority', colluded, 3600));
    expect(found).toEqual({ contradicted: false, early: [] });
  });

  it('counts a decider who changed their report later by their latest report', () => {
    // a1 reports B-win, then corrects to A-win after the settlement: no longer among the early deciders.
    const reports = [...colluded, r('a1', 'A-win', 1100)];
    const found = contradictionOf(closed('B-win', 'consensus', reports, 120));
    expect(found.early.map((e) => e.user_id)).toEqual(['b1']);
    expect(found.contradicted).toBe(true);
    expect(opposingPairs(found.early)).toEqual([]);
  });

  it('pairs every early decider of one team with every one of the other, in sorted order', () => {
    const early = [r('b2', 'A-win', 1), r('a1', 'A-win', 2), r('b1', 'A-win', 3), r('a9', 'A-win', 4)];
    expect(opposingPairs(early)).toEqual([
      ['a1', 'b2'],
      ['a1', 'b1'],
      ['a9', 'b2'],
      ['a9', 'b1'],
    ]);
    // Ids order by code unit, whatever the team: the pair's key is the same from either side.
    const swapped = opposingPairs([
      { ...r('zz', 'A-win', 1), team: 'A' },
      { ...r('aa', 'A-win', 2), team: 'B' },
    ]);
    expect(swapped).toEqual([['aa', 'zz']]);
  });
});

describe('isHeldByDisagreement', () => {
  const split = [
    r('a1', 'A-win', 1),
    r('a2', 'A-win', 2),
    r('b1', 'A-win', 3),
    r('b2', 'B-win', 4),
    r('b3', 'B-win', 5),
  ];

  it('opens on a deadline majority with enough dissenters', () => {
    expect(isHeldByDisagreement(closed('A-win', 'deadline_majority', split))).toBe(true);
    expect(isHeldByDisagreement(closed('A-win', 'deadline_majority', split), { heldMinDissenters: 3 })).toBe(false);
  });

  it('leaves a single dissenter to the reporter record', () => {
    expect(isHeldByDisagreement(closed('A-win', 'deadline_majority', split.slice(0, 4)))).toBe(false);
  });

  it('always opens without a majority, never on consensus or without reports', () => {
    expect(isHeldByDisagreement(closed('invalid', 'deadline_no_majority', split.slice(0, 2)))).toBe(true);
    expect(isHeldByDisagreement(closed('A-win', 'consensus', split))).toBe(false);
    expect(isHeldByDisagreement(closed('invalid', 'no_reports', []))).toBe(false);
  });
});
