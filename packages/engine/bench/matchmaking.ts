// Matchmaking benchmark: `npm run bench:matchmaking`.
// Synthetic queues of 1,000 / 10,000 / 50,000 players; the engine against a naive baseline in the same run.
// Prints the median time per wave and the quality metrics side by side, then PASS/FAIL against the targets:
// 10,000 players ≤ 200 ms per wave; ≥ 90 % of matches with team gap ≤ 7, ≥ 99 % ≤ 25; ≥ 95 % in a preferred role;
// and the engine at least as good as the naive baseline on every quality metric (all rows but the time).
// Then the avoid lists: the same engine on the same queues with and without 10 % of the players avoiding their 3
// nearest-rated players (every pair active), and PASS/FAIL on "no avoid pair shares a match".
// Then the newcomers (issue 33, item 5): 15 % of the players new at the start rate, matched without and with their
// uncertainty known to the engine; PASS/FAIL on "stacked matches fall" and "gaps, roles and waits no worse".
import { performance } from 'node:perf_hooks';
import { INITIAL_RATE, ROLES } from '@rankmatch/shared';
import { DEFAULT_MATCHMAKING_CONFIG } from '../src/matchmaking/config.ts';
import { matchPlayers } from '../src/matchmaking/metrics.ts';
import type { Match, WaitingEntry } from '../src/matchmaking/types.ts';
import { runWave } from '../src/matchmaking/wave.ts';
import { naiveWave } from './baseline.ts';
import { syntheticQueue, withAvoids, withNewcomers } from './queue.ts';

const SIZES = [1_000, 10_000, 50_000];
const RUNS = 7;
const NOW = 1_767_571_200; // 2026-01-05 09:00 JST (arbitrary fixed time)
const TIME_TARGET_SIZE = 10_000;
const TIME_TARGET_MS = 200;
const GAP7_TARGET = 0.9;
const GAP25_TARGET = 0.99;
const PREFERRED_TARGET = 0.95;

interface Quality {
  ms: number;
  matches: number;
  matched: number;
  gap7: number;
  gap25: number;
  meanGap: number;
  maxGap: number;
  meanSpread: number;
  maxSpread: number;
  preferred: number;
  firstChoice: number;
  leftWaiting: number;
  /** Longest wait (seconds) among the players left waiting; 0 when nobody is left. */
  longestLeft: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function quality(queue: readonly WaitingEntry[], matches: readonly Match[], ms: number): Quality {
  const players = matches.flatMap(matchPlayers);
  const share = (count: number, of: number): number => (of === 0 ? 0 : count / of);
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const matchedIds = new Set(players.map((p) => p.user_id));
  const left = queue.filter((e) => !matchedIds.has(e.user_id));
  return {
    ms,
    matches: matches.length,
    matched: players.length,
    gap7: share(matches.filter((m) => m.team_gap <= 7).length, matches.length),
    gap25: share(matches.filter((m) => m.team_gap <= 25).length, matches.length),
    meanGap: share(sum(matches.map((m) => m.team_gap)), matches.length),
    maxGap: Math.max(0, ...matches.map((m) => m.team_gap)),
    meanSpread: share(sum(matches.map((m) => m.rating_spread)), matches.length),
    maxSpread: Math.max(0, ...matches.map((m) => m.rating_spread)),
    preferred: share(players.filter((p) => p.preferred).length, players.length),
    firstChoice: share(players.filter((p) => p.first_choice).length, players.length),
    leftWaiting: left.length,
    longestLeft: Math.max(0, ...left.map((e) => NOW - e.joined_at)),
  };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  let value = fn(); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    value = fn();
    times.push(performance.now() - t0);
  }
  return { value, ms: median(times) };
}

