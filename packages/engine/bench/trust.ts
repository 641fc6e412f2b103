// Trust benchmark: `npm run bench:trust` (BENCH_SEEDS=n seeds, default 60; BENCH_TRUST='{"loneMaxRate":0.2}' to try
// other thresholds of DEFAULT_TRUST_CONFIG; BENCH_OPTIONS='{"disputeWrong":0}' to change the community's options). Plays seasons of a community whose honest players misclick at the model
// site's first day's rates (src/simulation/data/unitemate-day1.json) with liars, colluding pairs and leavers among them
// (src/simulation/trust-community.ts), settles every match by the real rule in the order its reports arrive, tallies
// violations, judges each closed match with the trust rules as the server's scan does and adds the players' disputes
// (src/simulation/trust-season.ts). Prints what the moderation queue receives and how well the automatic flags find
// the cheats, mean ± sd over seeds, with the issue's targets. A player-season is one player's matches in one
// simulated season (3,000 matches of 300 players over 28 days: about 100 matches each, from a handful to 400).
import day1 from '../src/simulation/data/unitemate-day1.json' with { type: 'json' };
import type { DayRates } from '../src/simulation/trust-community.ts';
import {
  simulateTrustSeason,
  TRUST_CASE_KINDS,
  type TrustSeason,
  type TrustSeasonOptions,
} from '../src/simulation/trust-season.ts';
import type { TrustConfig } from '../src/trust/config.ts';
import { DEFAULT_TRUST_CONFIG } from '../src/trust/config.ts';
import { printReadyCheck } from './ready.ts';

const SEEDS = Number(process.env.BENCH_SEEDS ?? 60);
const TRUST: Partial<TrustConfig> = JSON.parse(process.env.BENCH_TRUST ?? '{}');

const RATES: DayRates = {
  wrongWinner: day1.perReport.pWrongWinnerInDecidedMatch,
  voidClaim: day1.perReport.pVoidClaimInDecidedMatch,
  winnerClaimInVoid: day1.perReport.pWinnerClaimInVoidMatch,
  delayHistogram5Min: day1.timing.reportDelayHistogram5Min,
  voidShare: day1.settlement.ourInvalid / day1.matches.settled,
};

/** The real day's figures the simulated community should reproduce (docs/trust-data.md). */
const REAL = {
  settledEarly: day1.settlement.settledEarly / day1.matches.settled,
  disagreeing: day1.disagreement.share,
  bySingleVoter: day1.disagreement.bySingleVoter / day1.disagreement.matches,
  voidByRule: RATES.voidShare,
  crossingPenalty: day1.violations.matchesCrossingPenaltyThreshold / day1.matches.settled,
  reportersPerMatch: day1.perReport.reports / day1.matches.settled,
  naming: day1.perReport.pNamesViolator,
};

interface Scenario {
  name: string;
  options: Omit<TrustSeasonOptions, 'seed'>;
}

const BASE: Omit<TrustSeasonOptions, 'seed'> = {
  players: 300,
  matches: 3000,
  days: 28,
  rates: RATES,
  // The day had 3 of 527 reporters alone against everyone 4+ times (the rest at most twice): about 1 % liars.
  liarShare: 0.01,
  liarVoidShare: RATES.voidClaim / (RATES.wrongWinner + RATES.voidClaim),
  pairs: 1,
  pairMatches: 20,
  leaverShare: 0.05,
  // 98 % of the real day's seats reported (their judge waited for 7 reports; see docs/trust-data.md).
  reportRate: [0.95, 1],
  misclickScale: 1,
  misclickCorrected: 0.3,
  misclickSpread: 0.5,
  disputeWrong: 0.5,
  disputeLiar: 0.2,
  trust: TRUST,
  ...JSON.parse(process.env.BENCH_OPTIONS ?? '{}'),
};

const SCENARIOS: Scenario[] = [
  { name: 'the real day (1 % liars, 1 colluding pair, 5 % leavers)', options: BASE },
  {
    name: 'more cheats (3 % liars, 4 pairs, 8 % leavers)',
    options: { ...BASE, liarShare: 0.03, pairs: 4, leaverShare: 0.08 },
  },
  // rankmatch settles on 2 reports: players may stop reporting once they see the result.
  { name: 'sparse reports (each player reports 50–80 % of matches)', options: { ...BASE, reportRate: [0.5, 0.8] } },
];

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pm = (xs: readonly number[], digits = 2) => `${mean(xs).toFixed(digits)} ± ${sd(xs).toFixed(digits)}`;

/** The median of values where null (never) counts as larger than any; null when half or more are never. */
function medianOrNever(values: readonly (number | null)[]): number | null {
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = (sorted.length - 1) / 2;
  const m = ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
  return Number.isFinite(m) ? m : null;
}

