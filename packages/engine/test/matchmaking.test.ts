import { ROLES, type Role } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import {
  assignRoles,
  DEFAULT_MATCHMAKING_CONFIG,
  describeMatchmakingRule,
  MATCHMAKING_RULE_EN,
  MATCHMAKING_RULE_JA,
  runWave,
  type WaitingEntry,
} from '../src/matchmaking/index.ts';
import { roleCost } from '../src/matchmaking/roles.ts';
import { PERMUTATIONS, SPLITS } from '../src/matchmaking/splits.ts';
import { chooseSplit } from '../src/matchmaking/teams.ts';

const NOW = 1_767_600_000;
const [TOP, MID, BOT, SUP, TANK] = ROLES;

function entry(id: string, rate: number, roles: readonly Role[] = [], age = 0, waves = 0): WaitingEntry {
  return { user_id: id, rate, roles, joined_at: NOW - age, waves_missed: waves };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('precomputed combinatorics', () => {
  it('has the 126 splits of 10 into 5 + 5 with player 0 in team A', () => {
    expect(SPLITS).toHaveLength(126);
    expect(new Set(SPLITS.map((s) => s.maskA)).size).toBe(126);
    for (const s of SPLITS) {
      expect(s.a[0]).toBe(0);
      expect(s.a).toHaveLength(5);
      expect(s.b).toHaveLength(5);
      expect([...s.a, ...s.b].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });

  it('has the 120 permutations of 5 roles', () => {
    expect(PERMUTATIONS).toHaveLength(120);
    expect(new Set(PERMUTATIONS.map((p) => p.join(''))).size).toBe(120);
    expect(PERMUTATIONS[0]).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('role cost and assignment', () => {
  it('costs by preference rank; no preference is free; unlisted costs most', () => {
    expect(roleCost([MID, TOP] as Role[], MID as Role)).toBe(0);
    expect(roleCost([MID, TOP] as Role[], TOP as Role)).toBe(1);
    expect(roleCost([], TANK as Role)).toBe(0);
    expect(roleCost([MID] as Role[], TANK as Role)).toBeGreaterThan(4 * 5);
  });

  it('gives everyone their first choice when the five prefer distinct roles', () => {
    const team = [{ roles: [TANK] }, { roles: [TOP] }, { roles: [SUP] }, { roles: [BOT] }, { roles: [MID] }] as {
      roles: Role[];
    }[];
    expect(assignRoles(team)).toEqual([TANK, TOP, SUP, BOT, MID]);
  });

  it('uses second choices and lets no-preference players fill the rest', () => {
    const team = [{ roles: [MID, TANK] }, { roles: [MID] }, { roles: [] }, { roles: [BOT, SUP] }, { roles: [BOT] }] as {
      roles: Role[];
    }[];
    const roles = assignRoles(team);
    expect(roles[1]).toBe(MID);
    expect(roles[0]).toBe(TANK);
    expect(roles[4]).toBe(BOT);
    expect(roles[3]).toBe(SUP);
    expect(roles[2]).toBe(TOP);
  });
});

describe('chooseSplit', () => {
  it('finds a perfect split with gap 0', () => {
    // Team {1450, 1520, 1480, 1560, 1490} and {1500, 1470, 1530, 1510, 1490} both sum to 7500.
    const rates = [1450, 1500, 1520, 1470, 1480, 1530, 1560, 1510, 1490, 1490];
    const players = rates.map((rate) => ({ rate, roles: [] as Role[] }));
    const choice = chooseSplit(players, 5);
    expect(choice.gap).toBe(0);
    expect(sum(choice.teamA.map((i) => rates[i] as number))).toBe(7500);
    expect(choice.teamA).toContain(0);
    expect(choice.roleCost).toBe(0);
  });

  // Pairs (0,1) TOP only, (2,3) MIDDLE only, (4,5) BOTTOM_LANE only, (6,7) SUPPORT only, (8,9) TANK only: a split
  // satisfies everybody only when each pair is split across the teams.
  const pairRoles = [TOP, TOP, MID, MID, BOT, BOT, SUP, SUP, TANK, TANK] as Role[];

  it('trades a gap within the tolerance for role satisfaction', () => {
    // Best overall gap is 0, but only with off-role players; the best role-perfect split has gap 4 (≤ 5).
    const rates = [1500, 1480, 1510, 1490, 1480, 1500, 1510, 1510, 1480, 1480];
    const players = rates.map((rate, i) => ({ rate, roles: [pairRoles[i] as Role] }));
    const choice = chooseSplit(players, 5);
    expect(choice.roleCost).toBe(0);
    expect(choice.gap).toBe(4);
    for (let k = 0; k < 5; k++) expect(choice.teamA.includes(2 * k)).not.toBe(choice.teamA.includes(2 * k + 1));
    // With no tolerance the gap wins.
    const strict = chooseSplit(players, 0);
    expect(strict.gap).toBe(0);
    expect(strict.roleCost).toBeGreaterThan(0);
  });

  it('keeps the smallest gap when the role-perfect split is beyond the tolerance', () => {
    // Role-perfect splits have gap ≥ 12 > 5: the gap-0 split is taken and some players play off-role.
    const rates = [1470, 1470, 1500, 1440, 1500, 1500, 1560, 1560, 1440, 1560];
    const players = rates.map((rate, i) => ({ rate, roles: [pairRoles[i] as Role] }));
    const choice = chooseSplit(players, 5);
    expect(choice.gap).toBe(0);
    expect(choice.roleCost).toBeGreaterThan(0);
  });
});

describe('chooseSplit spreads uncertain players', () => {
  const unevenOf = (choice: { teamA: number[] }, uncertain: readonly number[]) =>
    Math.abs(2 * uncertain.filter((i) => choice.teamA.includes(i)).length - uncertain.length);

  it('puts two of four newcomers in each team when the gap allows it', () => {
    const uncertain = [0, 3, 5, 8];
    const players = Array.from({ length: 10 }, (_, i) => ({
      rate: 1500,
      roles: [] as Role[],
      uncertain: uncertain.includes(i),
    }));
    const choice = chooseSplit(players, { gap: 5, spread: 15 });
    expect(choice.gap).toBe(0);
    expect(choice.unevenness).toBe(0);
    expect(unevenOf(choice, uncertain)).toBe(0);
  });

  it('spends the spread tolerance, and only it, to unstack them', () => {
    // Newcomers 0 and 1: the smallest gap (0) keeps them together; the best split separating them has gap 8.
    const rates = [1500, 1500, 1580, 1440, 1430, 1450, 1530, 1590, 1410, 1430];
    const players = rates.map((rate, i) => ({ rate, roles: [] as Role[], uncertain: i < 2 }));
    const stacked = chooseSplit(players, { gap: 5, spread: 5 });
    expect(stacked.gap).toBe(0);
    expect(stacked.unevenness).toBe(2);
    const spread = chooseSplit(players, { gap: 5, spread: 15 });
    expect(spread.unevenness).toBe(0);
    expect(spread.gap).toBe(8);
    expect(chooseSplit(players, { gap: 5, spread: 7.9 }).gap).toBe(0);
  });

  it('never puts a player off-role to spread newcomers', () => {
    // Pairs by role: role-perfect splits separate each pair; newcomers 0 and 1 are both TOP, so any role-perfect
    // split separates them already. Newcomers 2 and 4 (MID and BOT) then end up apart only if the gap allows.
    const pairRoles = [TOP, TOP, MID, MID, BOT, BOT, SUP, SUP, TANK, TANK] as Role[];
    const rates = [1500, 1480, 1510, 1490, 1480, 1500, 1510, 1510, 1480, 1480];
    const players = rates.map((rate, i) => ({ rate, roles: [pairRoles[i] as Role], uncertain: [2, 4, 6].includes(i) }));
    const choice = chooseSplit(players, { gap: 5, spread: 200 });
    expect(choice.roleCost).toBe(0);
    expect(choice.unevenness).toBe(1);
  });

  it('changes nothing when there are no newcomers', () => {
    const rates = [1500, 1480, 1510, 1490, 1480, 1500, 1510, 1510, 1480, 1480];
    const bare = rates.map((rate) => ({ rate, roles: [] as Role[] }));
    const flagged = rates.map((rate) => ({ rate, roles: [] as Role[], uncertain: false }));
    expect(chooseSplit(flagged, { gap: 5, spread: 15 })).toEqual(chooseSplit(bare, 5));
  });

  it('runWave reports how evenly each match spreads them', () => {
    const entries = ROLES.flatMap((role, r) => [
      { ...entry(`${role}-a`, 1500, [role], 600 - r), uncertain: r < 2 },
      { ...entry(`${role}-b`, 1500, [role], 300 - r), uncertain: r < 2 },
    ]);
    const [match] = runWave(entries, NOW).matches;
    expect(match?.uncertain_unevenness).toBe(0);
  });
});

describe('runWave golden cases', () => {
  it('matches ten players two per role into teams with everyone in their first choice', () => {
    const entries = ROLES.flatMap((role, r) => [
      entry(`${role}-a`, 1500 + r * 10, [role], 600 - r),
      entry(`${role}-b`, 1500 + r * 10, [role], 300 - r),
    ]);
    const { matches, metrics, waiting } = runWave(entries, NOW);
    expect(matches).toHaveLength(1);
    expect(waiting).toHaveLength(0);
    const [match] = matches;
    if (!match) throw new Error('no match');
    expect(match.team_gap).toBe(0);
    expect(match.team_a.players.map((p) => p.role)).toEqual([...ROLES]);
    expect(match.team_b.players.map((p) => p.role)).toEqual([...ROLES]);
    expect([...match.team_a.players, ...match.team_b.players].every((p) => p.first_choice)).toBe(true);
    expect(metrics.first_choice_share).toBe(1);
    expect(metrics.preferred_role_share).toBe(1);
    // The longest-waiting player (TOP_LANE-a, 600 s) is the anchor and in team A.
    expect(match.anchor_user_id).toBe('TOP_LANE-a');
    expect(match.team_a.players.some((p) => p.user_id === 'TOP_LANE-a')).toBe(true);
  });

  it('gives first attack to the lower-average team and the host to its highest-rated player', () => {
    // Ten players whose best split is uneven: 1000 + 9 × 1001 → teams sum 5004 vs 5005.
    const entries = [
      entry('anchor', 1000, [], 100),
      ...Array.from({ length: 9 }, (_, i) => entry(`p${i}`, 1001, [], i)),
    ];
    const [match] = runWave(entries, NOW).matches;
    if (!match) throw new Error('no match');
    expect(match.team_a.average_rate).toBeLessThan(match.team_b.average_rate);
    expect(match.first_attack).toBe('A');
    // Highest rate in team A is 1001 (four players); tie → the longest waiting of them (largest age = smallest joined_at).
    const candidates = match.team_a.players.filter((p) => p.rate === 1001);
    const longest = candidates.reduce((a, b) => (a.wait_seconds >= b.wait_seconds ? a : b));
    expect(match.host_user_id).toBe(longest.user_id);
  });

  it('does not match an anchor with fewer than 9 others in the window, but matches them once it widens', () => {
    // The anchor waited longest; 9 others sit 230 points above: outside ±200, inside ±400 (one missed wave).
    const others = Array.from({ length: 9 }, (_, i) => entry(`o${i}`, 1730, [], 10));
    const first = runWave([entry('anchor', 1500, [], 600), ...others], NOW);
    expect(first.matches).toHaveLength(0);
    expect(first.metrics.left_waiting).toBe(10);
    // Nine others are within each other's windows but not ten of them: nobody else can form a match either.
    const next = runWave(first.waiting, NOW + 120);
    expect(next.matches).toHaveLength(1);
    expect(next.matches[0]?.anchor_user_id).toBe('anchor');
    expect(next.matches[0]?.window).toEqual({ min: 1100, max: 1900, half_width: 400 });
  });

  it('returns the waiting players with one more missed wave, longest waiting first', () => {
    const entries = [entry('b', 1500, [], 10, 2), entry('a', 1500, [], 20, 0)];
    const { waiting, metrics, matches } = runWave(entries, NOW);
    expect(matches).toHaveLength(0);
    expect(waiting.map((w) => [w.user_id, w.waves_missed])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    expect(metrics).toMatchObject({ candidates: 2, matched: 0, left_waiting: 2, matches: 0, mean_team_gap: null });
  });

  it('counts a duplicated user_id once', () => {
    const entries = Array.from({ length: 10 }, (_, i) => entry(`p${i}`, 1500 + i, [], 100 - i));
    const { matches, metrics } = runWave([...entries, entry('p3', 1500, [], 5)], NOW);
    expect(metrics.candidates).toBe(10);
    expect(matches).toHaveLength(1);
  });

  it('reports metrics per match and per player', () => {
    const entries = Array.from({ length: 23 }, (_, i) =>
      entry(`p${i}`, 1400 + 10 * i, [ROLES[i % 5] as Role], 1000 - i * 10, i % 3),
    );
    const { matches, metrics } = runWave(entries, NOW);
    expect(matches).toHaveLength(2);
    expect(metrics.candidates).toBe(23);
    expect(metrics.matched).toBe(20);
    expect(metrics.left_waiting).toBe(3);
    expect(metrics.per_match).toHaveLength(2);
    expect(metrics.waits).toHaveLength(20);
    expect(metrics.waits.find((w) => w.user_id === 'p0')).toEqual({
      user_id: 'p0',
      wait_seconds: 1000,
      waves_missed: 0,
    });
    for (const [i, m] of matches.entries()) {
      expect(metrics.per_match[i]?.team_gap).toBe(m.team_gap);
      expect(metrics.per_match[i]?.rating_spread).toBe(m.rating_spread);
    }
  });

  it('falls back to a nearer group when covering the roles would make the teams lopsided', () => {
    // Near the anchor (1500): 6 MIDDLE-only players and one each of TOP_LANE, BOTTOM_LANE, SUPPORT. 190 points
    // above (inside ±200): TOP_LANE, BOTTOM_LANE, SUPPORT and two TANK. Covering every role takes 5 near + 5 far
    // players → no split does better than a 38-point gap; the 10 nearest are even but 5 of them play off-role.
    const near = [
      ...Array.from({ length: 6 }, (_, i) => entry(`mid${i}`, 1500 + (i % 3), [MID as Role], 100)),
      ...[TOP, BOT, SUP].map((role) => entry(`near-${role}`, 1501, [role as Role], 100)),
    ];
    const far = [TOP, BOT, SUP, TANK, TANK].map((role, i) => entry(`far${i}`, 1690, [role as Role], 100));
    const entries = [entry('anchor', 1500, [MID as Role], 900), ...near, ...far];
    // Default: 1 off-role player weighs 5 gap points, so 33 points beyond the tolerance (≈ 6.6 players) lose to 5.
    const [even] = runWave(entries, NOW).matches;
    expect(even?.rating_spread).toBeLessThanOrEqual(2);
    expect(even?.team_gap).toBeLessThanOrEqual(1);
    // Weighing an off-role player as 50 gap points keeps the role-covering (lopsided) group instead.
    const [lopsided] = runWave(entries, NOW, { gapPointsPerOffRole: 50 }).matches;
    expect(lopsided?.team_gap).toBeGreaterThan(35);
    const players = [...(lopsided?.team_a.players ?? []), ...(lopsided?.team_b.players ?? [])];
    expect(players.every((p) => p.preferred)).toBe(true);
  });

  it('cuts the players into tens of rating neighbours, whatever their waiting order', () => {
    // Rates 1000…1019 with waiting times unrelated to rate: the tens are 1000–1009 and 1010–1019.
    const entries = Array.from({ length: 20 }, (_, i) => entry(`p${i}`, 1000 + i, [], 100 + ((i * 7) % 20) * 10));
    const { matches, waiting } = runWave(entries, NOW);
    expect(waiting).toHaveLength(0);
    const tens = matches.map((m) =>
      [...m.team_a.players, ...m.team_b.players].map((p) => p.rate).sort((a, b) => a - b),
    );
    tens.sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(tens).toEqual([
      Array.from({ length: 10 }, (_, i) => 1000 + i),
      Array.from({ length: 10 }, (_, i) => 1010 + i),
    ]);
    for (const m of matches) expect(m.rating_spread).toBe(9);
    // Each match is anchored on its longest-waiting member.
    for (const m of matches) {
      const members = [...m.team_a.players, ...m.team_b.players];
      const longest = members.reduce((a, b) => (b.wait_seconds > a.wait_seconds ? b : a));
      expect(m.anchor_user_id).toBe(longest.user_id);
    }
  });

  it('swaps equal-rated players between tens so that everybody gets their first choice', () => {
    // Twenty players of the same rate, four per role, listed so that the first ten in priority order hold four TOP,
    // four MIDDLE and two BOTTOM_LANE players: only a different cut gives every role twice to each ten.
    const order = [
      TOP,
      TOP,
      TOP,
      TOP,
      MID,
      MID,
      MID,
      MID,
      BOT,
      BOT,
      BOT,
      BOT,
      SUP,
      SUP,
      SUP,
      SUP,
      TANK,
      TANK,
      TANK,
      TANK,
    ];
    const entries = order.map((role, i) => entry(`p${i}`, 1500, [role as Role], 1000 - i));
    const { matches, metrics } = runWave(entries, NOW);
    expect(matches).toHaveLength(2);
    expect(metrics.first_choice_share).toBe(1);
    for (const m of matches) {
      expect(m.team_gap).toBe(0);
      expect(m.rating_spread).toBe(0);
    }
  });

  it('leaves the latest arrivals waiting when the count is not a multiple of ten', () => {
    const entries = Array.from({ length: 13 }, (_, i) => entry(`p${i}`, 1500, [], 1000 - 10 * i));
    const { matches, waiting } = runWave(entries, NOW);
    expect(matches).toHaveLength(1);
    expect(waiting.map((w) => w.user_id)).toEqual(['p10', 'p11', 'p12']);
  });

  it('with as many matches either way, prefers the tighter match to leaving exactly the latest arrivals out', () => {
    // Rates 1500–1503 in turn: leaving the three latest arrivals out gives a spread of 3; the anchor-by-anchor plan
    // (the anchor at 1500 takes the nine nearest) leaves the three at 1503 waiting and has a spread of 2.
    const entries = Array.from({ length: 13 }, (_, i) => entry(`p${i}`, 1500 + (i % 4), [], 1000 - 10 * i));
    const { matches, waiting } = runWave(entries, NOW);
    expect(matches).toHaveLength(1);
    expect(matches[0]?.rating_spread).toBe(2);
    expect(waiting.map((w) => w.user_id)).toEqual(['p3', 'p7', 'p11']);
  });

  it('keeps the anchor-by-anchor plan when leaving the latest arrivals out would mix two rating levels', () => {
    // Ten players at 1500 (five of them the latest arrivals) and five at 1690 who arrived in between. Leaving the
    // five latest out would match 5 × 1500 with 5 × 1690 (spread 190, gap ≥ 38); the anchor (1500, longest waiting)
    // takes the other nine at 1500 instead, the same number of matches with a far smaller spread.
    const entries = [
      ...Array.from({ length: 5 }, (_, i) => entry(`old${i}`, 1500, [], 900 - i)),
      ...Array.from({ length: 5 }, (_, i) => entry(`mid${i}`, 1690, [], 500 - i)),
      ...Array.from({ length: 5 }, (_, i) => entry(`new${i}`, 1500, [], 100 - i)),
    ];
    const { matches, waiting } = runWave(entries, NOW);
    expect(matches).toHaveLength(1);
    expect(matches[0]?.rating_spread).toBe(0);
    expect(waiting.map((w) => w.user_id).sort()).toEqual(['mid0', 'mid1', 'mid2', 'mid3', 'mid4']);
  });

  it('never forms a ten that does not fit in its anchor window', () => {
    // Sorted and cut, the first ten would be 9 × 1000 + the anchor at 1300 (window 1100–1500): not allowed. The
    // anchor takes nine others at 1300; the players at 1000 have only 9 in their window (fewer than 10 in all).
    const entries = [
      entry('anchor', 1300, [], 900),
      ...Array.from({ length: 10 }, (_, i) => entry(`high${i}`, 1300, [], 500 - i)),
      ...Array.from({ length: 9 }, (_, i) => entry(`low${i}`, 1000, [], 400 - i)),
    ];
    const { matches, waiting } = runWave(entries, NOW);
    expect(matches).toHaveLength(1);
    expect(matches[0]?.anchor_user_id).toBe('anchor');
    expect(matches[0]?.rating_spread).toBe(0);
    expect(waiting).toHaveLength(10);
  });

  it('accepts partial config overrides', () => {
    const others = Array.from({ length: 9 }, (_, i) => entry(`o${i}`, 1620, [], 10));
    const entries = [entry('anchor', 1500, [], 600), ...others];
    expect(runWave(entries, NOW).matches).toHaveLength(1);
    expect(runWave(entries, NOW, { windowBase: 100 }).matches).toHaveLength(0);
    expect(() => runWave(entries, NOW, { poolSize: 3 })).toThrow(RangeError);
    expect(() => runWave([...entries, entry('bad', Number.NaN)], NOW)).toThrow(RangeError);
  });
});

describe('rule text', () => {
  it('describes the default numbers in Japanese and English', () => {
    expect(MATCHMAKING_RULE_JA).toContain(`±${DEFAULT_MATCHMAKING_CONFIG.windowBase}`);
    expect(MATCHMAKING_RULE_JA).toContain(`±${DEFAULT_MATCHMAKING_CONFIG.windowStepPerWave}`);
    expect(MATCHMAKING_RULE_JA).toContain('先攻');
    expect(MATCHMAKING_RULE_EN).toContain('attacks first');
    expect(MATCHMAKING_RULE_JA).toContain('マッチしなかったウェーブが3回（約6分）');
    expect(describeMatchmakingRule({ ...DEFAULT_MATCHMAKING_CONFIG, avoidYieldAfterWaves: 5 }).en).toContain(
      'missed 5 waves (about 10 minutes)',
    );
    expect(describeMatchmakingRule({ ...DEFAULT_MATCHMAKING_CONFIG, windowBase: 300 }).ja).toContain('±300');
  });
});
