// Property tests over many seeded random queues (no extra libraries): every invariant of a wave.
import { ROLES, type Role } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCHMAKING_CONFIG,
  type Match,
  type MatchmakingConfig,
  runWave,
  type WaitingEntry,
  type WaveResult,
} from '../src/matchmaking/index.ts';
import { mulberry32 } from '../src/matchmaking/rng.ts';
import { OFF_ROLE_COST, roleCost } from '../src/matchmaking/roles.ts';
import { PERMUTATIONS, SPLITS } from '../src/matchmaking/splits.ts';
import { chooseSplit } from '../src/matchmaking/teams.ts';

const NOW = 1_767_600_000;
const QUEUES = 150;

function randomQueue(rand: () => number): WaitingEntry[] {
  const size = Math.floor(rand() * 260);
  // Narrow and wide rating spreads so that windows sometimes bind and sometimes don't.
  const sd = [30, 150, 400][Math.floor(rand() * 3)] as number;
  const out: WaitingEntry[] = [];
  for (let i = 0; i < size; i++) {
    const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    const pool = [...ROLES] as Role[];
    const roles: Role[] = [];
    const count = Math.floor(rand() * 6);
    for (let k = 0; k < count; k++) roles.push(pool.splice(Math.floor(rand() * pool.length), 1)[0] as Role);
    out.push({
      user_id: `u${i}`,
      // Coarse rates so that ties happen.
      rate: Math.round((1500 + sd * normal) / 5) * 5,
      roles,
      // Coarse join times so that equal waits happen too.
      joined_at: NOW - Math.floor(rand() * 60) * 20,
      waves_missed: Math.floor(rand() * 6),
    });
  }
  return out;
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const halfWidth = (e: WaitingEntry, cfg: MatchmakingConfig): number =>
  cfg.windowBase + cfg.windowStepPerWave * e.waves_missed;

/** Priority as documented: earlier joined_at first, then more waves missed (then a seeded tie-break). */
const waitsLonger = (a: WaitingEntry, b: WaitingEntry): boolean =>
  a.joined_at < b.joined_at || (a.joined_at === b.joined_at && a.waves_missed >= b.waves_missed);

/** Strictly longer: an earlier join, or the same second and more waves missed (exact ties are a coin toss). */
const waitsStrictlyLonger = (a: WaitingEntry, b: WaitingEntry): boolean =>
  a.joined_at < b.joined_at || (a.joined_at === b.joined_at && a.waves_missed > b.waves_missed);

const membersOf = (m: Match) => [...m.team_a.players, ...m.team_b.players];

function checkWave(queue: readonly WaitingEntry[], result: WaveResult, cfg: MatchmakingConfig): void {
  // The engine keeps the highest-priority occurrence of a duplicated user_id (our duplicates join later).
  const byId = new Map<string, WaitingEntry>();
  for (const e of queue) if (!byId.has(e.user_id)) byId.set(e.user_id, e);
  const seen = new Set<string>();
  // Per-player checks collect violations (one expect per wave keeps thousands of queues fast).
  const violations: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) violations.push(what);
  };
  const avg = (ps: { rate: number }[]) => ps.reduce((s, p) => s + p.rate, 0) / ps.length;
  for (const m of result.matches) {
    const tag = `match of ${m.anchor_user_id}`;
    // 5 + 5, ten distinct players, nobody in two matches.
    check(m.team_a.players.length === 5 && m.team_b.players.length === 5, `${tag}: not 5 + 5`);
    const ids = membersOf(m).map((p) => p.user_id);
    check(new Set(ids).size === 10, `${tag}: not 10 distinct players`);
    for (const id of ids) {
      check(!seen.has(id), `${id} in two matches`);
      seen.add(id);
    }
    // Each team covers the five roles.
    check(new Set(m.team_a.players.map((p) => p.role)).size === 5, `${tag}: team A roles`);
    check(new Set(m.team_b.players.map((p) => p.role)).size === 5, `${tag}: team B roles`);
    // The anchor is the member who waits longest, it is in team A and everybody lies in its window.
    const anchor = byId.get(m.anchor_user_id) as WaitingEntry;
    for (const p of membersOf(m).filter((member) => member.user_id !== anchor.user_id)) {
      check(
        !waitsStrictlyLonger(byId.get(p.user_id) as WaitingEntry, anchor),
        `${tag}: ${p.user_id} waits longer than the anchor`,
      );
    }
    check(
      m.team_a.players.some((p) => p.user_id === anchor.user_id),
      `${tag}: anchor not in team A`,
    );
    const half = halfWidth(anchor, cfg);
    check(
      m.window.min === anchor.rate - half && m.window.max === anchor.rate + half && m.window.half_width === half,
      `${tag}: window`,
    );
    for (const p of membersOf(m)) {
      const e = byId.get(p.user_id) as WaitingEntry;
      check(Math.abs(e.rate - anchor.rate) <= half, `${tag}: ${p.user_id} outside the window`);
      // Player records agree with the input and with the role flags.
      check(p.rate === e.rate && p.wait_seconds === NOW - e.joined_at, `${tag}: ${p.user_id} rate/wait`);
      check(p.waves_missed === e.waves_missed, `${tag}: ${p.user_id} waves`);
      check(p.preferred === (e.roles.length === 0 || e.roles.includes(p.role)), `${tag}: ${p.user_id} preferred`);
      check(p.first_choice === (e.roles.length === 0 || e.roles[0] === p.role), `${tag}: ${p.user_id} first`);
      check(
        p.preference_rank === (e.roles.includes(p.role) ? e.roles.indexOf(p.role) : null),
        `${tag}: ${p.user_id} rank`,
      );
    }
    // Averages, gap, spread.
    check(Math.abs(m.team_a.average_rate - avg(m.team_a.players)) < 1e-9, `${tag}: average A`);
    check(Math.abs(m.team_b.average_rate - avg(m.team_b.players)) < 1e-9, `${tag}: average B`);
    check(Math.abs(m.team_gap - Math.abs(m.team_a.average_rate - m.team_b.average_rate)) < 1e-9, `${tag}: gap`);
    const rates = membersOf(m).map((p) => p.rate);
    check(m.rating_spread === Math.max(...rates) - Math.min(...rates), `${tag}: spread`);
    // First attack: the lower-average team (tie: team A). Host: highest-rated player of that team.
    check(m.first_attack === (m.team_b.average_rate < m.team_a.average_rate ? 'B' : 'A'), `${tag}: first attack`);
    const firstTeam = m.first_attack === 'A' ? m.team_a : m.team_b;
    const host = firstTeam.players.find((p) => p.user_id === m.host_user_id);
    check(host?.rate === Math.max(...firstTeam.players.map((p) => p.rate)), `${tag}: host`);
  }

  // Waiting = everyone not matched, one more missed wave, longest waiting first.
  for (const w of result.waiting) {
    check(!seen.has(w.user_id), `${w.user_id} both matched and waiting`);
    check(w.waves_missed === (byId.get(w.user_id) as WaitingEntry).waves_missed + 1, `${w.user_id} waves_missed`);
  }
  for (let i = 1; i < result.waiting.length; i++) {
    const [a, b] = [byId.get(result.waiting[i - 1]?.user_id ?? ''), byId.get(result.waiting[i]?.user_id ?? '')];
    check(waitsLonger(a as WaitingEntry, b as WaitingEntry), `waiting order at ${i}`);
  }

  // Nobody is skipped while a match was possible: a player left waiting has fewer than 9 other *left-waiting*
  // players who wait less than them in their window (those were unmatched when the player's turn as anchor came; a
  // player who waits longer can only be in a match anchored on themself, in their own window).
  const left = result.waiting.map((w) => byId.get(w.user_id) as WaitingEntry);
  for (const p of left) {
    const half = halfWidth(p, cfg);
    const inWindow = left.filter((o) => o !== p && waitsLonger(p, o) && Math.abs(o.rate - p.rate) <= half).length;
    check(inWindow < 9, `${p.user_id} left waiting with ${inWindow} waiting players in the window`);
  }
  expect(violations).toEqual([]);

  // Tens of rating neighbours: the matched players sorted by rate and cut into tens give the smallest total spread.
  // Whenever every such ten lies within the base window (so that any member may anchor it), the matches are exactly
  // those tens (compared as sorted lists of rates).
  const byRates = (x: number[], y: number[]): number => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return 0;
  };
  const matchedRates = result.matches.flatMap((m) => membersOf(m).map((p) => p.rate)).sort((a, b) => a - b);
  const cut: number[][] = [];
  for (let i = 0; i < matchedRates.length; i += 10) cut.push(matchedRates.slice(i, i + 10));
  if (cut.every((ten) => (ten[9] as number) - (ten[0] as number) <= cfg.windowBase)) {
    const tens = result.matches.map((m) =>
      membersOf(m)
        .map((p) => p.rate)
        .sort((a, b) => a - b),
    );
    expect(tens.sort(byRates)).toEqual(cut);
  }

  // Metrics consistent with matches.
  const distinct = new Set(queue.map((e) => e.user_id)).size;
  const { metrics } = result;
  expect(metrics.candidates).toBe(distinct);
  expect(metrics.candidates).toBe(metrics.matched + metrics.left_waiting);
  expect(metrics.matched).toBe(10 * result.matches.length);
  expect(metrics.matches).toBe(result.matches.length);
  expect(metrics.left_waiting).toBe(result.waiting.length);
  expect(metrics.per_match.map((q) => q.team_gap)).toEqual(result.matches.map((m) => m.team_gap));
  expect(metrics.per_match.map((q) => q.rating_spread)).toEqual(result.matches.map((m) => m.rating_spread));
  expect(metrics.waits.map((w) => w.user_id).sort()).toEqual([...seen].sort());
  const players = result.matches.flatMap(membersOf);
  if (players.length > 0) {
    expect(metrics.preferred_role_share).toBeCloseTo(players.filter((p) => p.preferred).length / players.length, 12);
    expect(metrics.first_choice_share).toBeCloseTo(players.filter((p) => p.first_choice).length / players.length, 12);
  } else {
    expect(metrics.preferred_role_share).toBeNull();
  }

  // Longest waiting first: the head of the queue is matched whenever ≥ 9 others lie in their window.
  const head = [...byId.values()].sort((a, b) => a.joined_at - b.joined_at || b.waves_missed - a.waves_missed)[0];
  if (head && result.waiting.length > 0) {
    const ties = [...byId.values()].filter(
      (e) => e.joined_at === head.joined_at && e.waves_missed === head.waves_missed,
    );
    // With an exact tie for the head, the seeded tie-break decides; check the unique-head case only.
    if (ties.length === 1) {
      const others = [...byId.values()].filter(
        (o) => o !== head && Math.abs(o.rate - head.rate) <= halfWidth(head, cfg),
      );
      if (others.length >= 9) expect(seen.has(head.user_id)).toBe(true);
    }
  }
}

