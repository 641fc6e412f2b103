// Rating benchmark: `npm run bench:rating` (BENCH_SEEDS=n for fewer seeds, BENCH_ONLY=text to run the populations
// whose name contains it). Real results: `npm run bench:rating -- --data <file.jsonl> [--data …]` replays those records
// only (bench/rating-real.ts); without --data the simulation runs, then every committed record in packages/engine/data
// (BENCH_REAL=only skips the simulation).
// Each population plays a four-week season in the engine's simulation twice with the same seed: once under today's
// rule (Elo against the opposing team's average, K 40, 10–50, matchmaking on it) and once under the new one (the MMR,
// which matchmaking uses, and the displayed rate that follows it). The simulation knows every player's hidden skill;
// the table says how well each rating ranks the players by it (Spearman) after their 10th, 20th and 40th match and at
// the season's end (players with 10+ matches), how well it predicts matches whose teams were split at random (log-loss
// and Brier; the prediction is tested, not the balance), the offline bound (strengths fitted on the whole season at
// once, start rate as prior: no online rating can beat it) and the start-rate-only baseline, and what the players
// get from the matchmaking: the wait (p50/p95) and the gap between the teams' mean hidden skill. Mean ± sd over seeds.
// The start-rate baseline is the ranking a site that keeps everyone's start rate would show: by start rate, players
// with the same start rate in no particular order, i.e. the expected Spearman with those ties broken at random (0 when
// everyone starts at 1500). Spearman with the ties left in (each tied player at the group's mean rank) is printed too:
// it credits the start rates with a ranking that never commits among equals, which no rating that orders the players
// can have (where half the players start at 1500 and their skills differ by little, the season's results cannot make up
// for it: the offline bound stays below it whatever its prior's strength).
import { ROLES, type Role } from '@rankmatch/shared';
import { resolveRatingConfig } from '../src/rating/config.ts';
import { expectedScore } from '../src/rating/elo.ts';
import { mmrWinProbability } from '../src/rating/mmr.ts';
import type { MmrState } from '../src/rating/types.ts';
import { spearman, spearmanTiesAtRandom } from '../src/simulation/accuracy.ts';
import { seasonMeta } from '../src/simulation/meta.ts';
import { type SimAccount, type SimPlayer, simulatePopulation } from '../src/simulation/population.ts';
import { stream } from '../src/simulation/random.ts';
import { type SeasonSimulation, type SimMatch, type SimRules, simulateSeason } from '../src/simulation/season.ts';
import { fitStrengths } from './rating-bound.ts';
import { dataArguments, defaultRecords, reportRecord } from './rating-real.ts';
import { refitSection } from './rating-refit.ts';

const DAY = 86_400;
/** Monday 2026-10-26 00:00 in Japan. */
const START = Date.UTC(2026, 9, 25, 15) / 1000;
const WEEKS = 4;
const SEEDS = Number(process.env.BENCH_SEEDS ?? 8);
/** Rules of the new run other than the defaults, as JSON (for tuning): {"rating": {…}, "matchmaking": {…}}. */
const RULES: SimRules = JSON.parse(process.env.BENCH_RULES ?? '{}');
const RATING = resolveRatingConfig(RULES.rating);
const CHECKPOINTS = [10, 20, 40] as const;
/** Players with at least this many rated matches count at the season's end. */
const MIN_MATCHES = 10;
/** How far a returning player's start rate lies from their skill (one sd), as after a season carried over. */
const RETURNING_SD = 80;
/**
 * A returning player's carried σ: what the season change widens to RETURNING_SD (√(σ² + 40²) = 80), since their
 * carried rate is that good.
 */
const CARRIED_SIGMA = Math.sqrt(RETURNING_SD ** 2 - RATING.mmr.seasonSigma ** 2);

type Kind = 'newcomers' | 'returning' | 'demo' | 'reset';

interface Population {
  kind: Kind;
  spread: number;
  size: number;
}

