// Queue-alert benchmark: `npm run bench:waits` (BENCH_SEEDS=n seeds, default 8; BENCH_WEEKS=n, default 4).
// A model, not a measurement of people: the engine's simulated community (the demo's start rates, skill = start ± 110)
// plays seasons with and without the queue alert (issue 24), same seeds, and the table says what the players would
// wait and how often the quiet hours make a match. Whom to alert is the engine's rule (nearAlertTargets, the one the
// server's job calls); who opts in, with which choices, whether they come and when, are the model's guesses (printed
// at the top), so the sensitivity rows vary them. Mean ± sd over seeds.
import { performance } from 'node:perf_hooks';
import { NEAR_ALERT_MIN_PLAYERS, ROLES, type Role } from '@rankmatch/shared';
import { DEFAULT_MATCHING_HOURS } from '../src/hours/config.ts';
import { nextWaveUnix } from '../src/hours/schedule.ts';
import { DEFAULT_MATCHMAKING_CONFIG, windowHalfWidth } from '../src/matchmaking/config.ts';
import { DEFAULT_ALERT_DELAY, DEFAULT_ALERT_SESSION, type SimAlertModel } from '../src/simulation/alerts.ts';
import { seasonMeta } from '../src/simulation/meta.ts';
import { type SimAccount, simulatePopulation } from '../src/simulation/population.ts';
import { stream } from '../src/simulation/random.ts';
import { type SeasonSimulation, simulateSeason } from '../src/simulation/season.ts';

const DAY = 86_400;
const HOUR = 3600;
const OFFSET = DEFAULT_MATCHING_HOURS.utcOffsetMinutes * 60;
/** Monday 2026-10-26 00:00 in Japan. */
const START = Date.UTC(2026, 9, 25, 15) / 1000;
const WEEKS = Number(process.env.BENCH_WEEKS ?? 4);
const SEEDS = Number(process.env.BENCH_SEEDS ?? 8);
const SKILL_SPREAD = 110;

const BASE: SimAlertModel = { opt_in_share: 0.3, response: 0.35 };
/** Players who change the defaults: N anywhere in 3–9, hours 19–24, 14–24 or 22–2. */
const MIXED: SimAlertModel = {
  ...BASE,
  min_players: Array.from(
    { length: NEAR_ALERT_MIN_PLAYERS.max - NEAR_ALERT_MIN_PLAYERS.min + 1 },
    (_, i) => NEAR_ALERT_MIN_PLAYERS.min + i,
  ),
  hours: [
    { from_hour: 19, to_hour: 24 },
    { from_hour: 14, to_hour: 24 },
    { from_hour: 22, to_hour: 2 },
  ],
};

interface Config {
  name: string;
  size: number;
  alerts: SimAlertModel | null;
}

const CONFIGS: Config[] = [
  { name: '60 players, no alerts', size: 60, alerts: null },
  { name: '60 players, alerts', size: 60, alerts: BASE },
  { name: '120 players, no alerts', size: 120, alerts: null },
  { name: '120 players, alerts', size: 120, alerts: BASE },
  { name: '60, alerts, response 0.2', size: 60, alerts: { ...BASE, response: 0.2 } },
  { name: '60, alerts, response 0.5', size: 60, alerts: { ...BASE, response: 0.5 } },
  { name: '60, alerts, opt-in 15 %', size: 60, alerts: { ...BASE, opt_in_share: 0.15 } },
  { name: '60, alerts, opt-in 60 %', size: 60, alerts: { ...BASE, opt_in_share: 0.6 } },
  { name: '60, alerts, mixed N and hours', size: 60, alerts: MIXED },
];

/** The demo's start rates (as in bench/rating.ts): 30 test accounts 1200–1780 and 30 community players at 1500. */
const demoStart = (i: number) => (i % 60 < 30 ? 1200 + (((i % 60) * 7) % 30) * 20 : 1500);

function community(size: number, seed: number): SimAccount[] {
  const random = stream(seed, `bench:waits:${size}`);
  return Array.from({ length: size }, (_, i) => ({
    user_id: `p${String(i + 1).padStart(3, '0')}`,
    role: ROLES[i % ROLES.length] as Role,
    start_rate: demoStart(i),
    skill: demoStart(i) + random.normal(0, SKILL_SPREAD),
  }));
}

/** Local hour (0–23) and weekday (0 = Sunday) of a unix time in Japan. */
function local(unix: number): { hour: number; weekday: number } {
  const t = unix + OFFSET;
  const day = Math.floor(t / DAY);
  return { hour: Math.floor((t - day * DAY) / HOUR), weekday: (((day + 4) % 7) + 7) % 7 };
}