describe('runWave properties over random queues', () => {
  it('keeps every invariant', () => {
    const rand = mulberry32(20260105);
    const cfg = DEFAULT_MATCHMAKING_CONFIG;
    let totalMatches = 0;
    for (let i = 0; i < QUEUES; i++) {
      const queue = randomQueue(rand);
      const result = runWave(queue, NOW);
      checkWave(queue, result, cfg);
      totalMatches += result.matches.length;
    }
    // The generator must actually exercise matching.
    expect(totalMatches).toBeGreaterThan(QUEUES);
  });

  it('keeps every invariant with other configs and duplicated user ids', () => {
    const rand = mulberry32(7);
    for (let i = 0; i < 40; i++) {
      const cfg: MatchmakingConfig = {
        ...DEFAULT_MATCHMAKING_CONFIG,
        windowBase: [20, 100, 200][i % 3] as number,
        windowStepPerWave: [0, 25, 80][i % 3] as number,
        gapTolerance: [0, 5, 20][(i >> 1) % 3] as number,
        poolSize: [9, 12, 24][i % 3] as number,
        maxPoolSize: [9, 40, 200][i % 3] as number,
        seed: i,
      };
      const base = randomQueue(rand);
      const queue = [...base, ...base.slice(0, 5).map((e) => ({ ...e, joined_at: e.joined_at + 1 }))];
      checkWave(queue, runWave(queue, NOW, cfg), cfg);
    }
  });

  it('is deterministic for a seed and independent of input order', () => {
    const rand = mulberry32(99);
    for (let i = 0; i < 20; i++) {
      const queue = randomQueue(rand);
      const seed = i * 31;
      const a = runWave(queue, NOW, { seed });
      expect(runWave(queue, NOW, { seed })).toEqual(a);
      expect(runWave(shuffled(queue, rand), NOW, { seed })).toEqual(a);
    }
  });

  it('chooseSplit is optimal against a brute force over splits and role permutations', () => {
    const rand = mulberry32(12345);
    const bruteTeamCost = (team: { roles: readonly Role[] }[]): number =>
      Math.min(
        ...PERMUTATIONS.map((perm) =>
          team.reduce((s, p, j) => s + roleCost(p.roles, ROLES[perm[j] as number] as Role), 0),
        ),
      );
    for (let i = 0; i < 60; i++) {
      const tolerance = [0, 5, 15][i % 3] as number;
      const players = Array.from({ length: 10 }, () => {
        const pool = [...ROLES] as Role[];
        const roles: Role[] = [];
        const count = Math.floor(rand() * 4);
        for (let k = 0; k < count; k++) roles.push(pool.splice(Math.floor(rand() * pool.length), 1)[0] as Role);
        return { rate: 1400 + Math.floor(rand() * 200), roles };
      });
      const total = players.reduce((s, p) => s + p.rate, 0);
      const all: { gap: number; cost: number }[] = [];
      for (let mask = 1; mask < 1024; mask += 2) {
        let bits = 0;
        for (let b = 0; b < 10; b++) bits += (mask >> b) & 1;
        if (bits !== 5) continue;
        const a = players.filter((_, k) => mask & (1 << k));
        const b = players.filter((_, k) => !(mask & (1 << k)));
        const sumA = a.reduce((s, p) => s + p.rate, 0);
        all.push({ gap: Math.abs(2 * sumA - total) / 5, cost: bruteTeamCost(a) + bruteTeamCost(b) });
      }
      expect(all).toHaveLength(126);
      // Within the tolerance: fewest off-role players, then the smallest gap, then the best ranks.
      const minGap = Math.min(...all.map((s) => s.gap));
      const inTolerance = all.filter((s) => s.gap <= minGap + tolerance + 1e-9);
      const offRole = (s: { cost: number }) => Math.floor(s.cost / OFF_ROLE_COST);
      const fewestOff = Math.min(...inTolerance.map(offRole));
      const bestGap = Math.min(...inTolerance.filter((s) => offRole(s) === fewestOff).map((s) => s.gap));
      const bestCost = Math.min(
        ...inTolerance.filter((s) => offRole(s) === fewestOff && s.gap <= bestGap + 1e-9).map((s) => s.cost),
      );
      const choice = chooseSplit(players, tolerance);
      expect(choice.gap).toBeCloseTo(bestGap, 9);
      expect(choice.roleCost).toBe(bestCost);
      // The tolerance is only spent to put more players in a preferred role.
      if (fewestOff === Math.min(...all.filter((s) => s.gap <= minGap + 1e-9).map(offRole))) {
        expect(choice.gap).toBeCloseTo(minGap, 9);
      }
      const teamCost = (members: number[], roles: number[]) =>
        members.reduce(
          (s, m, j) => s + roleCost((players[m] as { roles: Role[] }).roles, ROLES[roles[j] as number] as Role),
          0,
        );
      expect(teamCost(choice.teamA, choice.rolesA) + teamCost(choice.teamB, choice.rolesB)).toBe(bestCost);
      expect(new Set(choice.rolesA).size).toBe(5);
      expect(new Set(choice.rolesB).size).toBe(5);
    }
  });

  it('chooseSplit spreads uncertain players as its rule says, against a brute force', () => {
    const rand = mulberry32(4242);
    const tolerance = { gap: 5, spread: 15 };
    for (let i = 0; i < 200; i++) {
      const uncertainCount = Math.floor(rand() * 6);
      const players = Array.from({ length: 10 }, (_, k) => {
        const roles = rand() < 0.5 ? [] : [ROLES[Math.floor(rand() * 5)] as Role];
        return { rate: 1450 + Math.floor(rand() * 100), roles, uncertain: k < uncertainCount };
      });
      const total = players.reduce((sum, p) => sum + p.rate, 0);
      const all: { gap: number; cost: number; off: number; uneven: number }[] = [];
      for (const split of SPLITS) {
        const team = (ids: readonly number[]) => ids.map((k) => players[k]!);
        const cost = (ids: readonly number[]) =>
          Math.min(
            ...PERMUTATIONS.map((perm) =>
              team(ids).reduce((sum, p, j) => sum + roleCost(p.roles, ROLES[perm[j] as number] as Role), 0),
            ),
          );
        const sumA = team(split.a).reduce((sum, p) => sum + p.rate, 0);
        const c = cost(split.a) + cost(split.b);
        const inA = split.a.filter((k) => k < uncertainCount).length;
        all.push({
          gap: Math.abs(2 * sumA - total) / 5,
          cost: c,
          off: Math.floor(c / OFF_ROLE_COST),
          uneven: Math.abs(2 * inA - uncertainCount),
        });
      }
      type Row = (typeof all)[number];
      const byKeys = (keys: ((r: Row) => number)[]) => (x: Row, y: Row) => {
        for (const key of keys) if (key(x) !== key(y)) return key(x) - key(y);
        return 0;
      };
      const minGap = Math.min(...all.map((r) => r.gap));
      const first = all
        .filter((r) => r.gap <= minGap + tolerance.gap + 1e-9)
        .sort(byKeys([(r) => r.off, (r) => r.uneven, (r) => r.gap, (r) => r.cost]))[0]!;
      let expected = first;
      if (first.uneven > 1) {
        const wider = all
          .filter((r) => r.gap <= minGap + tolerance.spread + 1e-9 && r.off <= first.off)
          .sort(byKeys([(r) => r.uneven, (r) => r.off, (r) => r.gap, (r) => r.cost]))[0]!;
        if (wider.uneven < first.uneven) expected = wider;
      }
      const choice = chooseSplit(players, tolerance);
      expect(choice.unevenness).toBe(expected.uneven);
      expect(choice.gap).toBeCloseTo(expected.gap, 9);
      expect(choice.roleCost).toBe(expected.cost);
    }
  });
});