const KIND_TEXT: Record<Kind, string> = {
  newcomers: 'newcomers (all start at 1500)',
  returning: 'returning (start rate = skill ± 80)',
  demo: 'demo start rates (half 1200–1780, half 1500; skill = start ± spread)',
  reset: 'returning, displayed rate reset to 1500 (MMR carried = skill ± 80)',
};

const POPULATIONS: Population[] = [
  ...[60, 300].flatMap((size) =>
    (['newcomers', 'returning', 'demo'] as const).flatMap((kind) =>
      [60, 110, 200].map((spread) => ({ kind, spread, size })),
    ),
  ),
  { kind: 'reset', spread: 110, size: 60 },
];

const nameOf = (p: Population) => `${p.kind}, skill spread ${p.spread}, ${p.size} players`;

interface Built {
  accounts: SimAccount[];
  /** The rate each player's belief started from (the start rate; the carried MMR for "reset"). */
  prior: Map<string, number>;
  priorSd: number;
  carried?: Map<string, MmrState>;
}

/** The demo's start rates: the 30 test accounts (1200–1780) and 30 community players at 1500, repeated. */
const demoStart = (i: number) => (i % 60 < 30 ? 1200 + (((i % 60) * 7) % 30) * 20 : 1500);

function build(pop: Population, seed: number): Built {
  const random = stream(seed, `bench:${pop.kind}:${pop.spread}:${pop.size}`);
  const accounts: SimAccount[] = [];
  const prior = new Map<string, number>();
  const carried = new Map<string, MmrState>();
  for (let i = 0; i < pop.size; i++) {
    const user_id = `p${String(i + 1).padStart(3, '0')}`;
    const role = ROLES[i % ROLES.length] as Role;
    if (pop.kind === 'demo') {
      const start = demoStart(i);
      accounts.push({ user_id, role, start_rate: start, skill: start + random.normal(0, pop.spread) });
      prior.set(user_id, start);
      continue;
    }
    const skill = 1500 + random.normal(0, pop.spread);
    const known = pop.kind === 'newcomers' ? 1500 : Math.round(skill + random.normal(0, RETURNING_SD));
    accounts.push({ user_id, role, start_rate: pop.kind === 'reset' ? 1500 : known, skill });
    prior.set(user_id, known);
    if (pop.kind !== 'newcomers') carried.set(user_id, { mu: known, sigma: CARRIED_SIGMA, season_id: 'previous' });
  }
  const priorSd = pop.kind === 'newcomers' || pop.kind === 'demo' ? pop.spread : RETURNING_SD;
  return { accounts, prior, priorSd, ...(carried.size > 0 ? { carried } : {}) };
}

/** The figures of one rating in one run. */
interface Figures {
  after: Record<(typeof CHECKPOINTS)[number], number>;
  end: number;
  logLoss: number;
  brier: number;
}

interface RunFigures {
  ratings: Record<string, Figures>;
  bound: number;
  /** The start rates' ranking, ties in random order (expected Spearman). */
  baseline: number;
  /** The same with the ties left in (tied players at their mean rank). */
  baselineTied: number;
  truthLogLoss: number;
  truthBrier: number;
  baselineLogLoss: number;
  baselineBrier: number;
  waitP50: number;
  waitP95: number;
  gapMean: number;
  gapP95: number;
}

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number);
};

/** The order in which the ratings saw the matches: settlement time, then id. */
const settledOrder = (sim: SeasonSimulation) =>
  sim.matches.filter((m) => m.winner !== null).sort((a, b) => a.settled_at - b.settled_at || a.id - b.id);