const evening = (unix: number) => local(unix).hour >= 19;
/** Quiet hours: weekdays 14:00–19:00, and every night after midnight (00:00–04:00). */
function quiet(unix: number): boolean {
  const { hour, weekday } = local(unix);
  return hour < 4 || (weekday >= 1 && weekday <= 5 && hour >= 14 && hour < 19);
}

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number);
};

interface RunFigures {
  p50: number;
  p95: number;
  eveningP50: number;
  eveningP95: number;
  /** Evening p95 of the players who did not join from an alert. */
  othersEveningP95: number;
  quietP50: number;
  quietShare: number;
  matchesPerDay: number;
  alertsPerDay: number;
  answeredPerDay: number;
  joinedPerDay: number;
}

/** Every wave turn in [start, stop). */
function waveTurns(start: number, stop: number): number[] {
  const turns: number[] = [];
  for (let t = nextWaveUnix(start - 1); t < stop; t = nextWaveUnix(t)) turns.push(t);
  return turns;
}

function figures(sim: SeasonSimulation, turns: readonly number[], days: number): RunFigures {
  const alerts = sim.alerts ?? [];
  const fromAlert = new Set(alerts.filter((a) => a.joined_at !== null).map((a) => `${a.user_id}:${a.joined_at}`));
  const waits = sim.matches.flatMap((m) =>
    m.players.map((p) => ({
      at: m.matched_at,
      minutes: p.wait_seconds / 60,
      alerted: fromAlert.has(`${p.user_id}:${m.matched_at - p.wait_seconds}`),
    })),
  );
  const minutes = (pick: (w: (typeof waits)[number]) => boolean) => waits.filter(pick).map((w) => w.minutes);
  const inEvening = minutes((w) => evening(w.at));
  const matchedAt = new Set(sim.waves.filter((w) => w.metrics.matches > 0).map((w) => w.ran_at));
  const quietTurns = turns.filter(quiet);
  return {
    p50: quantile(
      minutes(() => true),
      0.5,
    ),
    p95: quantile(
      minutes(() => true),
      0.95,
    ),
    eveningP50: quantile(inEvening, 0.5),
    eveningP95: quantile(inEvening, 0.95),
    othersEveningP95: quantile(
      minutes((w) => evening(w.at) && !w.alerted),
      0.95,
    ),
    quietP50: quantile(
      minutes((w) => quiet(w.at)),
      0.5,
    ),
    quietShare: quietTurns.filter((t) => matchedAt.has(t)).length / quietTurns.length,
    matchesPerDay: sim.matches.length / days,
    alertsPerDay: alerts.length / days,
    answeredPerDay: alerts.filter((a) => a.answered).length / days,
    joinedPerDay: alerts.filter((a) => a.joined_at !== null).length / days,
  };
}

function play(config: Config, seed: number, turns: readonly number[]): RunFigures {
  const days = WEEKS * 7;
  const meta = seasonMeta(seed, 'waits');
  const players = simulatePopulation({ seed, accounts: community(config.size, seed), meta });
  const sim = simulateSeason({
    seed,
    season_id: 'waits',
    start: START,
    stop_waves: START + days * DAY,
    players,
    meta,
    ...(config.alerts ? { alerts: config.alerts } : {}),
  });
  return figures(sim, turns, days);
}

function stat(xs: readonly number[]): { mean: number; sd: number } {
  const ok = xs.filter((x) => Number.isFinite(x));
  const mean = ok.reduce((s, x) => s + x, 0) / ok.length;
  const sd = Math.sqrt(ok.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, ok.length - 1));
  return { mean, sd };
}

const COLUMNS: { label: string; pick: (r: RunFigures) => number; digits: number; scale?: number }[] = [
  { label: 'wait p50', pick: (r) => r.p50, digits: 1 },
  { label: 'wait p95', pick: (r) => r.p95, digits: 1 },
  { label: 'evening p50', pick: (r) => r.eveningP50, digits: 1 },
  { label: 'evening p95', pick: (r) => r.eveningP95, digits: 1 },
  { label: 'others ev. p95', pick: (r) => r.othersEveningP95, digits: 1 },
  { label: 'quiet p50', pick: (r) => r.quietP50, digits: 1 },
  { label: 'quiet waves %', pick: (r) => r.quietShare, digits: 1, scale: 100 },
  { label: 'matches/day', pick: (r) => r.matchesPerDay, digits: 1 },
  { label: 'alerts/day', pick: (r) => r.alertsPerDay, digits: 1 },
  { label: 'answered/day', pick: (r) => r.answeredPerDay, digits: 1 },
  { label: 'joined/day', pick: (r) => r.joinedPerDay, digits: 1 },
];

