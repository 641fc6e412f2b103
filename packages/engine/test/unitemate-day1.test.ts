import { describe, expect, it } from 'vitest';
import { dayFigures, readDay, replay } from '../scripts/unitemate-day1.ts';
import day1 from '../src/simulation/data/unitemate-day1.json' with { type: 'json' };

// The converter of the model site's first-day export (issue 34): it reads only result and report fields, replaces
// players by p001…, and replays rankmatch's settlement report by report. Checked on a made-up export shaped like theirs.

const MADE = 1_757_653_339;
const ids = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${1_000_000_000_000_000 + i}`);

function player(id: string) {
  return {
    user_id: id,
    trainer_name: `Name ${id}`,
    discord_username: `user${id}`,
    bio: 'secret bio',
    twitter_id: 'x_handle',
  };
}

function match(id: number, players: string[], reports: [number, string, number, string?][], status = 'done') {
  return {
    match_id: String(id),
    status,
    matched_unixtime: String(MADE + id * 100),
    final_result: status === 'done' ? 'A-win' : undefined,
    team_a: players.slice(0, 5).map(player),
    team_b: players.slice(5).map(player),
    user_reports: reports.map(([who, result, minutes, named]) => ({
      user_id: players[who],
      result,
      report_unixtime: String(MADE + id * 100 + minutes * 60),
      violation_report: named === undefined ? '' : (players[Number(named)] ?? named),
      picked_pokemon: 'pikachu',
    })),
  };
}

const a = ids('1');
const b = ids('2');
const raw = [
  // Everyone agrees: settles at the first report of the second team (minute 19).
  match(1, a, [
    [0, 'A-win', 18],
    [1, 'A-win', 18.5],
    [5, 'A-win', 19],
    [6, 'A-win', 20],
  ]),
  // A dissent before any consensus: held to the deadline, where the majority decides.
  match(2, b, [
    [0, 'A-win', 18],
    [5, 'B-win', 18.2],
    [1, 'A-win', 19],
    [6, 'A-win', 19.5, '5'],
  ]),
  // A dissent in the same second as the report that completed the consensus, but after it.
  match(3, a, [
    [0, 'B-win', 20],
    [5, 'B-win', 21],
    [6, 'A-win', 21],
  ]),
  match(4, b, [[0, 'A-win', 5]], 'matched'),
];

describe('reading the first day', () => {
  const day = readDay(raw);

  it('keeps no name, id, bio or X id: players are p001… in order of appearance', () => {
    const text = JSON.stringify(day);
    for (const id of [...a, ...b]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/Name |secret|x_handle|pikachu/);
    expect(day[0]?.teamA).toEqual(['p001', 'p002', 'p003', 'p004', 'p005']);
    expect(day[1]?.reports[3]).toMatchObject({ player: 'p017', team: 'B', result: 'A-win', named: ['p016'] });
  });

  it('replays rankmatch’s settlement report by report', () => {
    expect(replay(day[0] as (typeof day)[number])).toEqual({
      early: true,
      result: 'A-win',
      reason: 'consensus',
      seconds: 19 * 60,
    });
    expect(replay(day[1] as (typeof day)[number])).toEqual({
      early: false,
      result: 'A-win',
      reason: 'deadline_majority',
      seconds: 3600,
    });
    expect(replay(day[2] as (typeof day)[number])).toMatchObject({ early: true, result: 'B-win', seconds: 21 * 60 });
  });

  it('counts the figures the trust work cites', () => {
    const figures = dayFigures(day);
    expect(figures.matches).toEqual({ total: 4, settled: 3, inPlay: 1 });
    expect(figures.settlement).toMatchObject({ settledEarly: 2, settledAtDeadline: 1 });
    expect(figures.disagreement).toMatchObject({ matches: 2, bySingleVoter: 2 });
    expect(figures.violations.matchesWithViolationReport).toBe(1);
    expect(figures.timing.reportersPerMatch.slice(3, 5)).toEqual([1, 2]);
  });
});

describe('the committed figures of the real day', () => {
  it('add up', () => {
    const { matches, settlement, perReport, timing, reporters } = day1;
    expect(settlement.settledEarly + settlement.settledAtDeadline).toBe(matches.settled);
    expect(timing.reportersPerMatch.reduce((s, n) => s + n, 0)).toBe(matches.settled);
    expect(timing.reportDelayHistogram5Min.reduce((s, n) => s + n, 0)).toBe(perReport.reports);
    expect(reporters.dissentAloneHistogram.reduce((s, n) => s + n, 0)).toBe(reporters.reporters);
    for (const [key, value] of Object.entries(perReport)) {
      if (key.startsWith('p') || key.startsWith('share')) expect(value).toBeGreaterThanOrEqual(0);
      if (key.startsWith('p') || key.startsWith('share')) expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('hold aggregates only, no per-player or per-match data', () => {
    expect(JSON.stringify(day1)).not.toMatch(/"p\d{3}"|\d{15,}/);
  });
});