/** First-choice shares per role and the share of players listing each role at all (the mix the engine works with). */
function describeMix(queue: readonly WaitingEntry[]): string {
  const none = queue.filter((e) => e.roles.length === 0).length / queue.length;
  const parts = ROLES.map((role) => {
    const first = queue.filter((e) => e.roles[0] === role).length / queue.length;
    const listed = queue.filter((e) => e.roles.includes(role)).length / queue.length;
    return `${role} ${(100 * first).toFixed(0)}/${(100 * listed).toFixed(0)}`;
  });
  return `first/listed % — ${parts.join(', ')}; no preference ${(100 * none).toFixed(0)} %`;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
/** label, format, and for quality rows the comparison: +1 = higher is better, −1 = lower is better. */
const rows: [string, (q: Quality) => string, ((q: Quality) => number)?, (1 | -1)?][] = [
  ['time per wave (median ms)', (q) => q.ms.toFixed(1)],
  ['matches', (q) => String(q.matches), (q) => q.matches, 1],
  ['matched players', (q) => String(q.matched), (q) => q.matched, 1],
  ['% matches gap ≤ 7', (q) => pct(q.gap7), (q) => q.gap7, 1],
  ['% matches gap ≤ 25', (q) => pct(q.gap25), (q) => q.gap25, 1],
  ['mean team gap', (q) => q.meanGap.toFixed(3), (q) => q.meanGap, -1],
  ['max team gap', (q) => q.maxGap.toFixed(1), (q) => q.maxGap, -1],
  ['mean rating spread', (q) => q.meanSpread.toFixed(2), (q) => q.meanSpread, -1],
  ['max rating spread', (q) => String(q.maxSpread), (q) => q.maxSpread, -1],
  ['% in preferred role', (q) => pct(q.preferred), (q) => q.preferred, 1],
  ['% in first choice', (q) => pct(q.firstChoice), (q) => q.firstChoice, 1],
  ['players left waiting', (q) => String(q.leftWaiting), (q) => q.leftWaiting, -1],
  ['longest wait left (s)', (q) => (q.leftWaiting === 0 ? '—' : String(q.longestLeft)), (q) => q.longestLeft, -1],
];

const verdicts: string[] = [];
let failed = false;
const check = (ok: boolean, text: string): void => {
  verdicts.push(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  if (!ok) failed = true;
};

for (const size of SIZES) {
  const queue: WaitingEntry[] = syntheticQueue(size, 20260105 + size, NOW);
  const engine = timed(() => runWave(queue, NOW));
  const naive = timed(() => naiveWave(queue, NOW));
  const e = quality(queue, engine.value.matches, engine.ms);
  const b = quality(queue, naive.value, naive.ms);

  console.log(`\n=== ${size.toLocaleString('en-US')} waiting players ===`);
  console.log(`role mix: ${describeMix(queue)}`);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`${''.padEnd(width)} | ${'engine'.padStart(10)} | ${'naive'.padStart(10)}`);
  console.log(`${'-'.repeat(width)}-+-${'-'.repeat(10)}-+-${'-'.repeat(10)}`);
  for (const [label, fmt] of rows)
    console.log(`${label.padEnd(width)} | ${fmt(e).padStart(10)} | ${fmt(b).padStart(10)}`);

  if (size === TIME_TARGET_SIZE)
    check(e.ms <= TIME_TARGET_MS, `${size} players: ${e.ms.toFixed(1)} ms ≤ ${TIME_TARGET_MS} ms`);
  check(e.gap7 >= GAP7_TARGET, `${size} players: ${pct(e.gap7)} of matches gap ≤ 7 (target ≥ ${pct(GAP7_TARGET)})`);
  check(
    e.gap25 >= GAP25_TARGET,
    `${size} players: ${pct(e.gap25)} of matches gap ≤ 25 (target ≥ ${pct(GAP25_TARGET)})`,
  );
  check(
    e.preferred >= PREFERRED_TARGET,
    `${size} players: ${pct(e.preferred)} in a preferred role (target ≥ ${pct(PREFERRED_TARGET)})`,
  );
  // Tiny epsilon: means of non-integer gaps are summed in different orders.
  const worse = rows
    .filter(([, , value, sign]) => value && sign && sign * ((value(e) as number) - (value(b) as number)) < -1e-9)
    .map(([label]) => label);
  check(
    worse.length === 0,
    `${size} players: engine at least as good as the naive baseline on every quality metric${worse.length > 0 ? ` (worse: ${worse.join(', ')})` : ''}`,
  );
}

/** Active avoid pairs of the queue, and those that share a match (must be none). */
function avoidPairs(queue: readonly WaitingEntry[], matches: readonly Match[]): { active: number; together: number } {
  const limit = DEFAULT_MATCHMAKING_CONFIG.avoidYieldAfterWaves;
  const byId = new Map(queue.map((e) => [e.user_id, e]));
  const matchOf = new Map(matches.flatMap((m, i) => matchPlayers(m).map((p) => [p.user_id, i] as const)));
  let active = 0;
  let together = 0;
  for (const e of queue) {
    for (const id of e.avoids ?? []) {
      const other = byId.get(id);
      if (!other || id === e.user_id || e.waves_missed >= limit || other.waves_missed >= limit) continue;
      active++;
      if (matchOf.has(id) && matchOf.get(id) === matchOf.get(e.user_id)) together++;
    }
  }
  return { active, together };
}

const AVOID_SIZES = [205, 1_000, 10_000];
for (const size of AVOID_SIZES) {
  // Missed waves capped below the yield, so that every pair is active: the hardest case.
  const cap = DEFAULT_MATCHMAKING_CONFIG.avoidYieldAfterWaves - 1;
  const plainQueue = syntheticQueue(size, 20260105 + size, NOW).map((e) => ({
    ...e,
    waves_missed: Math.min(e.waves_missed, cap),
  }));
  const avoidQueue = withAvoids(plainQueue, { share: 0.1, count: 3, seed: size, maxWavesMissed: cap });
  const plain = timed(() => runWave(plainQueue, NOW));
  const avoid = timed(() => runWave(avoidQueue, NOW));
  const p = quality(plainQueue, plain.value.matches, plain.ms);
  const a = quality(avoidQueue, avoid.value.matches, avoid.ms);
  const pairs = avoidPairs(avoidQueue, avoid.value.matches);
  console.log(
    `\n=== avoid lists, ${size.toLocaleString('en-US')} players: 10 % avoid their 3 nearest-rated (${pairs.active} active pairs) ===`,
  );
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`${''.padEnd(width)} | ${'no lists'.padStart(10)} | ${'lists'.padStart(10)}`);
  console.log(`${'-'.repeat(width)}-+-${'-'.repeat(10)}-+-${'-'.repeat(10)}`);
  for (const [label, fmt] of rows)
    console.log(`${label.padEnd(width)} | ${fmt(p).padStart(10)} | ${fmt(a).padStart(10)}`);
  console.log(
    `${'pairs sharing a match'.padEnd(width)} | ${'—'.padStart(10)} | ${String(pairs.together).padStart(10)}`,
  );
  check(pairs.together === 0, `${size} players with avoid lists: no active pair shares a match (${pairs.together})`);
}