function analyse(sim: SeasonSimulation, players: readonly SimPlayer[], built: Built, seed: number, legacy: boolean) {
  const skill = new Map(players.map((p) => [p.user_id, p.skill]));
  const rated = settledOrder(sim);
  type Rating = {
    name: string;
    before: (m: SimMatch, id: string) => number;
    after: (m: SimMatch, id: string) => number;
  };
  const playerOf = (m: SimMatch, id: string) => m.players.find((p) => p.user_id === id) as SimMatch['players'][number];
  const ratings: Rating[] = legacy
    ? [{ name: 'elo', before: (m, id) => playerOf(m, id).rate_before, after: (m, id) => playerOf(m, id).rate_after }]
    : [
        {
          name: 'displayed',
          before: (m, id) => playerOf(m, id).rate_before,
          after: (m, id) => playerOf(m, id).rate_after,
        },
        {
          name: 'mmr',
          before: (m, id) => playerOf(m, id).mmr_before.mu,
          after: (m, id) => playerOf(m, id).mmr_after.mu,
        },
      ];

  // Each player's ratings after their k-th rated match, and at the end.
  const count = new Map<string, number>();
  const snapshots = new Map<string, Map<number, SimMatch>>();
  const last = new Map<string, SimMatch>();
  for (const m of rated) {
    for (const p of m.players) {
      const n = (count.get(p.user_id) ?? 0) + 1;
      count.set(p.user_id, n);
      last.set(p.user_id, m);
      if ((CHECKPOINTS as readonly number[]).includes(n)) {
        const byK = snapshots.get(p.user_id) ?? new Map<number, SimMatch>();
        byK.set(n, m);
        snapshots.set(p.user_id, byK);
      }
    }
  }
  const endIds = [...count].filter(([, n]) => n >= MIN_MATCHES).map(([id]) => id);
  const skills = (ids: readonly string[]) => ids.map((id) => skill.get(id) as number);

  // Predictions of matches split at random: the ten of every rated match, with the ratings they had before it, in
  // two random teams of five; the result is drawn from their hidden skills.
  const random = stream(seed, 'bench:shadow');
  const shadow: { p: Record<string, number>; truth: number; baseline: number; won: boolean }[] = [];
  for (const m of rated) {
    const ids = m.players.map((p) => p.user_id);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
    const a = ids.slice(0, 5);
    const b = ids.slice(5);
    const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const truth = expectedScore(
      mean(a.map((id) => skill.get(id) as number)),
      mean(b.map((id) => skill.get(id) as number)),
    );
    const p: Record<string, number> = {};
    for (const r of ratings) {
      p[r.name] =
        r.name === 'mmr'
          ? mmrWinProbability(
              a.map((id) => playerOf(m, id).mmr_before),
              b.map((id) => playerOf(m, id).mmr_before),
              RATING.mmr,
            )
          : expectedScore(mean(a.map((id) => r.before(m, id))), mean(b.map((id) => r.before(m, id))));
    }
    const baseline = expectedScore(
      mean(a.map((id) => built.prior.get(id) as number)),
      mean(b.map((id) => built.prior.get(id) as number)),
    );
    shadow.push({ p, truth, baseline, won: random.chance(truth) });
  }
  const logLoss = (ps: readonly { p: number; won: boolean }[]) =>
    ps.reduce((s, { p, won }) => s - Math.log(Math.min(1 - 1e-9, Math.max(1e-9, won ? p : 1 - p))), 0) / ps.length;
  const brier = (ps: readonly { p: number; won: boolean }[]) =>
    ps.reduce((s, { p, won }) => s + (p - (won ? 1 : 0)) ** 2, 0) / ps.length;

  const figures: Record<string, Figures> = {};
  for (const r of ratings) {
    const after = {} as Figures['after'];
    for (const k of CHECKPOINTS) {
      const ids = [...snapshots].filter(([, byK]) => byK.has(k)).map(([id]) => id);
      after[k] = spearman(
        ids.map((id) => r.after(snapshots.get(id)?.get(k) as SimMatch, id)),
        skills(ids),
      );
    }
    const predictions = shadow.map((s) => ({ p: s.p[r.name] as number, won: s.won }));
    figures[r.name] = {
      after,
      end: spearman(
        endIds.map((id) => r.after(last.get(id) as SimMatch, id)),
        skills(endIds),
      ),
      logLoss: logLoss(predictions),
      brier: brier(predictions),
    };
  }

  // The offline bound over the same players (every rated match's players are fitted; the ranking is read for endIds).
  const index = new Map(players.map((p, i) => [p.user_id, i]));
  const fitted = fitStrengths(
    players.map((p) => built.prior.get(p.user_id) as number),
    players.map(() => built.priorSd),
    rated.map((m) => ({
      teamA: m.players.filter((p) => p.team === 'A').map((p) => index.get(p.user_id) as number),
      teamB: m.players.filter((p) => p.team === 'B').map((p) => index.get(p.user_id) as number),
      aWon: m.winner === 'A',
    })),
  );
  const waits = sim.matches.flatMap((m) => m.players.map((p) => p.wait_seconds));
  const gaps = sim.matches.map((m) => {
    const mean = (team: 'A' | 'B') => {
      const xs = m.players.filter((p) => p.team === team).map((p) => skill.get(p.user_id) as number);
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    };
    return Math.abs(mean('A') - mean('B'));
  });
  const result: RunFigures = {
    ratings: figures,
    bound: spearman(
      endIds.map((id) => fitted[index.get(id) as number] as number),
      skills(endIds),
    ),
    baseline: spearmanTiesAtRandom(
      endIds.map((id) => built.prior.get(id) as number),
      skills(endIds),
    ),
    // Start rates that are all equal rank nobody: no information (0) rather than undefined.
    baselineTied:
      spearman(
        endIds.map((id) => built.prior.get(id) as number),
        skills(endIds),
      ) || 0,
    truthLogLoss: logLoss(shadow.map((s) => ({ p: s.truth, won: s.won }))),
    truthBrier: brier(shadow.map((s) => ({ p: s.truth, won: s.won }))),
    baselineLogLoss: logLoss(shadow.map((s) => ({ p: s.baseline, won: s.won }))),
    baselineBrier: brier(shadow.map((s) => ({ p: s.baseline, won: s.won }))),
    waitP50: quantile(waits, 0.5),
    waitP95: quantile(waits, 0.95),
    gapMean: gaps.reduce((s, g) => s + g, 0) / gaps.length,
    gapP95: quantile(gaps, 0.95),
  };
  return result;
}