function precision(seasons: readonly TrustSeason[], kind: string): { correct: number; all: number } {
  const flags = seasons.flatMap((s) => s.flags.filter((f) => f.kind === kind));
  return { correct: flags.filter((f) => f.correct).length, all: flags.length };
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(3));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function main(): void {
  console.log(
    `Trust benchmark: ${SEEDS} seeds per scenario; thresholds ${JSON.stringify({ ...DEFAULT_TRUST_CONFIG, ...TRUST })}`,
  );
  const started = Date.now();
  const results = SCENARIOS.map((scenario) => {
    const seasons = Array.from({ length: SEEDS }, (_, k) =>
      simulateTrustSeason({ ...scenario.options, seed: 1000 + k }),
    );
    return { scenario, seasons };
  });
  for (const [i, { scenario, seasons }] of results.entries()) report(scenario, seasons, i === 0);
  printReadyCheck(Math.min(SEEDS, 20));
  console.log(`\n${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The issue's case budget is set at the real day's rates: the first scenario's. */
function report(scenario: Scenario, seasons: readonly TrustSeason[], realDay: boolean): void {
  console.log(`\n== ${scenario.name}: ${seasons.length} seasons of ${scenario.options.matches} matches ==`);
  printCalibration(seasons);
  printCases(seasons, realDay);
  printFlags(seasons);
}

function printCalibration(seasons: readonly TrustSeason[]): void {
  const share = (f: (s: TrustSeason) => number) => seasons.map((s) => f(s) / s.matches);
  const c = (s: TrustSeason) => s.calibration;
  const rows: [string, number[], number][] = [
    ['settled early', share((s) => c(s).settledEarly), REAL.settledEarly],
    ['votes disagree', share((s) => c(s).disagreeing), REAL.disagreeing],
    ['… by a single voter (of those)', seasons.map((s) => c(s).bySingleVoter / c(s).disagreeing), REAL.bySingleVoter],
    ['void by the rule', share((s) => c(s).voidByRule), REAL.voidByRule],
    ['cross the penalty threshold', share((s) => c(s).crossingPenalty), REAL.crossingPenalty],
    ['reporters per match', share((s) => c(s).reports), REAL.reportersPerMatch],
    ['reports naming a violator', seasons.map((s) => c(s).namingReports / c(s).reports), REAL.naming],
  ];
  console.log('calibration            simulated        real day');
  for (const [name, xs, real] of rows) console.log(`  ${name.padEnd(32)} ${pm(xs, 3).padEnd(16)} ${real.toFixed(3)}`);
}

function printCases(seasons: readonly TrustSeason[], realDay: boolean): void {
  const per100 = (f: (s: TrustSeason) => number) => seasons.map((s) => (100 * f(s)) / s.matches);
  const total = per100((s) => TRUST_CASE_KINDS.reduce((sum, k) => sum + s.cases[k], 0));
  const wrong = seasons.reduce((a, s) => a + s.wrong, 0);
  const caught = seasons.reduce((a, s) => a + s.wrongInCases, 0);
  console.log(
    `matches settled wrongly per 100: ${pm(
      per100((s) => s.wrong),
      3,
    )}; voided: ${pm(per100((s) => s.voided))} %`,
  );
  console.log('cases opened per 100 matches:');
  for (const kind of TRUST_CASE_KINDS) console.log(`  ${kind.padEnd(14)} ${pm(per100((s) => s.cases[kind]))}`);
  const worst = Math.max(...total);
  console.log(
    `  ${'total'.padEnd(14)} ${pm(total)} (worst seed ${worst.toFixed(2)})${realDay ? `   target ≤ 5: ${verdict(mean(total) <= 5)}` : ''}`,
  );
  console.log(`wrongly settled matches with a case: ${caught} of ${wrong}   target all: ${verdict(caught === wrong)}`);
}

function printFlags(seasons: readonly TrustSeason[]): void {
  const lone = precision(seasons, 'lone_dissent');
  const pair = precision(seasons, 'collusion');
  const viol = precision(seasons, 'violations');
  const liars = seasons.flatMap((s) => s.liars);
  const pairs = seasons.flatMap((s) => s.pairs);
  const leavers = seasons.flatMap((s) => s.leavers);
  const liarMedian = medianOrNever(liars.map((l) => l.flaggedAfter));
  const pairMedian = medianOrNever(pairs.map((p) => p.flaggedAfter));
  const flaggedLiars = liars.filter((l) => l.flaggedAfter !== null).length;
  const flaggedPairs = pairs.filter((p) => p.flaggedAfter !== null).length;
  const honest = seasons.reduce((a, s) => a + s.honestPlayers, 0);
  const honestFlagged = seasons.reduce((a, s) => a + s.honestFlagged, 0);
  const perThousand = (1000 * honestFlagged) / honest;
  const text = (m: number | null) => (m === null ? 'never (median)' : String(m));
  console.log('automatic flags        precision           recall');
  console.log(
    `  lone dissent (liars)  ${ratio(lone.correct, lone.all)} (${lone.correct}/${lone.all})`.padEnd(44) +
      `${ratio(flaggedLiars, liars.length)} (${flaggedLiars}/${liars.length} liars)`,
  );
  console.log(
    `  collusion (pairs)     ${ratio(pair.correct, pair.all)} (${pair.correct}/${pair.all})`.padEnd(44) +
      `${ratio(flaggedPairs, pairs.length)} (${flaggedPairs}/${pairs.length} pairs)`,
  );
  console.log(
    `  violations            ${ratio(viol.correct, viol.all)} (${viol.correct}/${viol.all})`.padEnd(44) +
      `${ratio(leavers.filter(Boolean).length, leavers.length)} (${leavers.filter(Boolean).length}/${leavers.length} leavers)`,
  );
  const liarOk = liarMedian !== null && liarMedian <= 20 && lone.all > 0 && lone.correct / lone.all >= 0.9;
  console.log(
    `a liar's matches until flagged, median: ${text(liarMedian)} (their matches in the season, median ${medianOrNever(liars.map((l) => l.matches))})   target ≤ 20 with precision ≥ 0.9: ${verdict(liarOk)}`,
  );
  const pairOk = pairMedian !== null && pairMedian <= 10;
  console.log(`a pair's colluded matches until flagged, median: ${text(pairMedian)}   target ≤ 10: ${verdict(pairOk)}`);
  console.log(
    `honest players wrongly flagged: ${honestFlagged} in ${honest} player-seasons = ${perThousand.toFixed(2)} per 1,000   target ≤ 1: ${verdict(perThousand <= 1)}`,
  );
}

main();