const cell = (runs: readonly RunFigures[], column: (typeof COLUMNS)[number]) => {
  const s = stat(runs.map((r) => column.pick(r) * (column.scale ?? 1)));
  return Number.isFinite(s.mean) ? `${s.mean.toFixed(column.digits)} ± ${s.sd.toFixed(column.digits)}` : '—';
};

function assumptions(): void {
  const delay = DEFAULT_ALERT_DELAY;
  const session = DEFAULT_ALERT_SESSION;
  console.log(`queue-alert benchmark: a model (${SEEDS} seeds, ${WEEKS}-week seasons from Monday 00:00 JST)`);
  for (const line of [
    `community: the engine's simulated players, the demo's start rates, skill = start ± ${SKILL_SPREAD}; sessions`,
    '  from their habits (peak hour about 21:00, 40–90 % of days, 0.6–4.8 h), waves every 2 minutes in matching hours',
    `alert rule: the engine's nearAlertTargets after each wave: ≥ N queued within ±${windowHalfWidth(0, DEFAULT_MATCHMAKING_CONFIG)} of the player's MMR, the player`,
    '  neither queued nor playing and allowed to queue, inside their hours, once per matching day (ends 04:00)',
    `opt-in: ${BASE.opt_in_share * 100} % of players (drawn per player), N ${NEAR_ALERT_MIN_PLAYERS.default}, hours 19–24 (the site's defaults)`,
    `answer: ${BASE.response * 100} % come, ${delay.min}–${delay.max} min after the alert, and stay ${session.min}–${session.max} min like any`,
    '  session (queue, play, queue again); their own session starting meanwhile extends it',
    'not modelled: alerts that annoy (opting out), Discord DMs read late, friends brought along, a changed habit',
    'waits in minutes, of matched players (join → match); evening = 19:00–24:00; quiet = weekdays 14:00–19:00 and',
    '  00:00–04:00; quiet waves % = wave turns in quiet hours that made a match; others = not joined from an alert',
  ]) {
    console.log(`  ${line}`);
  }
}

/** Each alert configuration against the same community without alerts, seed by seed (the same seeds). */
function paired(results: ReadonlyMap<Config, RunFigures[]>): void {
  const deltas: { label: string; pick: (r: RunFigures) => number }[] = [
    { label: 'wait p95', pick: (r) => r.p95 },
    { label: 'evening p50', pick: (r) => r.eveningP50 },
    { label: 'evening p95', pick: (r) => r.eveningP95 },
    { label: 'matches/day', pick: (r) => r.matchesPerDay },
  ];
  console.log(`\nchange against no alerts, same seeds (mean ± sd of the per-seed difference)`);
  console.log(`${'configuration'.padEnd(32)}${deltas.map((d) => d.label.padEnd(15)).join('')}`);
  for (const [config, runs] of results) {
    const base = [...results].find(([c]) => c.alerts === null && c.size === config.size)?.[1];
    if (config.alerts === null || !base) continue;
    const cells = deltas.map((d) => {
      const s = stat(runs.map((r, i) => d.pick(r) - d.pick(base[i] as RunFigures)));
      return `${s.mean >= 0 ? '+' : ''}${s.mean.toFixed(1)} ± ${s.sd.toFixed(1)}`.padEnd(15);
    });
    console.log(`${config.name.padEnd(32)}${cells.join('')}`);
  }
}

function main(): void {
  const started = performance.now();
  assumptions();
  const turns = waveTurns(START, START + WEEKS * 7 * DAY);
  const width = 15;
  console.log(`\n${'configuration'.padEnd(32)}${COLUMNS.map((c) => c.label.padEnd(width)).join('')}`);
  const results = new Map<Config, RunFigures[]>();
  for (const config of CONFIGS) {
    const runs: RunFigures[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) runs.push(play(config, seed, turns));
    results.set(config, runs);
    console.log(`${config.name.padEnd(32)}${COLUMNS.map((c) => cell(runs, c).padEnd(width)).join('')}`);
  }
  paired(results);
  console.log(`\n(${Math.round((performance.now() - started) / 1000)} s)`);
}

main();