function play(pop: Population, seed: number, legacy: boolean): RunFigures {
  const built = build(pop, seed);
  const meta = seasonMeta(seed, 'bench');
  const players = simulatePopulation({ seed, accounts: built.accounts, meta });
  const sim = simulateSeason({
    seed,
    season_id: 'bench',
    start: START,
    stop_waves: START + WEEKS * 7 * DAY,
    players,
    meta,
    ...(built.carried ? { mmr: built.carried } : {}),
    legacy_elo: legacy,
    ...(legacy ? {} : { rules: RULES }),
  });
  return analyse(sim, players, built, seed, legacy);
}

interface Stat {
  mean: number;
  sd: number;
}

function stat(xs: readonly number[]): Stat {
  const ok = xs.filter((x) => Number.isFinite(x));
  const mean = ok.reduce((s, x) => s + x, 0) / ok.length;
  const sd = Math.sqrt(ok.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, ok.length - 1));
  return { mean, sd };
}

const fmt = (s: Stat, digits = 2) =>
  Number.isFinite(s.mean) ? `${s.mean.toFixed(digits)} ± ${s.sd.toFixed(digits)}` : '—';
const pad = (text: string, width: number) => text.padEnd(width);

interface Verdict {
  name: string;
  pass: boolean;
  text: string;
}