/** Matches whose newcomers are two or more apart between the teams, and the mean |in A − in B|. */
function stacking(matches: readonly Match[]): { stacked: number; mean: number } {
  const stacked = matches.filter((m) => m.uncertain_unevenness >= 2).length;
  const sum = matches.reduce((s, m) => s + m.uncertain_unevenness, 0);
  return {
    stacked: matches.length === 0 ? 0 : stacked / matches.length,
    mean: matches.length === 0 ? 0 : sum / matches.length,
  };
}

const NEWCOMER_SHARE = 0.15;
// A community's waves are small (tens of players: the model site's were 20–80); in big queues the newcomers, all at
// the start rate, fill whole tens of their own. So many small waves, each a fresh queue, summed; and one big one.
const NEWCOMER_CASES = [
  { size: 40, waves: 300 },
  { size: 100, waves: 200 },
  { size: 10_000, waves: 1 },
];
for (const { size, waves } of NEWCOMER_CASES) {
  const all = { before: [] as Match[], after: [] as Match[], q0: [] as Quality[], q1: [] as Quality[] };
  for (let w = 0; w < waves; w++) {
    const known = withNewcomers(syntheticQueue(size, 20260105 + size * 1000 + w, NOW), {
      share: NEWCOMER_SHARE,
      seed: size + 33 + w,
      startRate: INITIAL_RATE,
    });
    // Before: the engine does not know who is new (the same queue without the flag); the unevenness is counted after.
    const unknown = known.map(({ uncertain: _, ...e }) => e);
    const isNew = new Set(known.filter((e) => e.uncertain).map((e) => e.user_id));
    const recount = (m: Match): Match => {
      const count = (team: Match['team_a']) => team.players.filter((p) => isNew.has(p.user_id)).length;
      return { ...m, uncertain_unevenness: Math.abs(count(m.team_a) - count(m.team_b)) };
    };
    const before = waves === 1 ? timed(() => runWave(unknown, NOW)) : { value: runWave(unknown, NOW), ms: 0 };
    const after = waves === 1 ? timed(() => runWave(known, NOW)) : { value: runWave(known, NOW), ms: 0 };
    all.before.push(...before.value.matches.map(recount));
    all.after.push(...after.value.matches);
    all.q0.push(quality(unknown, before.value.matches, before.ms));
    all.q1.push(quality(known, after.value.matches, after.ms));
  }
  const q0 = quality([], all.before, 0);
  const q1 = quality([], all.after, 0);
  // Waits: over all the waves, the players left and the longest wait left.
  for (const [q, list] of [
    [q0, all.q0],
    [q1, all.q1],
  ] as const) {
    q.ms = list.reduce((s, x) => s + x.ms, 0) / list.length;
    q.leftWaiting = list.reduce((s, x) => s + x.leftWaiting, 0);
    q.longestLeft = Math.max(0, ...list.map((x) => x.longestLeft));
  }
  const s0 = stacking(all.before);
  const s1 = stacking(all.after);
  const label = waves === 1 ? `${size.toLocaleString('en-US')} players` : `${waves} waves of ${size} players`;
  console.log(
    `\n=== newcomers, ${label}: ${pct(NEWCOMER_SHARE)} new at ${INITIAL_RATE}, uncertainty unknown / known ===`,
  );
  const width = Math.max(...rows.map(([label]) => label.length), 28);
  console.log(`${''.padEnd(width)} | ${'unknown'.padStart(10)} | ${'known'.padStart(10)}`);
  console.log(`${'-'.repeat(width)}-+-${'-'.repeat(10)}-+-${'-'.repeat(10)}`);
  for (const [label, fmt] of rows)
    console.log(`${label.padEnd(width)} | ${fmt(q0).padStart(10)} | ${fmt(q1).padStart(10)}`);
  console.log(
    `${'% matches newcomers stacked'.padEnd(width)} | ${pct(s0.stacked).padStart(10)} | ${pct(s1.stacked).padStart(10)}`,
  );
  console.log(
    `${'mean |newcomers A − B|'.padEnd(width)} | ${s0.mean.toFixed(3).padStart(10)} | ${s1.mean.toFixed(3).padStart(10)}`,
  );
  check(
    s1.stacked < s0.stacked || s0.stacked === 0,
    `${label} with newcomers: stacked matches ${pct(s0.stacked)} → ${pct(s1.stacked)}`,
  );
  check(
    q1.gap7 >= GAP7_TARGET && q1.gap25 >= GAP25_TARGET,
    `${label} with newcomers: gaps within targets (≤ 7: ${pct(q1.gap7)}, ≤ 25: ${pct(q1.gap25)}; mean ${q0.meanGap.toFixed(2)} → ${q1.meanGap.toFixed(2)}, max ${q0.maxGap.toFixed(1)} → ${q1.maxGap.toFixed(1)})`,
  );
  check(
    q1.preferred >= q0.preferred - 1e-9 && q1.matched >= q0.matched && q1.longestLeft <= q0.longestLeft,
    `${label} with newcomers: roles and waits no worse (preferred ${pct(q0.preferred)} → ${pct(q1.preferred)}, matched ${q0.matched} → ${q1.matched}, longest left ${q0.longestLeft} → ${q1.longestLeft} s)`,
  );
}

console.log(`\n${verdicts.join('\n')}`);
console.log(failed ? '\nFAIL' : '\nPASS: all targets met');
if (failed) process.exitCode = 1;