function report(pop: Population, today: RunFigures[], next: RunFigures[]): Verdict[] {
  const col = (label: string) => pad(label, 15);
  console.log(`\n${nameOf(pop)} — ${KIND_TEXT[pop.kind]}, ${today.length} seeds`);
  console.log(
    `  ${pad('', 34)}${col('after 10')}${col('after 20')}${col('after 40')}${col('season end')}${col('log-loss')}${col('Brier')}`,
  );
  const row = (label: string, runs: RunFigures[], name: string) => {
    const f = (pick: (x: Figures) => number, digits = 2) =>
      col(fmt(stat(runs.map((r) => pick(r.ratings[name] as Figures))), digits));
    console.log(
      `  ${pad(label, 34)}${f((x) => x.after[10])}${f((x) => x.after[20])}${f((x) => x.after[40])}${f((x) => x.end)}${f((x) => x.logLoss, 3)}${f((x) => x.brier, 3)}`,
    );
  };
  row("today's Elo (K 40, team mean)", today, 'elo');
  row('displayed rate (new)', next, 'displayed');
  row('MMR (new)', next, 'mmr');
  const dash = col('—');
  console.log(
    `  ${pad('offline bound (new / today)', 34)}${dash}${dash}${dash}${col(`${stat(next.map((r) => r.bound)).mean.toFixed(2)} / ${stat(today.map((r) => r.bound)).mean.toFixed(2)}`)}`,
  );
  console.log(
    `  ${pad('start rate only', 34)}${dash}${dash}${dash}${col(fmt(stat(next.map((r) => r.baseline))))}${col(fmt(stat(next.map((r) => r.baselineLogLoss)), 3))}${col(fmt(stat(next.map((r) => r.baselineBrier)), 3))}`,
  );
  console.log(
    `  ${pad('start rate only, ties left in', 34)}${dash}${dash}${dash}${col(fmt(stat(next.map((r) => r.baselineTied))))}`,
  );
  console.log(
    `  ${pad('hidden skill (the truth)', 34)}${dash}${dash}${dash}${dash}${col(fmt(stat(next.map((r) => r.truthLogLoss)), 3))}${col(fmt(stat(next.map((r) => r.truthBrier)), 3))}`,
  );
  const waits = (runs: RunFigures[]) =>
    `wait p50 ${fmt(stat(runs.map((r) => r.waitP50)), 0)} s, p95 ${fmt(stat(runs.map((r) => r.waitP95)), 0)} s; skill gap mean ${fmt(stat(runs.map((r) => r.gapMean)), 1)}, p95 ${fmt(stat(runs.map((r) => r.gapP95)), 1)}`;
  console.log(`  today: ${waits(today)}`);
  console.log(`  new:   ${waits(next)}`);

  // Targets.
  const ratio = (runs: RunFigures[], name: string) =>
    stat(runs.map((r) => (r.ratings[name] as Figures).end)).mean / stat(runs.map((r) => r.bound)).mean;
  const verdicts: Verdict[] = [];
  const mmrRatio = ratio(next, 'mmr');
  verdicts.push({
    name: 'MMR ≥ 0.95 × bound',
    pass: mmrRatio >= 0.95,
    text: `${mmrRatio.toFixed(3)} × bound`,
  });
  const mmrEnd = stat(next.map((r) => (r.ratings.mmr as Figures).end)).mean;
  // Seeds where the MMR (and, for comparison, the offline bound) ends below a baseline.
  const below = (pick: (r: RunFigures) => number) =>
    `${next.filter((r) => (r.ratings.mmr as Figures).end < pick(r)).length} of ${next.length} seeds below, the bound ${next.filter((r) => r.bound < pick(r)).length}`;
  const tiedMean = stat(next.map((r) => r.baselineTied)).mean;
  verdicts.push({
    name: 'MMR never below the start-rate baseline',
    pass: mmrEnd >= stat(next.map((r) => r.baseline)).mean,
    text: `mean ${mmrEnd.toFixed(3)} vs ${stat(next.map((r) => r.baseline)).mean.toFixed(3)} (${below((r) => r.baseline)})${tiedMean > mmrEnd ? `; ties left in ${tiedMean.toFixed(3)} (${below((r) => r.baselineTied)}; the bound's mean ${stat(next.map((r) => r.bound)).mean.toFixed(3)})` : ''}`,
  });
  const shownRatio = ratio(next, 'displayed');
  if (pop.kind === 'newcomers' || pop.kind === 'returning') {
    verdicts.push({
      name: 'displayed ≥ 0.95 × bound',
      pass: shownRatio >= 0.95,
      text: `${shownRatio.toFixed(3)} × bound (today's Elo ${ratio(today, 'elo').toFixed(3)} × its bound)`,
    });
  }
  if (pop.kind === 'demo' && pop.spread === 110) {
    const end = stat(next.map((r) => (r.ratings.displayed as Figures).end)).mean;
    const at20 = stat(next.map((r) => (r.ratings.displayed as Figures).after[20])).mean;
    verdicts.push({ name: 'displayed ≥ 0.70 at season end', pass: end >= 0.7, text: end.toFixed(3) });
    verdicts.push({ name: 'displayed ≥ 0.65 after 20 matches', pass: at20 >= 0.65, text: at20.toFixed(3) });
  }
  const noWorse = (pick: (r: RunFigures) => number) => {
    const t = stat(today.map(pick));
    const n = stat(next.map(pick));
    return { pass: n.mean <= t.mean + t.sd, text: `${n.mean.toFixed(0)} vs ${t.mean.toFixed(0)} ± ${t.sd.toFixed(0)}` };
  };
  const p50 = noWorse((r) => r.waitP50);
  const p95 = noWorse((r) => r.waitP95);
  const gap = noWorse((r) => r.gapMean);
  verdicts.push({ name: 'wait p50 no worse', ...p50 });
  verdicts.push({ name: 'wait p95 no worse', ...p95 });
  verdicts.push({ name: 'skill gap no worse', ...gap });
  for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${pad(v.name, 40)} ${v.text}`);
  return verdicts.map((v) => ({ ...v, name: `${nameOf(pop)}: ${v.name}` }));
}

/** Replays real records; returns the failed targets. */
function real(files: readonly string[]): string[] {
  if (files.length === 0) {
    console.log('\nreal results: no record (packages/engine/data/*.jsonl or --data <file>)');
    return [];
  }
  console.log(`\nreal results, rules ${JSON.stringify(RATING)}`);
  return files.flatMap((file) => reportRecord(file, RATING));
}

function main(): void {
  let files: string[] | null;
  try {
    files = dataArguments(process.argv.slice(2));
    if (files) {
      const failures = real(files);
      console.log(
        `\n${failures.length === 0 ? 'PASS' : 'FAIL'}: real-results targets ${failures.length === 0 ? 'met' : 'not met'}`,
      );
      refitSection(files);
      return;
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
    return;
  }
  if (process.env.BENCH_REAL !== 'only') simulated();
  const failures = real(defaultRecords());
  console.log(
    `\n${failures.length === 0 ? 'PASS' : 'FAIL'}: real-results targets ${failures.length === 0 ? 'met' : 'not met'}`,
  );
  refitSection(defaultRecords());
}

function simulated(): void {
  const only = process.env.BENCH_ONLY;
  const populations = POPULATIONS.filter((p) => !only || nameOf(p).includes(only));
  console.log(
    `rating benchmark: ${populations.length} populations × ${SEEDS} seeds, ${WEEKS}-week seasons; rules of the new run ${JSON.stringify({ ...RULES, rating: RATING })}`,
  );
  const failures: Verdict[] = [];
  const started = performance.now();
  for (const pop of populations) {
    const today: RunFigures[] = [];
    const next: RunFigures[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      today.push(play(pop, seed, true));
      next.push(play(pop, seed, false));
    }
    failures.push(...report(pop, today, next).filter((v) => !v.pass));
  }
  console.log(
    `\n${failures.length === 0 ? 'PASS' : 'FAIL'}: every target ${failures.length === 0 ? 'met' : 'not met:'}`,
  );
  for (const f of failures) console.log(`  ${f.name} (${f.text})`);
  console.log(`(${Math.round((performance.now() - started) / 1000)} s)`);
}

main();
